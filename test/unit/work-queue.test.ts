import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../lambdas/shared/errors';
import { workQueue } from '../../lambdas/shared/work-queue';

/** A job that ends when told to, recording when it started. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    run: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(),
  };
}

describe('workQueue', () => {
  it('runs one job at a time, queues the allowed number, refuses the rest at once', async () => {
    const run = workQueue({ running: 1, waiting: 2 });
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => job(log, name));
    const answers = [a!, b!, c!].map((item) => run(item.run));
    await expect(run(d!.run)).rejects.toBeInstanceOf(UnavailableError);
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a!.finish();
    expect(await answers[0]).toBe('a');
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start b']);
    // A place in line is free again.
    const e = job(log, 'e');
    const later = run(e.run);
    b!.finish();
    c!.finish();
    e.finish();
    expect(await Promise.all([answers[1], answers[2], later])).toEqual(['b', 'c', 'e']);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start e']);
  });

  it('frees the place of a job that failed', async () => {
    const run = workQueue({ running: 1, waiting: 0 });
    await expect(run(() => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    await expect(run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
