import { isIPv6 } from 'node:net';
import * as z from 'zod';
import { attributeMissing, lessThan, or } from '../shared/data/expressions';
import { getItem } from '../shared/data/read';
import { getConfig } from '../shared/config';
import { keys } from '../shared/keys';
import type { Transaction } from '../shared/data/transaction';
import { updateItem } from '../shared/data/write';
import { RateLimitedError } from '../shared/errors';

/** At most `limit` requests per fixed window of `minutes`. */
export interface Quota {
  kind: 'address' | 'email';
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

/**
 * Counts one request against the quota unless it is used up. Fixed windows: a burst
 * across a window edge may reach twice the limit, which is acceptable for abuse limits
 * and costs one write instead of a sliding log. The counter expires by TTL.
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

/** Counts a request against a quota inside `transaction`; a used-up quota cancels it (429). */
export function countQuota(transaction: Transaction, quota: Quota, now: Date): Transaction {
  const { key, update, condition } = quotaWrite(quota, now);
  return transaction.update(key, update, {
    condition,
    onConditionFailed: () => quotaExceeded(quota, now),
  });
}

/** The 429 for a used-up quota: retry when its window ends. */
export function quotaExceeded(quota: Quota, now: Date): RateLimitedError {
  const seconds = Math.max(
    1,
    Math.ceil((quotaWindow(now, quota.minutes).end.getTime() - now.getTime()) / 1000),
  );
  return new RateLimitedError(seconds, 'errors.reportRateLimited', {
    minutes: Math.ceil(seconds / 60),
  });
}

/** Counts a request against a quota on its own (not inside a transaction). */
export async function consumeQuota(quota: Quota, now: Date): Promise<void> {
  const { key, update, condition } = quotaWrite(quota, now);
  if (!(await updateItem(key, update, { condition }))) throw quotaExceeded(quota, now);
}

const windowSchema = z.object({ count: z.number() });

/**
 * Refuses early when a quota is already used up, without counting: one read, so a request
 * over its limit costs no PDF. The count inside the transaction ({@link countQuota})
 * stays the guard; this read only saves the work in front of it.
 */
export async function checkQuota(quota: Quota, now: Date): Promise<void> {
  const window = quotaWindow(now, quota.minutes);
  const counted = await getItem(
    keys.rateWindow(quota.kind, quota.subject, window.start),
    windowSchema,
  );
  if (counted && counted.count >= quota.limit) throw quotaExceeded(quota, now);
}

/**
 * What the per-address limit counts: an IPv4 address whole; an IPv6 address by its /64
 * network, the block one subscriber gets and picks addresses from at will (counting each
 * address would let one client rotate past the limit).
 */
export function addressQuotaSubject(address: string): string {
  if (isIPv6(address)) {
    const [head = '', tail] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups =
      tail === undefined
        ? left
        : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
    // Four full groups always lead: an embedded IPv4 tail only shortens what follows.
    return `${groups
      .slice(0, 4)
      .map((group) => Number.parseInt(group, 16).toString(16))
      .join(':')}::/64`;
  }
  return address;
}

/**
 * What the per-recipient limit counts: the mailbox, so `name+1@`, `name+2@`, ... (sub-
 * addresses, delivered to `name@` by most providers) share `name@`'s limit.
 */
export function emailQuotaSubject(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return (plus > 0 ? `${local.slice(0, plus)}${email.slice(at)}` : email).toLowerCase();
}

/** The configured quotas of one client address and one recipient. */
export function reportQuotas(address: string, email: string): { address: Quota; email: Quota } {
  const config = getConfig();
  return {
    address: {
      kind: 'address',
      subject: addressQuotaSubject(address),
      limit: config.REPORT_LIMIT_PER_ADDRESS,
      minutes: config.REPORT_LIMIT_ADDRESS_WINDOW_MINUTES,
    },
    email: {
      kind: 'email',
      subject: emailQuotaSubject(email),
      limit: config.REPORT_LIMIT_PER_EMAIL,
      minutes: config.REPORT_LIMIT_EMAIL_WINDOW_MINUTES,
    },
  };
}
