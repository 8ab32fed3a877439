import * as z from 'zod';
import { attributeMissing, lessThan, or } from './data/expressions';
import { getItem } from './data/read';
import type { Transaction } from './data/transaction';
import { updateItem } from './data/write';
import { keys, type QuotaKind } from './keys';

/**
 * At most `limit` uses per fixed window of `minutes`, of one subject (a client address,
 * a recipient). The abuse limits of report requests (lambdas/report-requests/rate-limit.ts)
 * and of the mails Cognito sends (lambdas/auth/code-mail-quota.ts) are counted so.
 */
export interface Quota {
  kind: QuotaKind;
  subject: string;
  limit: number;
  minutes: number;
}

/** The window `now` falls in: its start (the counter's sort key) and end. */
export function quotaWindow(now: Date, minutes: number): { start: string; end: Date } {
  const length = minutes * 60_000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start).toISOString(), end: new Date(start + length) };
}

/** Seconds until the window `now` falls in ends (at least 1): when to try again. */
export function secondsLeftInWindow(quota: Quota, now: Date): number {
  return Math.max(
    1,
    Math.ceil((quotaWindow(now, quota.minutes).end.getTime() - now.getTime()) / 1000),
  );
}

/**
 * Counts one use against the quota unless it is used up. Fixed windows: a burst across a
 * window edge may reach twice the limit, which is acceptable for abuse limits and costs
 * one write instead of a sliding log. The counter expires by TTL.
 */
function quotaWrite(quota: Quota, now: Date) {
  const window = quotaWindow(now, quota.minutes);
  return {
    key: keys.rateWindow(quota.kind, quota.subject, window.start),
    update: {
      add: { count: 1 },
      // An hour after the window ends: TTL deletes lazily, the condition never relies on it.
      setIfMissing: { expiresAt: Math.ceil(window.end.getTime() / 1000) + 3600 },
    },
    condition: or(attributeMissing('count'), lessThan('count', quota.limit)),
  };
}

/**
 * Counts one use inside `transaction`; a used-up quota cancels it with `exceeded()`.
 */
export function countQuotaIn(
  transaction: Transaction,
  quota: Quota,
  now: Date,
  exceeded: () => Error,
): Transaction {
  const { key, update, condition } = quotaWrite(quota, now);
  return transaction.update(key, update, { condition, onConditionFailed: exceeded });
}

/**
 * Counts one use on its own, atomically (one conditional UpdateItem): true when counted,
 * false when the quota was already used up (nothing counted then).
 */
export async function takeFromQuota(quota: Quota, now: Date): Promise<boolean> {
  const { key, update, condition } = quotaWrite(quota, now);
  return updateItem(key, update, { condition });
}

const windowSchema = z.object({ count: z.number() });

/** Whether the quota is used up, by one read and without counting. */
export async function quotaUsedUp(quota: Quota, now: Date): Promise<boolean> {
  const window = quotaWindow(now, quota.minutes);
  const counted = await getItem(
    keys.rateWindow(quota.kind, quota.subject, window.start),
    windowSchema,
  );
  return counted !== undefined && counted.count >= quota.limit;
}

/**
 * What a per-recipient limit counts: the mailbox, so `name+1@`, `name+2@`, ... (sub-
 * addresses, delivered to `name@` by most providers) share `name@`'s limit, and so do
 * spellings that differ by letter case, compatibility forms, spaces or invisible
 * characters (a mail system trims or drops them; each would otherwise count apart).
 */
export function emailQuotaSubject(address: string): string {
  const email = address.normalize('NFKC').replace(/[\s\p{Cf}]/gu, '');
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return (plus > 0 ? `${local.slice(0, plus)}${email.slice(at)}` : email).toLowerCase();
}
