import { useCallback, useState } from 'react';
import { maxPageSize, pageSizes } from '../../../lambdas/shared/contract/schemas/staff';

/** Page sizes a back-office table offers; the last one, the API's maximum, is shown as "All". */
export const pageSizeOptions: readonly number[] = [...pageSizes, maxPageSize];

export const allPageSize = maxPageSize;
export const defaultPageSize = 20;

/** A stored page size, if it is one of the offered sizes. */
export function parsePageSize(value: unknown): number | undefined {
  const size = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof size === 'number' && pageSizeOptions.includes(size) ? size : undefined;
}

function readStored(key: string): number | undefined {
  try {
    return parsePageSize(window.localStorage.getItem(key));
  } catch {
    return undefined; // storage blocked: use the default
  }
}

/** A table's page size, remembered in localStorage under `storageKey`. */
export function usePageSizePreference(storageKey: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => readStored(storageKey) ?? defaultPageSize);
  const update = useCallback(
    (next: number) => {
      const valid = parsePageSize(next) ?? defaultPageSize;
      setSize(valid);
      try {
        window.localStorage.setItem(storageKey, String(valid));
      } catch {
        // storage blocked: the choice lasts for this visit only
      }
    },
    [storageKey],
  );
  return [size, update];
}
