import { useCallback, useState } from 'react';

/** A table column's place and visibility, as Cloudscape's content display preference holds it. */
export interface ColumnDisplay {
  id: string;
  visible: boolean;
}

/**
 * What is stored: the arrangement and the defaults it was chosen against, so that what a
 * person changed can be told from what they only left as it was.
 */
interface StoredArrangement {
  columns: ColumnDisplay[];
  defaults: ColumnDisplay[];
}

/** The well-formed entries of `value` naming one of `known`, each id once. */
function entriesOf(value: unknown, known: ReadonlySet<string>): ColumnDisplay[] {
  if (!Array.isArray(value)) return [];
  const result: ColumnDisplay[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, visible } = entry as { id?: unknown; visible?: unknown };
    if (typeof id !== 'string' || !known.has(id) || typeof visible !== 'boolean') continue;
    if (result.some((column) => column.id === id)) continue;
    result.push({ id, visible });
  }
  return result;
}

/**
 * A stored arrangement checked against the table's columns and today's `defaults`. What
 * the person chose is kept: a column shown or hidden unlike the defaults it was chosen
 * against, and the order once they moved a column. The rest follows today's defaults, so
 * a column hidden by default since then is hidden for someone who only changed the page
 * size (the preferences dialog stores the columns with every confirm). Columns the store
 * does not know (added since) come last with their default visibility; unknown or
 * repeated ids are dropped; anything unreadable gives the defaults.
 *
 * An arrangement stored as a bare list (before the defaults were kept with it) was chosen
 * against `listDefaults`: the defaults of that time.
 */
export function parseColumnDisplay(
  stored: unknown,
  defaults: readonly ColumnDisplay[],
  listDefaults: readonly ColumnDisplay[] = defaults,
): ColumnDisplay[] {
  const known = new Set(defaults.map((column) => column.id));
  let chosen: ColumnDisplay[];
  let base: readonly ColumnDisplay[];
  if (Array.isArray(stored)) {
    chosen = entriesOf(stored, known);
    base = listDefaults;
  } else if (typeof stored === 'object' && stored !== null) {
    const arrangement = stored as Partial<Record<keyof StoredArrangement, unknown>>;
    chosen = entriesOf(arrangement.columns, known);
    base = entriesOf(arrangement.defaults, known);
  } else {
    return [...defaults];
  }
  if (chosen.length === 0) return [...defaults];

  const baseVisible = new Map(base.map((column) => [column.id, column.visible]));
  const today = new Map(defaults.map((column) => [column.id, column.visible]));
  const visible = (entry: ColumnDisplay) => {
    const was = baseVisible.get(entry.id);
    return was === undefined || was !== entry.visible ? entry.visible : today.get(entry.id)!;
  };
  const chosenIds = chosen.map((entry) => entry.id);
  const baseOrder = base.map((column) => column.id).filter((id) => chosenIds.includes(id));
  const moved =
    chosenIds.filter((id) => baseOrder.includes(id)).join('\n') !== baseOrder.join('\n');
  if (!moved) {
    return defaults.map((column) => {
      const entry = chosen.find((candidate) => candidate.id === column.id);
      return { id: column.id, visible: entry ? visible(entry) : column.visible };
    });
  }
  const result = chosen.map((entry) => ({ id: entry.id, visible: visible(entry) }));
  for (const column of defaults) {
    if (!chosenIds.includes(column.id)) result.push({ ...column });
  }
  return result;
}

function readStored(
  key: string,
  defaults: readonly ColumnDisplay[],
  listDefaults: readonly ColumnDisplay[],
): ColumnDisplay[] {
  try {
    const text = window.localStorage.getItem(key);
    return parseColumnDisplay(
      text ? (JSON.parse(text) as unknown) : undefined,
      defaults,
      listDefaults,
    );
  } catch {
    return [...defaults]; // storage blocked or damaged: the defaults
  }
}

/**
 * A table's column order and visibility, remembered in localStorage under `storageKey`
 * with the defaults it was chosen against. `listDefaults`: the defaults an arrangement
 * stored as a bare list (the earlier form) was chosen against, when they differ from
 * today's.
 */
export function useColumnDisplayPreference(
  storageKey: string,
  defaults: readonly ColumnDisplay[],
  listDefaults: readonly ColumnDisplay[] = defaults,
): [ColumnDisplay[], (columns: readonly ColumnDisplay[]) => void] {
  const [columns, setColumns] = useState(() => readStored(storageKey, defaults, listDefaults));
  const update = useCallback(
    (next: readonly ColumnDisplay[]) => {
      const arrangement: StoredArrangement = {
        columns: parseColumnDisplay({ columns: next, defaults }, defaults),
        defaults: [...defaults],
      };
      setColumns(arrangement.columns);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(arrangement));
      } catch {
        // storage blocked: the choice lasts for this visit only
      }
    },
    [storageKey, defaults],
  );
  return [columns, update];
}
