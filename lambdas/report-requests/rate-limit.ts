import { getConfig } from '../shared/config';
import { addressQuotaSubject } from '../shared/lookup-quota';
import type { Transaction } from '../shared/data/transaction';
import { RateLimitedError } from '../shared/errors';
import {
  countQuotaIn,
  emailQuotaSubject,
  quotaUsedUp,
  secondsLeftInWindow,
  takeFromQuota,
  type Quota,
} from '../shared/quota';

/** Counts a request against a quota inside `transaction`; a used-up quota cancels it (429). */
export function countQuota(transaction: Transaction, quota: Quota, now: Date): Transaction {
  return countQuotaIn(transaction, quota, now, () => quotaExceeded(quota, now));
}

/** The 429 for a used-up quota: retry when its window ends. */
export function quotaExceeded(quota: Quota, now: Date): RateLimitedError {
  const seconds = secondsLeftInWindow(quota, now);
  return new RateLimitedError(seconds, 'errors.reportRateLimited', {
    minutes: Math.ceil(seconds / 60),
  });
}

/** Counts a request against a quota on its own (not inside a transaction). */
export async function consumeQuota(quota: Quota, now: Date): Promise<void> {
  if (!(await takeFromQuota(quota, now))) throw quotaExceeded(quota, now);
}

/**
 * Refuses early when a quota is already used up, without counting: one read, so a request
 * over its limit costs no PDF. The count inside the transaction ({@link countQuota})
 * stays the guard; this read only saves the work in front of it.
 */
export async function checkQuota(quota: Quota, now: Date): Promise<void> {
  if (await quotaUsedUp(quota, now)) throw quotaExceeded(quota, now);
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
