import * as z from 'zod';
import type { AuditChange, AuditEntry } from '../contract/schemas/audit';
import { keys, type ItemKey } from '../keys';
import { serialRangeLabel } from './audit';
import { getItems, itemKeyId } from './read';

/**
 * Names for entries written before entries kept them (`subjectLabel`, `subjectDetail`, the
 * names beside a range's `productId`): first from the entry's own fields (a create or a
 * delete holds the record's name as it was), then from the record as it is now; left out
 * when the record no longer exists (the app then says so, e.g. "Product (deleted)"). Entries
 * that carry their names cost nothing: only the records of unnamed entries are read, once
 * each (BatchGetItem), and accounts through `staff`.
 */

/** A staff account's name and email now, or undefined when it no longer exists. */
export type StaffLookup = (id: string) => Promise<{ name: string; email: string } | undefined>;

const productNameSchema = z.object({ name: z.string() });
const rangeNamesSchema = z.object({
  startSerial: z.string(),
  endSerial: z.string(),
  productId: z.string(),
});
const machineNameSchema = z.object({ name: z.string() });
const requestNamesSchema = z.object({
  reportNumber: z.string().nullable().default(null),
  serialNumber: z.string(),
});
const recordNamesSchema = z.union([
  rangeNamesSchema,
  requestNamesSchema,
  productNameSchema,
  machineNameSchema,
]);

/** A changed field's value as the record holds it at the entry: after, or before a delete. */
function ownValue(change: AuditChange | undefined): string | undefined {
  if (!change) return undefined;
  const value = change.to ?? change.from;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const fieldOf = (entry: AuditEntry, field: string) =>
  Object.hasOwn(entry.changes, field) ? entry.changes[field] : undefined;

/** The names an entry's own changes give, when they name the record whole. */
function ownNames(entry: AuditEntry): Pick<AuditEntry, 'subjectLabel' | 'subjectDetail'> {
  const name = ownValue(fieldOf(entry, 'name'));
  switch (entry.entity) {
    case 'product':
    case 'machine':
      return name ? { subjectLabel: name } : {};
    case 'staff': {
      const email = ownValue(fieldOf(entry, 'email'));
      return name ? { subjectLabel: name, ...(email ? { subjectDetail: email } : {}) } : {};
    }
    case 'serial-range': {
      const start = ownValue(fieldOf(entry, 'startSerial'));
      const end = ownValue(fieldOf(entry, 'endSerial'));
      return start && end ? { subjectLabel: serialRangeLabel(start, end) } : {};
    }
    case 'unit':
      return { subjectLabel: entry.entityId };
    // An import's entries carry their file's name.
    case 'import':
    case 'report-request':
    case 'machine-data':
    case 'settings':
      return {};
  }
}

/** The record an unnamed entry is about, when it is kept in the table. */
function recordKey(entry: AuditEntry): ItemKey | undefined {
  switch (entry.entity) {
    case 'product':
      return keys.product(entry.entityId);
    case 'serial-range':
      return keys.serialRange(entry.entityId);
    case 'machine':
      return keys.machine(entry.entityId);
    case 'report-request':
      return keys.reportRequest(entry.entityId);
    default:
      return undefined;
  }
}

/** Product ids a range's `productId` change names without their names. */
function unnamedProducts(entry: AuditEntry): string[] {
  if (entry.entity !== 'serial-range') return [];
  const change = fieldOf(entry, 'productId');
  if (!change) return [];
  return [
    ...(change.fromLabel === undefined && typeof change.from === 'string' ? [change.from] : []),
    ...(change.toLabel === undefined && typeof change.to === 'string' ? [change.to] : []),
  ];
}

/**
 * The entries with names for those written without: see the module's comment. The order
 * and everything an entry carried stay as they were.
 */
export async function withAuditLabels(
  entries: readonly AuditEntry[],
  staff?: StaffLookup,
): Promise<AuditEntry[]> {
  const named = entries.map((entry) =>
    entry.subjectLabel ? entry : { ...entry, ...ownNames(entry) },
  );
  const unnamed = named.filter((entry) => !entry.subjectLabel);
  const records = await getItems(
    unnamed.flatMap((entry) => recordKey(entry) ?? []),
    // A record of another shape than expected names nothing; it does not fail the list.
    { parse: (item) => recordNamesSchema.safeParse(item).data },
  );
  // Products by name: those a range change names, and those of the ranges just read.
  const productIds = new Set(named.flatMap(unnamedProducts));
  for (const record of records.values()) {
    if (record && 'productId' in record) productIds.add(record.productId);
  }
  const readName = (id: string) => {
    const record = records.get(itemKeyId(keys.product(id)));
    return record && 'name' in record ? record.name : undefined;
  };
  const products = await getItems(
    [...productIds].filter((id) => readName(id) === undefined).map((id) => keys.product(id)),
    { parse: (item) => productNameSchema.safeParse(item).data },
  );
  const productName = (id: unknown) =>
    typeof id === 'string'
      ? (readName(id) ?? products.get(itemKeyId(keys.product(id)))?.name)
      : undefined;
  const accounts = new Map<string, { name: string; email: string } | undefined>();
  if (staff) {
    const ids = new Set(
      unnamed.filter((entry) => entry.entity === 'staff').map((entry) => entry.entityId),
    );
    await Promise.all([...ids].map(async (id) => accounts.set(id, await staff(id))));
  }

  return named.map((entry) => {
    const labelled = entry.subjectLabel ? entry : { ...entry, ...currentNames(entry) };
    const refs = unnamedProducts(entry);
    if (refs.length === 0) return labelled;
    const change = fieldOf(entry, 'productId')!;
    const fromLabel = change.fromLabel ?? productName(change.from);
    const toLabel = change.toLabel ?? productName(change.to);
    return {
      ...labelled,
      changes: {
        ...labelled.changes,
        productId: {
          ...change,
          ...(fromLabel === undefined ? {} : { fromLabel }),
          ...(toLabel === undefined ? {} : { toLabel }),
        },
      },
    };
  });

  /** The names of the record as it is now, or none when it is gone. */
  function currentNames(entry: AuditEntry): Pick<AuditEntry, 'subjectLabel' | 'subjectDetail'> {
    if (entry.entity === 'staff') {
      const account = accounts.get(entry.entityId);
      return account ? { subjectLabel: account.name, subjectDetail: account.email } : {};
    }
    const key = recordKey(entry);
    const record = key && records.get(itemKeyId(key));
    if (!record) return {};
    if ('startSerial' in record) {
      const product = productName(record.productId);
      return {
        subjectLabel: serialRangeLabel(record.startSerial, record.endSerial),
        ...(product ? { subjectDetail: product } : {}),
      };
    }
    if ('serialNumber' in record) {
      return {
        subjectLabel: record.reportNumber ?? record.serialNumber,
        subjectDetail: record.serialNumber,
      };
    }
    return { subjectLabel: record.name };
  }
}
