import { loadPageConfig, type PageConfig } from '../../light/page-config';

/** The settings the Test Report Center reads from `/config.json`. */
const reportCenterSettings = { providerName: 'text', privacyPolicyUrl: 'httpUrl' } as const;

export type ReportCenterConfig = PageConfig<typeof reportCenterSettings>;

/** Fetches and checks `/config.json` from the page's own origin. */
export function loadReportCenterConfig(fetchImpl?: typeof fetch): Promise<ReportCenterConfig> {
  return loadPageConfig(reportCenterSettings, fetchImpl);
}
