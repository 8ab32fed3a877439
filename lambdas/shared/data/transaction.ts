import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../aws/dynamodb';
import { DomainError, UnavailableError } from '../errors';
import { auditItem, type AuditRecord } from './audit';
import {
  and,
  atMost,
  attributeMissing,
  conditionExpression,
  or,
  Placeholders,
  updateExpression,
  type Condition,
  type Update,
} from './expressions';
import { keys, type ItemKey } from '../keys';
import { tableName } from './table-name';
import {
  counterShard,
  counterShards,
  maxShardValue,
  type Counter,
  type DayCounter,
} from './counters';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What a failed condition of one item means, as the error the caller gets. */
export type Failure = () => Error;

export interface WriteOptions {
  /** The write happens only if this holds for the stored item. */
  condition?: Condition;
  /** The error a failed `condition` means (e.g. a taken name -> ConflictError). */
  onConditionFailed?: Failure;
  /** Names the item in {@link TransactionCancelled} when nothing above explains a failure. */
  tag?: string;
}

interface Operation {
  item: TransactItem;
  onConditionFailed?: Failure;
  tag?: string;
}

/** DynamoDB's limit of items in one transaction. */
export const maxTransactionItems = 100;

/**
 * A transaction that was cancelled for a reason no item's `onConditionFailed` names: the
 * reason code of each tagged item (`ConditionalCheckFailed`, `TransactionConflict`, ...).
 */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: { tag: string | undefined; code: string }[]) {
    super(`Transaction cancelled: ${reasons.map((reason) => reason.code).join(', ')}`);
    this.name = 'TransactionCancelled';
  }
}

/**
 * Other transactions kept conflicting with this one on the same items: answered
 * `unavailable` ("try again shortly"), or caught by a caller that reads again and retries.
 */
export class WriteConflict extends UnavailableError {}

/** A counter would pass 2^53 − 1: the write is refused, the counter stays exact. */
export class CounterLimitError extends DomainError {
  constructor() {
    super('resource-exhausted', 'errors.counterLimit');
  }
}

/**
 * The one way to write several items at once: each item carries its own condition and
 * what its failure means, so a cancelled transaction is explained per item, never by
 * position. Every transaction of a person's or a machine's change carries its audit entry
 * ({@link audited}); the entry is written in the same transaction, so it exists exactly
 * when the change does.
 */
export class Transaction {
  private readonly operations: Operation[] = [];
  private readonly audits: AuditRecord[];

  constructor(audit: AuditRecord | null) {
    this.audits = audit ? [audit] : [];
  }

  /** Items so far, the audit entries included. */
  get size(): number {
    return this.operations.length + this.audits.length;
  }

  /**
   * One more audit entry, for a transaction that makes several changes at once (a chunk of
   * an import: one entry per record created, and the batch's own): each change keeps its
   * entry, all written together.
   */
  audited(record: AuditRecord): this {
    this.audits.push(record);
    if (this.size > maxTransactionItems) {
      throw new Error(`A transaction holds at most ${maxTransactionItems} items`);
    }
    return this;
  }

  put<T extends ItemKey>(item: T, options: WriteOptions = {}): this {
    const placeholders = new Placeholders();
    const condition = options.condition && conditionExpression(options.condition, placeholders);
    return this.push(
      {
        Put: {
          TableName: tableName(),
          Item: item,
          ...(condition ? { ConditionExpression: condition } : {}),
          ...placeholders.attributes(),
        },
      },
      options,
    );
  }

