import { useCallback, useState } from 'react';

/** A table column's place and visibility, as Cloudscape's content display preference holds it. */
export interface ColumnDisplay {
  id: string;
  visible: boolean;
}

/**
 * A stored column arrangement checked against the table's columns: stored columns
 * keep their order and visibility, columns the store does not know (added since) are
 * appended with their default visibility, and unknown or repeated ids are dropped.
 * Anything unreadable gives the defaults.
 */
export function parseColumnDisplay(
  stored: unknown,
  defaults: readonly ColumnDisplay[],
): ColumnDisplay[] {
  if (!Array.isArray(stored)) return [...defaults];
  const known = new Map(defaults.map((column) => [column.id, column]));
  const result: ColumnDisplay[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, visible } = entry as { id?: unknown; visible?: unknown };
    if (typeof id !== 'string' || !known.has(id) || typeof visible !== 'boolean') continue;
    if (result.some((column) => column.id === id)) continue;
    result.push({ id, visible });
  }
  for (const column of defaults) {
    if (!result.some((entry) => entry.id === column.id)) result.push({ ...column });
  }
  return result;
}

function readStored(key: string, defaults: readonly ColumnDisplay[]): ColumnDisplay[] {
  try {
    const text = window.localStorage.getItem(key);
    return parseColumnDisplay(text ? (JSON.parse(text) as unknown) : undefined, defaults);
  } catch {
    return [...defaults]; // storage blocked or damaged: the defaults
  }
}

/** A table's column order and visibility, remembered in localStorage under `storageKey`. */
export function useColumnDisplayPreference(
  storageKey: string,
  defaults: readonly ColumnDisplay[],
): [ColumnDisplay[], (columns: readonly ColumnDisplay[]) => void] {
  const [columns, setColumns] = useState(() => readStored(storageKey, defaults));
  const update = useCallback(
    (next: readonly ColumnDisplay[]) => {
      const valid = parseColumnDisplay(next, defaults);
      setColumns(valid);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(valid));
      } catch {
        // storage blocked: the choice lasts for this visit only
      }
    },
    [storageKey, defaults],
  );
  return [columns, update];
}
