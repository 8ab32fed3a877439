/**
 * The catalogue's report and product labels, added to the page's strings by the chunks that
 * show a report (the preview, verify mode), which import this module first; the page's first
 * load (the form) never shows them. See ./report-catalogue.js for how they stay out of it.
 */
import { enProduct, enReport, zhProduct, zhReport } from './report-catalogue.js';
import { reportCenterResources } from './i18n';

Object.assign(reportCenterResources.en, { report: enReport, product: enProduct });
Object.assign(reportCenterResources.zh, { report: zhReport, product: zhProduct });
