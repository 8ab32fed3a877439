import { UnavailableError } from './errors';

/**
 * A line for CPU-heavy work (a sheet of labels takes about half a second of CPU): at most
 * `running` jobs at once in this process and `waiting` more in line; a job beyond that is
 * refused at once with 503 `unavailable` ("try again shortly") rather than left to pile up.
 * In AWS a function instance serves one request at a time, so the line never refuses
 * there (concurrency is the function's reserved concurrency). Locally one process serves
 * every route: without the line, 25 label requests at once each took their share of the
 * CPU, all timed out, and the public resolver waited seconds behind them.
 */
export function workQueue(limits: { running: number; waiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running < limits.running) {
      running += 1;
    } else if (waiting.length < limits.waiting) {
      // The finishing job hands its place over: `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      throw new UnavailableError();
    }
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
