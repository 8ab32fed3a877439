import type * as En from '../../../../lambdas/shared/contract/messages/en.json';
import type * as Zh from '../../../../lambdas/shared/contract/messages/zh.json';

/** The groups ./report-catalogue.js reads from the catalogue files (the files' own types). */
export declare const enReport: typeof En.report;
export declare const enProduct: typeof En.product;
export declare const zhReport: typeof Zh.report;
export declare const zhProduct: typeof Zh.product;
