import {
  errors as enErrors,
  product as enProduct,
  report as enReport,
  validation as enValidation,
} from '../../../../lambdas/shared/contract/messages/en.json';
import {
  errors as zhErrors,
  product as zhProduct,
  report as zhReport,
  validation as zhValidation,
} from '../../../../lambdas/shared/contract/messages/zh.json';
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

/**
 * The Test Report Center's strings, for the light pages' text machinery
 * (web/src/light/text.tsx): the shared catalogue's groups it shows (errors, validation,
 * report and product labels) and its groups of web/src/i18n/locales.
 */
export const reportCenterResources = {
  en: {
    errors: enErrors,
    validation: enValidation,
    report: enReport,
    product: enProduct,
    reportCenter: enReportCenter,
    language: enLanguage,
    toast: enToast,
  },
  zh: {
    errors: zhErrors,
    validation: zhValidation,
    report: zhReport,
    product: zhProduct,
    reportCenter: zhReportCenter,
    language: zhLanguage,
    toast: zhToast,
  },
} as const;

/** A key of the page's strings; anything else does not compile. */
export type ReportCenterKey = TextKey<typeof reportCenterResources>;

/** A message to show later, in whatever language is current then. */
export type TextRef = PageTextRef<ReportCenterKey>;

export const {
  translate,
  isTextKey: isReportCenterKey,
  useText,
} = createTexts(reportCenterResources);
