// The catalogue's report and product labels and the web app's labels of a report's signature
// and credential, for ./report-texts.ts. The files are imported under a query of their own,
// which makes them modules other than the ones the page's first load reads its error messages
// and its own strings from, so these groups stay in the chunks that show a report.
// Plain JavaScript because TypeScript resolves no query: ./report-catalogue.d.ts gives the
// types, those of the same files.
export {
  product as enProduct,
  report as enReport,
} from '../../../../lambdas/shared/contract/messages/en.json?report-texts.json';
export {
  product as zhProduct,
  report as zhReport,
} from '../../../../lambdas/shared/contract/messages/zh.json?report-texts.json';
export { reportProof as enReportProof } from '../../i18n/locales/en.json?report-texts.json';
export { reportProof as zhReportProof } from '../../i18n/locales/zh.json?report-texts.json';
