import type * as EnCatalogue from '../../../../lambdas/shared/contract/messages/en.json';
import {
  errors as enErrors,
  validation as enValidation,
} from '../../../../lambdas/shared/contract/messages/en.json';
import type * as ZhCatalogue from '../../../../lambdas/shared/contract/messages/zh.json';
import {
  errors as zhErrors,
  validation as zhValidation,
} from '../../../../lambdas/shared/contract/messages/zh.json';
import type * as WebEn from '../../i18n/locales/en.json';
import type * as WebZh from '../../i18n/locales/zh.json';
import {
  language as enLanguage,
  reportCenter as enReportCenter,
  toast as enToast,
} from '../../i18n/locales/en.json';
import {
  language as zhLanguage,
  reportCenter as zhReportCenter,
  toast as zhToast,
} from '../../i18n/locales/zh.json';
import { createTexts, type TextKey, type TextRef as PageTextRef } from '../../light/text';

export { RichText } from '../../light/text';

/** The page's first load: what the form, its messages and the frame show. */
const firstLoad = {
  en: {
    errors: enErrors,
    validation: enValidation,
    reportCenter: enReportCenter,
    language: enLanguage,
    toast: enToast,
  },
  zh: {
    errors: zhErrors,
    validation: zhValidation,
    reportCenter: zhReportCenter,
    language: zhLanguage,
    toast: zhToast,
  },
};

/** The catalogue's groups only a report shows (its preview, its verification). */
type ReportGroups = 'report' | 'product';

/** The page's own groups only a report shows: its signature, credential and standing. */
type WebReportGroups = 'reportProof';

/**
 * The Test Report Center's strings, for the light pages' text machinery
 * (web/src/light/text.tsx): the shared catalogue's groups it shows (errors, validation,
 * report and product labels) and its groups of web/src/i18n/locales. The report and product
 * labels and the page's `reportProof` group (both languages, a few kB) come with the chunks that show a report
 * ([report-texts.ts](./report-texts.ts)), not with the page's first load: the form never
 * shows them. Keys are typed with every group.
 */
export const reportCenterResources = firstLoad as {
  en: typeof firstLoad.en &
    Pick<typeof EnCatalogue, ReportGroups> &
    Pick<typeof WebEn, WebReportGroups>;
  zh: typeof firstLoad.zh &
    Pick<typeof ZhCatalogue, ReportGroups> &
    Pick<typeof WebZh, WebReportGroups>;
};

/** A key of the page's strings; anything else does not compile. */
export type ReportCenterKey = TextKey<typeof reportCenterResources>;

/** A message to show later, in whatever language is current then. */
export type TextRef = PageTextRef<ReportCenterKey>;

export const {
  translate,
  isTextKey: isReportCenterKey,
  useText,
} = createTexts(reportCenterResources);
