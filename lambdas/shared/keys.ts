/**
 * Key builders for the single table: every item key, index key and key query. No key
 * string is assembled anywhere else (a unit test reads the sources to hold that line).
 * See docs/data-model.md for the access patterns they serve.
 */
import type { IndexName } from './table';

/** What a quota counts (lambdas/shared/quota.ts). */
export type QuotaKind = 'address' | 'email' | 'codeMail' | 'lookup';

export interface ItemKey {
  pk: string;
  sk: string;
}

/** Index keys of an item, for the lists it appears in. */
export interface IndexKeys {
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

/** The sort-key part of a key query. */
export type SortCondition =
  { beginsWith: string } | { between: readonly [from: string, to: string] } | { atMost: string };

/**
 * One partition of the table or of an index, optionally narrowed on the sort key: what
 * a Query's `KeyConditionExpression` says (`data/read.ts` turns it into one).
 */
export interface KeyQuery {
  /** The index queried; the table itself when left out. */
  index?: IndexName;
  partition: string;
  sort?: SortCondition;
}

/** The last ISO date-time of a day, for ranges that end on a date. */
const endOfDay = (date: string) => `${date}T23:59:59.999Z`;
/** Sorts after every ISO date-time: an open end. */
const openEnd = '9999';
/** Ends a search word in its entry's sort key: sorts before any character a word holds. */
const wordEnd = ' ';
/** Sorts after every character a key holds (UTF-8 compares by code point). */
const lastCodePoint = '\u{10FFFF}';
/** The first character of a text (a whole code point). */
const firstCharacter = (text: string) => String.fromCodePoint(text.codePointAt(0) ?? 0);

export const keys = {
  /** One shard of the counters, updated in the same transaction as every counted write. */
  stats: (shard: number): ItemKey => ({ pk: 'STATS', sk: `STATS#${shard}` }),
  /**
   * The key that signs list cursors (lambdas/shared/data/cursor.ts): a partition of its
   * own, so the functions allowed the CONFIG partition (the app address) cannot read it.
   */
  cursorKey: (): ItemKey => ({ pk: 'SECRET', sk: 'CURSORKEY' }),
  /** The web app's address, written when the stack is deployed (lambdas/shared/app-url.ts). */
  appUrl: (): ItemKey => ({ pk: 'CONFIG', sk: 'APPURL' }),
  /** A short lease serializing changes to admin accounts (the last-admin rule). */
  accountsLock: (): ItemKey => ({ pk: 'LOCK#ACCOUNTS', sk: 'LOCK' }),
  /**
   * An account's security record (docs/access-control.md): when its second factor was
   * confirmed, before when its tokens are refused, its last sign-in, its pending
   * invitation. One partition: the staff list reads them all with one Query.
   */
  accountSecurity: (sub: string): ItemKey => ({ pk: 'ACCOUNTSEC', sk: sub }),
  /** Every account's security record (the staff list). */
  accountSecurityAll: (): KeyQuery => ({ partition: 'ACCOUNTSEC' }),
  /** The site settings admins change (which verdicts a visitor may receive). */
  siteSettings: (): ItemKey => ({ pk: 'SETTINGS', sk: 'SITE' }),
  /** A data migration that ran to its end (lambdas/migrations): it never runs again. */
  migration: (name: string): ItemKey => ({ pk: 'MIGRATION', sk: name }),
  /** A catalogue import, by its batch id: where it stands (lambdas/imports; expires by TTL). */
  importJob: (id: string): ItemKey => ({ pk: `IMPORT#${id}`, sk: 'JOB' }),

  product: (id: string): ItemKey => ({ pk: `PRODUCT#${id}`, sk: 'PRODUCT' }),
  /** One version of a product's test plan (versions never change once saved). */
  testPlan: (productId: string, version: number): ItemKey => ({
    pk: `PLAN#${productId}`,
    sk: `V#${String(version).padStart(10, '0')}`,
  }),
  /** Claims a product name (case-insensitive) so two products cannot share it. */
  productName: (name: string): ItemKey => ({
    pk: `PRODUCTNAME#${name.toLowerCase()}`,
    sk: 'NAME',
  }),
  /**
   * Claims a GTIN-14 so two products cannot share it; names its product, so the resolver
   * finds the product of a GTIN with one GetItem.
   */
  productGtin: (gtin: string): ItemKey => ({ pk: `PRODUCTGTIN#${gtin}`, sk: 'GTIN' }),
  /**
   * The product's entry under one of its search words (contract/search-words.ts): one
   * partition per first character of the word, sorted by word, then name, then id, so the
   * products with a word starting with some text are one Query `begins_with` in word-then-
   * name order, and those with exactly that word the `<word> ` part of it.
   */
  productWord: (word: string, name: string, productId: string): ItemKey => ({
    pk: `PRODUCTWORD#${firstCharacter(word)}`,
    sk: `${word}${wordEnd}${name.toLowerCase()}#${productId}`,
  }),
  productIndexes: (id: string, name: string, updatedAt: string): IndexKeys => ({
    gsi1pk: 'PRODUCTS',
    gsi1sk: `NAME#${name.toLowerCase()}#${id}`,
    gsi2pk: 'PRODUCTS',
    gsi2sk: `UPDATED#${updatedAt}#${id}`,
  }),

  serialRange: (id: string): ItemKey => ({ pk: `RANGE#${id}`, sk: 'RANGE' }),
  serialRangeIndexes: (id: string, startSerial: string, updatedAt: string): IndexKeys => ({
    gsi1pk: 'RANGES',
    gsi1sk: `SERIAL#${startSerial}#${id}`,
    gsi2pk: 'RANGES',
    gsi2sk: `UPDATED#${updatedAt}#${id}`,
  }),
  /**
   * The lookup partition of one prefix and digit count; sort key = the zero-padded
   * start, so "the range starting at or before n" is one Query with Limit 1.
   */
  serialLookup: (prefix: string, width: number, startDigits: string): ItemKey => ({
    pk: `SERIAL#${prefix}#${width}`,
    sk: startDigits,
  }),
  /**
   * The partition's version item: every write to the partition bumps it in its
   * transaction, so two writers that read the same neighbours cannot both commit.
   * `#` sorts before digits: it never falls inside a lookup's key range.
   */
  serialPartitionVersion: (prefix: string, width: number): ItemKey => ({
    pk: `SERIAL#${prefix}#${width}`,
    sk: '#VERSION',
  }),
  /**
   * A unit of the range that holds test results or reports, by its zero-padded number:
   * written with them, so a range edit finds in one Query whether a unit with data would
   * fall outside its new bounds.
   */
  rangeUnit: (rangeId: string, digits: string): ItemKey => ({
    pk: `RANGEUNITS#${rangeId}`,
    sk: digits,
  }),
  /** A product's ranges in serial order (the product filter of the ranges list). */
  productRange: (productId: string, startSerial: string, rangeId: string): ItemKey => ({
    pk: `PRODUCTRANGES#${productId}`,
    sk: `${startSerial}#${rangeId}`,
  }),

  /**
   * A report request: the search-history entry and the mail outbox item (the table
   * stream hands new ones to the mailer). Its id is the secret of the PDF link.
   */
  reportRequest: (id: string): ItemKey => ({ pk: `REPORTREQ#${id}`, sk: 'REQUEST' }),
  /** Search history, newest first. */
  reportRequestIndexes: (id: string, requestedAt: string): IndexKeys => ({
    gsi1pk: 'REPORTREQS',
    gsi1sk: `AT#${requestedAt}#${id}`,
  }),
  /**
   * The public facts of an issued report, by its number (the verification page). Kept
   * apart from the request because it holds no personal data and outlives it.
   */
  reportVerification: (reportNumber: string): ItemKey => ({
    pk: `REPORT#${reportNumber}`,
    sk: 'REPORT',
  }),
  /**
   * A fixed-window counter of one quota (lambdas/shared/quota.ts; expires by TTL): report
   * requests of one client address (`address`) or to one recipient (`email`), mails
   * Cognito sends to one recipient (`codeMail`), public look-ups of one client address
   * (`lookup`: identification links, unit data, report verifications).
   */
  rateWindow: (kind: QuotaKind, subject: string, windowStart: string): ItemKey => ({
    pk: `RATE#${kind}#${subject.toLowerCase()}`,
    sk: windowStart,
  }),
  /** The partition prefix of one kind's counters (a permission limited to them). */
  rateWindowPrefix: (kind: QuotaKind): string => `RATE#${kind}#`,
  /** A recipient SES reported as bouncing or complaining: the mailer sends it nothing. */
  suppressedRecipient: (email: string): ItemKey => ({
    pk: `SUPPRESSED#${email.toLowerCase()}`,
    sk: 'EMAIL',
  }),
  /** One test result of a unit; a unit's results are one partition, in test order. */
  unitResult: (serial: string, testName: string, testedAt: string, machineId: string): ItemKey => ({
    pk: `UNIT#${serial}`,
    sk: `RESULT#${testName}#${testedAt}#${machineId}`,
  }),
  /**
   * A report issued for a unit, in the unit's partition beside its results: the unit page
   * and the verification of an earlier report read them with the results in one Query.
   */
  unitReport: (serial: string, issuedAt: string, reportNumber: string): ItemKey => ({
    pk: `UNIT#${serial}`,
    sk: `REPORT#${issuedAt}#${reportNumber}`,
  }),
  /** Every result in tested-at order (the Machine Data list). */
  unitResultIndexes: (
    serial: string,
    testName: string,
    testedAt: string,
    machineId: string,
  ): IndexKeys => ({
    gsi1pk: 'RESULTS',
    gsi1sk: `AT#${testedAt}#${serial}#${testName}#${machineId}`,
  }),

  /**
   * The statistics of one product's results tested on one UTC day at one bench
   * (lambdas/statistics/aggregates.ts): a product's days are one partition in day order.
   */
  statisticsDay: (productId: string, day: string, machineId: string): ItemKey => ({
    pk: `STATDAY#${productId}`,
    sk: `${day}#${machineId}`,
  }),
  /**
   * Which counting result of a unit's test is its first and which its latest (first-pass
   * and final yield), with a version that serializes the writes that change them.
   */
  unitTestState: (serial: string, testName: string): ItemKey => ({
    pk: `UNITTEST#${serial}`,
    sk: testName,
  }),
  /**
   * A result's place among its product's and test's counting values (gsi2, in tested-at
   * order): set on results with a value, removed when one is voided.
   */
  statisticsValueIndexes: (
    productId: string,
    testName: string,
    testedAt: string,
    serial: string,
    machineId: string,
  ): IndexKeys => ({
    gsi2pk: `STATVALUES#${productId}#${testName}`,
    gsi2sk: `${testedAt}#${serial}#${machineId}`,
  }),

  /** One shard of a day's counts (report requests, passed and failed results): the charts. */
  daily: (date: string, shard: number): ItemKey => ({ pk: 'DAILY', sk: `${date}#${shard}` }),

  /** A test bench's machine key (only the key's hash is stored). */
  machine: (id: string): ItemKey => ({ pk: `MACHINE#${id}`, sk: 'MACHINE' }),
  /** Claims a machine name (case-insensitive): results name their machine by it. */
  machineName: (name: string): ItemKey => ({
    pk: `MACHINENAME#${name.toLowerCase()}`,
    sk: 'NAME',
  }),
  machineIndexes: (id: string, name: string): IndexKeys => ({
    gsi1pk: 'MACHINES',
    gsi1sk: `NAME#${name.toLowerCase()}#${id}`,
  }),

  /**
   * One audit entry: a record's history is its own partition, in time order; `entryId`
   * keeps two entries of the same millisecond apart.
   */
  auditEntry: (entity: string, entityId: string, at: string, entryId: string): ItemKey => ({
    pk: `AUDIT#${entity}#${entityId}`,
    sk: `AT#${at}#${entryId}`,
  }),
  /** The whole log, one partition per UTC day (the admin's Activity page). */
  auditEntryIndexes: (at: string, entryId: string): IndexKeys => ({
    gsi1pk: `AUDITDAY#${at.slice(0, 10)}`,
    gsi1sk: `AT#${at}#${entryId}`,
  }),
};

/** Key queries: each list or lookup's partition and sort-key range. */
export const queries = {
  /** Products in name order; names starting with `filter`, case-insensitively. */
  productsByName: (filter = ''): KeyQuery => ({
    index: 'gsi1',
    partition: 'PRODUCTS',
    sort: { beginsWith: `NAME#${filter.toLowerCase()}` },
  }),
  /**
   * Products with a search word equal to `word` (`exact`) or starting with it: in word, then
   * name order. The same items as `begins_with`, asked as the range from the start to the
   * start followed by the highest code point (never in a name: names hold printable
   * characters only), which DynamoDB Local reads by seeking; its `begins_with` walks the rest
   * of the partition when fewer than `Limit` items match (docs/data-model.md, "Product search").
   */
  productsByWord: (word: string, exact: boolean): KeyQuery => {
    const start = exact ? `${word}${wordEnd}` : word;
    return {
      partition: keys.productWord(word, '', '').pk,
      sort: { between: [start, `${start}${lastCodePoint}`] },
    };
  },
  productsByUpdate: (): KeyQuery => ({
    index: 'gsi2',
    partition: 'PRODUCTS',
    sort: { beginsWith: 'UPDATED#' },
  }),
  /** Ranges in serial order; starting serials beginning with `filter`. */
  rangesBySerial: (filter = ''): KeyQuery => ({
    index: 'gsi1',
    partition: 'RANGES',
    sort: { beginsWith: `SERIAL#${filter}` },
  }),
  rangesByUpdate: (): KeyQuery => ({
    index: 'gsi2',
    partition: 'RANGES',
    sort: { beginsWith: 'UPDATED#' },
  }),
  /** One product's ranges in serial order; starting serials beginning with `filter`. */
  productRanges: (productId: string, filter = ''): KeyQuery => ({
    partition: keys.productRange(productId, '', '').pk,
    ...(filter ? { sort: { beginsWith: filter } } : {}),
  }),
  /** The lookup entries of one prefix and width whose start lies in `from`–`to`. */
  serialStarts: (prefix: string, width: number, from: string, to: string): KeyQuery => ({
    partition: keys.serialPartitionVersion(prefix, width).pk,
    sort: { between: [from, to] },
  }),
  /** Search history between two dates (inclusive), either end open. */
  reportRequestsBetween: (from?: string, to?: string): KeyQuery => ({
    index: 'gsi1',
    partition: 'REPORTREQS',
    sort: { between: [`AT#${from ?? ''}`, `AT#${to ? endOfDay(to) : openEnd}`] },
  }),
  /** One unit's results, in test-name then time order. */
  unitResults: (serial: string): KeyQuery => ({
    partition: keys.unitResult(serial, '', '', '').pk,
    sort: { beginsWith: 'RESULT#' },
  }),
  /** Everything a unit holds: its results and the reports issued for it. */
  unitRecord: (serial: string): KeyQuery => ({ partition: keys.unitResult(serial, '', '', '').pk }),
  /** The reports issued for a unit, in issue order (its linkset's credentials). */
  unitReports: (serial: string): KeyQuery => ({
    partition: keys.unitReport(serial, '', '').pk,
    sort: { beginsWith: 'REPORT#' },
  }),
  /** The units with data of a range whose numbers lie in `from`–`to` (zero-padded digits). */
  rangeUnitsBetween: (rangeId: string, from: string, to: string): KeyQuery => ({
    partition: keys.rangeUnit(rangeId, '').pk,
    sort: { between: [from, to] },
  }),
  /** Every result tested between two dates (inclusive), either end open. */
  resultsBetween: (from?: string, to?: string): KeyQuery => ({
    index: 'gsi1',
    partition: 'RESULTS',
    sort: {
      between: [`AT#${from ? `${from}T00:00:00.000Z` : ''}`, `AT#${to ? endOfDay(to) : openEnd}`],
    },
  }),
  machinesByName: (): KeyQuery => ({ index: 'gsi1', partition: 'MACHINES' }),
  /** Every shard of the counters (lambdas/shared/data/counters.ts). */
  stats: (): KeyQuery => ({ partition: keys.stats(0).pk }),
  /** Every shard of the day counters of `from`–`to` (dates); `~` sorts after `#<shard>`. */
  dailyBetween: (from: string, to: string): KeyQuery => ({
    partition: keys.daily('', 0).pk,
    sort: { between: [from, `${to}~`] },
  }),
  /** Every version of a product's test plan, oldest first. */
  testPlans: (productId: string): KeyQuery => ({
    partition: keys.testPlan(productId, 0).pk,
    sort: { beginsWith: 'V#' },
  }),
  /** A product's statistics days of `from`–`to` (dates), every bench's. */
  statisticsDays: (productId: string, from: string, to: string): KeyQuery => ({
    partition: keys.statisticsDay(productId, '', '').pk,
    sort: { between: [from, `${to}#${lastCodePoint}`] },
  }),
  /** A product's and test's counting values tested in `from`–`to` (dates), in time order. */
  statisticsValues: (productId: string, testName: string, from: string, to: string): KeyQuery => ({
    index: 'gsi2',
    partition: keys.statisticsValueIndexes(productId, testName, '', '', '').gsi2pk!,
    sort: { between: [`${from}T00:00:00.000Z`, `${endOfDay(to)}#${lastCodePoint}`] },
  }),
  /** A record's audit entries in time order. */
  auditOf: (entity: string, entityId: string): KeyQuery => ({
    partition: keys.auditEntry(entity, entityId, '', '').pk,
    sort: { beginsWith: 'AT#' },
  }),
  /** One UTC day of the whole audit log. */
  auditOfDay: (day: string): KeyQuery => ({
    index: 'gsi1',
    partition: keys.auditEntryIndexes(day, '').gsi1pk!,
    sort: { beginsWith: 'AT#' },
  }),
};
