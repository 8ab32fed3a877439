/**
 * Wraps a two-step task (a slow `load`, then a quick `apply`) so that only the last
 * request is applied: when requests overlap, an earlier one whose load ends later is
 * dropped instead of undoing the later one (two quick language switches end on the
 * second). The returned function resolves `true` when its request was applied, `false`
 * when a later request superseded it, and rejects only when the load of the latest
 * request fails, so a failure is reported once, for the request that still matters.
 */
export function lastRequestWins<T>(
  load: (value: T) => Promise<unknown>,
  apply: (value: T) => Promise<void> | void,
): (value: T) => Promise<boolean> {
  let latest = 0;
  return async (value) => {
    const request = ++latest;
    try {
      await load(value);
    } catch (error) {
      if (request !== latest) return false;
      throw error;
    }
    if (request !== latest) return false;
    await apply(value);
    return true;
  };
}
