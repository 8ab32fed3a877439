import { ApiError } from '../../lib/api-client';

/** A row the API refused: its name as a person reads it, and the API's words. */
export interface BulkRowFailure {
  name: string;
  message: string;
}

/**
 * Runs `run` on each item, one after another (the API's route for one record, each its own
 * audited change), going on past a refusal: the rows changed and each refused row, by name,
 * with the API's words (`fallback` for a failure that is not the API's answer).
 */
export async function runEach<T>(
  items: readonly T[],
  run: (item: T) => Promise<unknown>,
  itemName: (item: T) => string,
  fallback: string,
  onProgress: (done: number) => void = () => {},
): Promise<{ changed: number; failures: BulkRowFailure[] }> {
  const failures: BulkRowFailure[] = [];
  let changed = 0;
  for (const [index, item] of items.entries()) {
    try {
      await run(item);
      changed++;
    } catch (error) {
      failures.push({
        name: itemName(item),
        message: error instanceof ApiError ? error.message : fallback,
      });
    }
    onProgress(index + 1);
  }
  return { changed, failures };
}
