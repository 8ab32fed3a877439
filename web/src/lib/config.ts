import * as z from 'zod';

/**
 * Runtime configuration served as `/config.json` by every environment (CDK writes it
 * to the web bucket; the local stack serves its own), so one build runs anywhere.
 * Unknown keys are ignored so a newer backend can add settings without breaking this build.
 */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only locally, where cognito-local stands in for Cognito. */
  userPoolEndpoint: z.url().optional(),
  appName: z.string().min(1),
  providerName: z.string().min(1),
  privacyPolicyUrl: z.url(),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Checks a parsed `/config.json`; the error names every wrong field. */
export function parseConfig(input: unknown): AppConfig {
  const result = appConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid /config.json: ${problems.join('; ')}`);
}

/** Fetches and checks `/config.json` from the page's own origin. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new ConfigError(`/config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('/config.json is not valid JSON');
  }
  return parseConfig(body);
}