  update(key: ItemKey, update: Update, options: WriteOptions = {}): this {
    const placeholders = new Placeholders();
    const expression = updateExpression(update, placeholders);
    const condition = options.condition && conditionExpression(options.condition, placeholders);
    return this.push(
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: expression,
          ...(condition ? { ConditionExpression: condition } : {}),
          ...placeholders.attributes(),
        },
      },
      options,
    );
  }

  delete(key: ItemKey, options: WriteOptions = {}): this {
    const placeholders = new Placeholders();
    const condition = options.condition && conditionExpression(options.condition, placeholders);
    return this.push(
      {
        Delete: {
          TableName: tableName(),
          Key: key,
          ...(condition ? { ConditionExpression: condition } : {}),
          ...placeholders.attributes(),
        },
      },
      options,
    );
  }

  /** A condition on an item the transaction does not write. */
  check(key: ItemKey, condition: Condition, onConditionFailed: Failure): this {
    const placeholders = new Placeholders();
    const expression = conditionExpression(condition, placeholders);
    return this.push(
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: key,
          ConditionExpression: expression,
          ...placeholders.attributes(),
        },
      },
      { onConditionFailed },
    );
  }

  /**
   * Moves counters (data/counters.ts: one shard, picked at random), in the same
   * transaction as the write they count, so the totals always equal the true counts. A
   * shard that would pass its share of 2^53 − 1 refuses the write
   * ({@link CounterLimitError}): every total stays a safe integer.
   */
  count(
    deltas: Partial<Record<Counter, number>>,
    set: Record<string, unknown> = {},
    /** The shard to move: writers that run together each name their own (an import's). */
    shard: number = counterShard(),
  ): this {
    const moving = Object.entries(deltas).filter(([, delta]) => delta !== 0) as [Counter, number][];
    if (moving.length === 0 && Object.keys(set).length === 0) return this;
    const limits = moving
      .filter(([, delta]) => delta > 0)
      .map(([name, delta]) => or(attributeMissing(name), atMost(name, maxShardValue - delta)));
    return this.update(
      keys.stats(shard % counterShards),
      { add: Object.fromEntries(moving), set },
      limits.length
        ? {
            condition: limits.length === 1 ? limits[0] : and(...limits),
            onConditionFailed: () => new CounterLimitError(),
          }
        : {},
    );
  }

  /** Moves the counters of day `date` (one shard, as {@link count}): the dashboard's charts. */
  countDay(date: string, deltas: Partial<Record<DayCounter, number>>): this {
    return this.update(keys.daily(date, counterShard()), { add: deltas });
  }

  private push(item: TransactItem, options: WriteOptions): this {
    this.operations.push({
      item,
      onConditionFailed: options.onConditionFailed,
      tag: options.tag,
    });
    if (this.size > maxTransactionItems) {
      throw new Error(`A transaction holds at most ${maxTransactionItems} items`);
    }
    return this;
  }

  /**
   * Writes every item or none. A failed condition throws the error its item names (the
   * first, in the order the items were added); a conflict with another transaction on the
   * same items is retried after a short jittered pause, `conflictRetries` times, then
   * thrown as {@link WriteConflict}; a cancellation for throttling is retried the same way,
   * then thrown as `unavailable` (503). Answers the key of the (first) audit entry it wrote.
   */
  async commit(
    options: { conflictRetries?: number; now?: Date } = {},
  ): Promise<{ auditEntry?: ItemKey }> {
    const retries = options.conflictRetries ?? 5;
    const items = this.operations.map((operation) => operation.item);
    let auditEntry: ItemKey | undefined;
    const at = (options.now ?? new Date()).toISOString();
    for (const record of this.audits) {
      const item = auditItem(record, at, randomUUID());
      auditEntry ??= { pk: item.pk, sk: item.sk };
      items.push({ Put: { TableName: tableName(), Item: item } });
    }
    if (items.length === 0) return {};
    for (let attempt = 0; ; attempt++) {
      try {
        await getDocuments().send(new TransactWriteCommand({ TransactItems: items }));
        return { auditEntry };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
        for (const [index, operation] of this.operations.entries()) {
          if (codes[index] === 'ConditionalCheckFailed' && operation.onConditionFailed) {
            throw operation.onConditionFailed();
          }
        }
        const conflict = codes.includes('TransactionConflict');
        const throttled = codes.some((code) => throttlingReasons.has(code));
        const failedCondition = codes.includes('ConditionalCheckFailed');
        if ((conflict || throttled) && !failedCondition) {
          if (attempt < retries) {
            await delay(20 * 2 ** attempt * Math.random());
            continue;
          }
          throw conflict ? new WriteConflict() : new UnavailableError();
        }
        throw new TransactionCancelled(
          this.operations.map((operation, index) => ({
            tag: operation.tag,
            code: codes[index] ?? 'None',
          })),
        );
      }
    }
  }
}

/** Cancellation reasons that say DynamoDB was too busy, not that the write was wrong. */
const throttlingReasons = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/** A change a person or a machine makes: its audit entry goes in with it. */
export const audited = (record: AuditRecord) => new Transaction(record);

/**
 * A write nobody's change is recorded for: a visitor's report request (the request record
 * is its own history) and the delivery bookkeeping of the mailer.
 */
export const unaudited = () => new Transaction(null);
