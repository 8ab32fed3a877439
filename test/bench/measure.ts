/** Latency figures of `count` sequential calls after `warmup` unmeasured ones. */
export async function measure(
  call: (index: number) => Promise<void>,
  { warmup = 200, count = 400 } = {},
): Promise<{ median: number; p99: number; mean: number }> {
  for (let i = 0; i < warmup; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    median: at(0.5),
    p99: at(0.99),
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
  };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Runs `tasks` with at most `parallel` in flight. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], parallel: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

/** The `q` quantile (0 to 1) of `times`, in any order: the value at that place once sorted. */
export const quantile = (times: readonly number[], q: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
