import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { AuditRecord } from './data/audit';
import {
  attributeMissing,
  equals,
  lessThan,
  or,
  type Condition,
  type Update,
} from './data/expressions';
import { getItem, queryItems } from './data/read';
import { Transaction } from './data/transaction';
import { updateItem } from './data/write';
import { keys } from './keys';

/**
 * An account's security record (`ACCOUNTSEC` / sub; docs/data-model.md): what Cognito does
 * not keep, or does not give the API, about an account's sessions. The standing check
 * (lambdas/shared/http/standing.ts) reads it on every call with roles; the routes that
 * change it write their audit entries with it, in one transaction. Times that tokens are
 * compared with are epoch seconds, as a token's `auth_time` and `iat` are.
 */
export interface AccountSecurity {
  /** The Cognito sub. */
  sub: string;
  /**
   * When the account's authenticator app was confirmed (`POST /api/account/mfa`): a token
   * whose `auth_time` is at or after it was signed in with a code.
   */
  mfaEnabledAt?: number;
  /** Tokens signed in (`auth_time`) or issued (`iat`) before it are refused (401). */
  revokedBefore?: number;
  /** The last completed sign-in (the PostAuthentication trigger), ISO. */
  lastSignInAt?: string;
  /** When the pending invitation (temporary password) was given, ISO. */
  invitedAt?: string;
  /** How that temporary password reached the person: mailed by Cognito, or typed by an admin. */
  invitation?: 'mail' | 'typed';
}

const epochSeconds = z.number().int().nonnegative();

/** The stored item, back to the record (unknown attributes, the keys among them, dropped). */
const accountSecurityItem = z
  .object({
    sk: z.string(),
    mfaEnabledAt: epochSeconds.optional(),
    revokedBefore: epochSeconds.optional(),
    lastSignInAt: z.string().optional(),
    invitedAt: z.string().optional(),
    invitation: z.enum(['mail', 'typed']).optional(),
  })
  .transform(({ sk, ...fields }): AccountSecurity => ({ sub: sk, ...fields }));

/** Epoch seconds of `date` (a token's time unit). */
export const toEpochSeconds = (date: Date | number = Date.now()): number =>
  Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000);

/** An epoch-seconds time as ISO (audit entries, answers); null for none. */
export const isoOfSeconds = (seconds: number | undefined): string | null =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString();

/**
 * The first whole second after now: revocations and confirmations take effect from it, so
 * every token of the current second (the one that asked, its refreshes) is before it.
 */
export const nextSecond = (): number => toEpochSeconds() + 1;

/**
 * Waits until `epochSeconds` has come: a route that revoked sessions from it answers then,
 * so a sign-in the caller makes after the answer is issued at or after it (not refused).
 */
export async function untilSecond(epochSeconds: number): Promise<void> {
  const wait = epochSeconds * 1000 - Date.now();
  if (wait > 0) await delay(wait);
}

/**
 * The account's record; one with nothing set when none was ever written. `consistent`:
 * what was written a moment ago is seen (the standing check: a revocation holds at once).
 */
export async function readAccountSecurity(
  sub: string,
  { consistent = false }: { consistent?: boolean } = {},
): Promise<AccountSecurity> {
  return (await getItem(keys.accountSecurity(sub), accountSecurityItem, { consistent })) ?? { sub };
}

/** Every account's record, by sub: one Query of the `ACCOUNTSEC` partition (the staff list). */
export async function listAccountSecurity(): Promise<Map<string, AccountSecurity>> {
  const records = await queryItems(keys.accountSecurityAll(), accountSecurityItem);
  return new Map(records.map((record) => [record.sub, record]));
}

/** A write's condition failed (the record changed meanwhile). */
class ConditionFailed extends Error {}

/** `revokedBefore` is missing or below `before`: writing `before` only raises it. */
const revokedBelow = (before: number): Condition =>
  or(attributeMissing('revokedBefore'), lessThan('revokedBefore', before));

/**
 * The entry of a write whose `revokedBefore` was not stored: without its `sessionsBefore`
 * change (the time it names was never written; the later one has its own entry).
 */
function withoutSessionsBefore(audit: AuditRecord | null): AuditRecord | null {
  if (!audit || !Object.hasOwn(audit.changes, 'sessionsBefore')) return audit;
  const changes = { ...audit.changes };
  delete changes.sessionsBefore;
  return { ...audit, changes };
}

/**
 * Writes `update` on the account's record, with `audit`'s entry in the same transaction.
 * `revokedBefore` is only ever raised: when the record already holds it at or after the
 * value written (another revocation of the same or a later second), the rest is written
 * without it, the entry too, less its `sessionsBefore` change (what was not stored).
 */
