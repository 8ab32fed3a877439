import { getAppUrl } from './app-url';
import { getConfig } from './config';
import { identityLink, type UnitIdentity } from './contract/gs1';

/**
 * The base of identification links: IDENTITY_LINK_BASE when set, else the app's address
 * (lambdas/shared/app-url.ts). Without a trailing slash.
 */
export async function identityLinkBase(): Promise<string> {
  const configured = getConfig().IDENTITY_LINK_BASE;
  return (configured ?? (await getAppUrl())).replace(/\/+$/, '');
}

/** A unit's identification link, from its serial and its range's GTIN (stored data only). */
export async function unitIdentityLink(unit: UnitIdentity): Promise<string> {
  return identityLink(await identityLinkBase(), unit);
}
