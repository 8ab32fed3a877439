import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { attributeMissing, equals, lessThan, or } from '../shared/data/expressions';
import { keys } from '../shared/keys';
import { deleteItem, putItem } from '../shared/data/write';
import { AbortedError } from '../shared/errors';
import { logger } from '../shared/logger';

/** Longer than any account change takes; a crashed holder frees the lock after it. */
const leaseMs = 15_000;
const attempts = 10;

/**
 * Runs `work` holding the accounts lease, a conditional item in the table, so checks
 * like "at least one active admin remains" and the change they guard cannot interleave
 * with another admin's (Cognito has no transactions). Busy after a few short waits:
 * `aborted` with "try again".
 */
export async function withAccountsLock<T>(work: () => Promise<T>): Promise<T> {
  const owner = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const now = Date.now();
    const taken = await putItem(
      { ...keys.accountsLock(), owner, leaseUntil: now + leaseMs },
      { condition: or(attributeMissing('pk'), lessThan('leaseUntil', now)) },
    );
    if (taken) break;
    if (attempt === attempts) throw new AbortedError('errors.staffChangeInProgress');
    await delay(100 + Math.random() * 200);
  }
  try {
    return await work();
  } finally {
    // Lost the lease (it expired and another holder took it): nothing to release. A
    // release that fails is logged, never answered in place of the work's own outcome:
    // the lease expires on its own.
    await deleteItem(keys.accountsLock(), { condition: equals('owner', owner) }).catch(
      (error: unknown) => logger.warn('accounts lease not released', { error: String(error) }),
    );
  }
}