async function change(sub: string, update: Update, audit: AuditRecord | null): Promise<void> {
  const before = update.set?.revokedBefore;
  if (typeof before !== 'number') {
    await new Transaction(audit).update(keys.accountSecurity(sub), update).commit();
    return;
  }
  try {
    await new Transaction(audit)
      .update(keys.accountSecurity(sub), update, {
        condition: revokedBelow(before),
        onConditionFailed: () => new ConditionFailed(),
      })
      .commit();
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const set = Object.fromEntries(
      Object.entries(update.set ?? {}).filter(([name]) => name !== 'revokedBefore'),
    );
    const rest: Update = { ...update, set };
    if (Object.keys(set).length === 0) delete rest.set;
    const empty = !rest.set && !rest.remove?.length && !rest.add && !rest.setIfMissing;
    const transaction = new Transaction(withoutSessionsBefore(audit));
    if (!empty) transaction.update(keys.accountSecurity(sub), rest);
    await transaction.commit();
  }
}

/**
 * The account's authenticator app is confirmed at `at` (epoch seconds): tokens signed in
 * from then on passed the code; every token before it is refused (`revokedBefore`), so no
 * session signed in with the password alone outlives the confirmation. Written only while
 * the record's `revokedBefore` is still `seenRevokedBefore` (what the caller read): a
 * revocation or an admin's reset of the app made meanwhile wins, and this answers false
 * (nothing written). `revokedBefore` never moves backwards.
 */
export async function markMfaEnabled(
  sub: string,
  at: number,
  seenRevokedBefore: number | undefined,
  audit: AuditRecord | null,
): Promise<boolean> {
  const revokedBefore = Math.max(at, seenRevokedBefore ?? 0);
  try {
    await new Transaction(audit)
      .update(
        keys.accountSecurity(sub),
        { set: { mfaEnabledAt: at, revokedBefore } },
        {
          condition:
            seenRevokedBefore === undefined
              ? attributeMissing('revokedBefore')
              : equals('revokedBefore', seenRevokedBefore),
          onConditionFailed: () => new ConditionFailed(),
        },
      )
      .commit();
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/**
 * Takes back the confirmation {@link markMfaEnabled} wrote at `at`, with `audit`'s entry,
 * while the record still holds it (Cognito turned the app off meanwhile). Answers whether
 * it did.
 */
export async function undoMfaEnabled(
  sub: string,
  at: number,
  audit: AuditRecord | null,
): Promise<boolean> {
  try {
    await new Transaction(audit)
      .update(
        keys.accountSecurity(sub),
        { remove: ['mfaEnabledAt'] },
        { condition: equals('mfaEnabledAt', at), onConditionFailed: () => new ConditionFailed() },
      )
      .commit();
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/**
 * The account has no authenticator app any more (turned off, or reset by an admin); with
 * `revokeBefore`, its tokens before that time are refused too.
 */
export async function clearMfa(
  sub: string,
  audit: AuditRecord | null,
  { revokeBefore }: { revokeBefore?: number } = {},
): Promise<void> {
  await change(
    sub,
    {
      remove: ['mfaEnabledAt'],
      ...(revokeBefore === undefined ? {} : { set: { revokedBefore: revokeBefore } }),
    },
    audit,
  );
}

/**
 * Forgets a confirmation Cognito no longer backs (the app was turned off in Cognito
 * directly): only while the record still holds the confirmation `seen`, so a confirmation
 * made meanwhile stays. Bookkeeping (no audit entry). Answers whether it cleared it.
 */
export function clearStaleMfa(sub: string, seen: number): Promise<boolean> {
  return updateItem(
    keys.accountSecurity(sub),
    { remove: ['mfaEnabledAt'] },
    { condition: equals('mfaEnabledAt', seen) },
  );
}

/**
 * Refuses every token of the account signed in or issued before `before` (epoch seconds);
 * a later time already recorded stays (revocations only ever move forward).
 */
export async function revokeSessionsBefore(
  sub: string,
  before: number,
  audit: AuditRecord | null,
): Promise<void> {
  await change(sub, { set: { revokedBefore: before } }, audit);
}

/**
 * A completed sign-in (the PostAuthentication trigger). Bookkeeping: no audit entry. With
 * `withoutSecondFactor` (Cognito did not ask this sign-in for a code: the account has no
 * authenticator app now), the account's confirmation goes too, in the same write: a
 * sign-in with the password alone voids it, whatever the app's state later.
 */
export async function recordSignIn(
  sub: string,
  at: Date = new Date(),
  { withoutSecondFactor = false }: { withoutSecondFactor?: boolean } = {},
): Promise<void> {
  await updateItem(keys.accountSecurity(sub), {
    set: { lastSignInAt: at.toISOString() },
    ...(withoutSecondFactor ? { remove: ['mfaEnabledAt'] } : {}),
  });
}

/** A temporary password was given to the account at `at` (created, or the invitation resent). */
export async function recordInvitation(
  sub: string,
  how: 'mail' | 'typed',
  audit: AuditRecord | null,
  at: Date = new Date(),
): Promise<void> {
  await change(sub, { set: { invitedAt: at.toISOString(), invitation: how } }, audit);
}
