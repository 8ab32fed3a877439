import { machineApi } from '../../../../lambdas/shared/contract/api/machines';
import { productReadApi } from '../../../../lambdas/shared/contract/api/products';
import { serialRangeApi } from '../../../../lambdas/shared/contract/api/serial-ranges';
import { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import {
  serialRangeLabel,
  type AuditEntity,
} from '../../../../lambdas/shared/contract/schemas/audit';
import { productFilterMaxLength } from '../../../../lambdas/shared/contract/schemas/product-query';
import { serialRangeFilterMaxLength } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { normalizeSerial } from '../../../../lambdas/shared/contract/serial';
import { api } from '../../lib/api-client';
import { fetchAllPages, wholePageSize } from '../../lib/cursor-page';

/**
 * What the Activity page offers to narrow the log by: people and machines by name (the
 * API's `actor` is their id), records of a kind by what people read (`entity` and `id`).
 * Only the Activity page loads this (and the contracts it calls).
 */

/** One choice of a list: the id the API is asked with, and what a person reads. */
export interface Choice {
  value: string;
  label: string;
  /** What tells it apart: an account's email. */
  description?: string;
  /** A machine, beside people. */
  machine?: boolean;
}

/** Records found per search (the list then asks to type more). */
export const recordMatches = 50;

/** Every staff account (name, email) and every machine (name), people first, by name. */
export async function listActors(signal?: AbortSignal): Promise<Choice[]> {
  const [people, machines] = await Promise.all([
    fetchAllPages((cursor) =>
      api(staffApi, 'GET /api/staff', { query: { limit: wholePageSize, cursor }, signal }),
    ),
    fetchAllPages((cursor) =>
      api(machineApi, 'GET /api/machines', { query: { limit: wholePageSize, cursor }, signal }),
    ),
  ]);
  return [
    ...people.map((person) => ({
      value: person.id,
      label: person.name,
      description: person.email,
    })),
    ...machines.map((machine) => ({ value: machine.id, label: machine.name, machine: true })),
  ];
}

/** Kinds of record the page lets a person pick one of. */
export const pickableEntities = ['product', 'serial-range', 'staff', 'machine'] as const;
export type PickableEntity = (typeof pickableEntities)[number];

export const isPickable = (entity: AuditEntity | ''): entity is PickableEntity =>
  (pickableEntities as readonly string[]).includes(entity);

/** Kinds of record searched through the API as typed (there may be many). */
export type SearchedEntity = Extract<PickableEntity, 'product' | 'serial-range'>;

export const isSearched = (entity: PickableEntity): entity is SearchedEntity =>
  entity === 'product' || entity === 'serial-range';

/**
 * Records matching what was typed, the first {@link recordMatches}: products whose name
 * starts with it, ranges whose first serial does (text no serial starts with finds none,
 * without asking). Staff accounts and machines are chosen from {@link listActors}.
 */
export async function findRecords(
  entity: SearchedEntity,
  text: string,
  signal?: AbortSignal,
): Promise<Choice[]> {
  const typed = text.trim();
  if (entity === 'product') {
    const filter = typed.slice(0, productFilterMaxLength);
    const page = await api(productReadApi, 'GET /api/products', {
      query: { limit: recordMatches, sort: 'name', ...(filter ? { filter } : {}) },
      signal,
    });
    return page.items.map((product) => ({ value: product.id, label: product.name }));
  }
  const filter = typed ? normalizeSerial(typed.slice(0, serialRangeFilterMaxLength)) : '';
  if (filter === null) return [];
  const page = await api(serialRangeApi, 'GET /api/serial-numbers', {
    query: { limit: recordMatches, sort: 'startSerial', ...(filter ? { filter } : {}) },
    signal,
  });
  return page.items.map((range) => ({
    value: range.id,
    label: serialRangeLabel(range.startSerial, range.endSerial),
  }));
}
