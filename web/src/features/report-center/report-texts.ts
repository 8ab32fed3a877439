/**
 * The catalogue's report and product labels and the page's labels of a report's signature and
 * credential (`reportProof`), added to the page's strings by the chunks that
 * show a report (the preview, verify mode), which import this module first; the page's first
 * load (the form) never shows them. See ./report-catalogue.js for how they stay out of it.
 */
import {
  enProduct,
  enReport,
  enReportProof,
  zhProduct,
  zhReport,
  zhReportProof,
} from './report-catalogue.js';
import { reportCenterResources } from './i18n';

Object.assign(reportCenterResources.en, {
  report: enReport,
  product: enProduct,
  reportProof: enReportProof,
});
Object.assign(reportCenterResources.zh, {
  report: zhReport,
  product: zhProduct,
  reportProof: zhReportProof,
});
