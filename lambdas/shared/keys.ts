/**
 * Key builders for the single table. No key string is assembled anywhere else.
 * See docs/data-model.md for the access patterns they serve.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  /** The counters item, updated in the same transaction as every counted write. */
  stats: (): ItemKey => ({ pk: 'STATS', sk: 'STATS' }),
  /** A short lease serializing changes to admin accounts (the last-admin rule). */
  accountsLock: (): ItemKey => ({ pk: 'LOCK#ACCOUNTS', sk: 'LOCK' }),
};
