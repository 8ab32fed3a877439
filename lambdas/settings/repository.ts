import type { AuditActor } from '../shared/contract/schemas/audit';
import {
  defaultPublicVerdicts,
  siteSettingsSchema,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '../shared/contract/schemas/settings';
import { changesBetween } from '../shared/data/audit';
import { equals, itemMissing } from '../shared/data/expressions';
import { getItem } from '../shared/data/read';
import { audited } from '../shared/data/transaction';
import { AbortedError } from '../shared/errors';
import { keys } from '../shared/keys';

const defaults: SiteSettings = {
  publicVerdicts: [...defaultPublicVerdicts],
  // Sign-up is closed until an admin opens it (docs/access-control.md "Self-registration").
  selfRegistration: false,
  version: 0,
  updatedAt: null,
  updatedBy: null,
};

/** The site settings in force: one GetItem; the defaults until an admin saves them. */
export async function getSiteSettings(): Promise<SiteSettings> {
  return (await getItem(keys.siteSettings(), siteSettingsSchema)) ?? defaults;
}

/** The settings an entry follows. */
const auditedSettings = ['publicVerdicts', 'selfRegistration'] as const;

/**
 * Saves the settings as the next version, on condition the stored version is still the one
 * the edit was based on (a stale edit is `aborted`), with its audit entry. A setting the
 * edit leaves out (`selfRegistration`, which older clients do not send) stays as it is.
 */
export async function saveSiteSettings(
  input: UpdateSiteSettingsInput,
  actor: AuditActor,
): Promise<SiteSettings> {
  const current = await getSiteSettings();
  if (current.version !== input.version) throw new AbortedError();
  const now = new Date().toISOString();
  const saved: SiteSettings = {
    publicVerdicts: input.publicVerdicts,
    selfRegistration: input.selfRegistration ?? current.selfRegistration,
    version: input.version + 1,
    updatedAt: now,
    updatedBy: actor.email ?? actor.id,
  };
  await audited({
    actor,
    action: input.version === 0 ? 'create' : 'update',
    entity: 'settings',
    entityId: 'site',
    changes: changesBetween(current, saved, auditedSettings),
  })
    .put(
      { ...keys.siteSettings(), ...saved },
      {
        condition: input.version === 0 ? itemMissing() : equals('version', input.version),
        onConditionFailed: () => new AbortedError(),
      },
    )
    .commit({ now: new Date(now) });
  return saved;
}
