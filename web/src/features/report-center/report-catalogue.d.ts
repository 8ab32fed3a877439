import type * as En from '../../../../lambdas/shared/contract/messages/en.json';
import type * as Zh from '../../../../lambdas/shared/contract/messages/zh.json';
import type * as WebEn from '../../i18n/locales/en.json';
import type * as WebZh from '../../i18n/locales/zh.json';

/** The groups ./report-catalogue.js reads from the catalogue files (the files' own types). */
export declare const enReport: typeof En.report;
export declare const enProduct: typeof En.product;
export declare const zhReport: typeof Zh.report;
export declare const zhProduct: typeof Zh.product;
export declare const enReportProof: typeof WebEn.reportProof;
export declare const zhReportProof: typeof WebZh.reportProof;
