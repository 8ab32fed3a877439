import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { PortTakenError } from './preflight';

/**
 * What a service's thread posts about itself: listening (`ready`), its listen failed
 * (`failed`), or it closed after the `'stop'` message (`stopped`). Any other message is the
 * service's own (the gateway's invocations).
 */
type ThreadControl =
  { ready: true } | { stopped: true } | { failed: { code?: string; message: string } };

const isControl = (message: unknown): message is ThreadControl =>
  typeof message === 'object' &&
  message !== null &&
  ('ready' in message || 'stopped' in message || 'failed' in message);

/**
 * Starts a local service on a worker thread of its own (the SES and S3 emulators, the
 * gateway), as the services are apart from the functions in AWS, and resolves once it
 * listens; a taken port is the stack's `PortTakenError`. Stopping asks the thread to close
 * (5 s at most), then ends it; a thread that ended on its own is not waited for.
 */
export async function startServiceThread(options: {
  /** The thread's entry module; it receives `workerData` and the `'stop'` message. */
  entry: URL;
  workerData: unknown;
  /** The port it listens on, for the message when that is taken. */
  port: number;
  /** Named in the log when the thread fails. */
  name: string;
  /** The service's own messages. */
  onMessage?: (message: unknown) => void;
}): Promise<{ worker: Worker; stop(): Promise<void> }> {
  const worker = new Worker(options.entry, {
    workerData: options.workerData,
    // None of this process's loaders or flags: an entry that needs TypeScript registers it.
    execArgv: [],
  });
  const waiting: ((message: ThreadControl) => void)[] = [];
  worker.on('message', (message: unknown) => {
    if (isControl(message)) waiting.shift()?.(message);
    else options.onMessage?.(message);
  });
  const next = () =>
    new Promise<ThreadControl>((resolve, reject) => {
      waiting.push(resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`${options.name} thread ended (${code})`)));
    });
  const first = await next();
  if ('failed' in first) {
    await worker.terminate();
    if (first.failed.code === 'EADDRINUSE') throw new PortTakenError(options.port);
    throw new Error(first.failed.message);
  }
  // Should the thread end on its own, the stack notices at its next request, as with a
  // crashed service; this process is not taken down with it.
  worker.on('error', (error) => console.error(`${options.name} thread:`, error));
  let ended = false;
  worker.once('exit', () => (ended = true));
  return {
    worker,
    stop: async () => {
      if (ended) return;
      const stopped = next().catch(() => undefined);
      worker.postMessage('stop');
      await Promise.race([stopped, delay(5_000)]);
      await worker.terminate();
    },
  };
}
