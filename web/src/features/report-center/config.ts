/** What the Test Report Center reads from `/config.json`. */
export interface ReportCenterConfig {
  providerName: string;
  privacyPolicyUrl: string;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Checks the two settings this page needs. By hand rather than with the back office's
 * zod schema (lib/config.ts): zod would be a fifth of this page's first download.
 */
export function parseReportCenterConfig(input: unknown): ReportCenterConfig {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const providerName = typeof raw.providerName === 'string' ? raw.providerName.trim() : '';
  if (!providerName) problems.push('providerName: a non-empty text is required');
  if (!isHttpUrl(raw.privacyPolicyUrl))
    problems.push('privacyPolicyUrl: an http(s) URL is required');
  if (problems.length) throw new Error(`Invalid /config.json: ${problems.join('; ')}`);
  return { providerName, privacyPolicyUrl: raw.privacyPolicyUrl as string };
}

/** Fetches and checks `/config.json` from the page's own origin. */
export async function loadReportCenterConfig(
  fetchImpl: typeof fetch = fetch,
): Promise<ReportCenterConfig> {
  const response = await fetchImpl('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return parseReportCenterConfig(await response.json());
}
