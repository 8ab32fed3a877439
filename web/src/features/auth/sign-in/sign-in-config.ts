import { loadPageConfig, type PageConfig } from '../../../light/page-config';

/** The settings the sign-in page reads from `/config.json` (lib/config.ts names them all). */
const signInSettings = {
  region: 'text',
  userPoolId: 'text',
  userPoolClientId: 'text',
  userPoolEndpoint: 'optionalHttpUrl',
  appName: 'text',
} as const;

export type SignInConfig = PageConfig<typeof signInSettings>;

/** Fetches and checks `/config.json` from the page's own origin. */
export function loadSignInConfig(fetchImpl?: typeof fetch): Promise<SignInConfig> {
  return loadPageConfig(signInSettings, fetchImpl);
}
