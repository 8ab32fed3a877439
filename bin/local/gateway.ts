import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HttpEvent, HttpResult } from '../../lambdas/shared/http/types';
import type { GatewayOptions } from './gateway-server';
import { PortTakenError } from './preflight';
import { repoRoot } from './settings';

export type { GatewayOptions };

/** What the gateway's thread sends the functions' thread. */
export type GatewayMessage =
  | { type: 'listening' | 'closed' }
  | { type: 'failed'; code?: string; message: string }
  | { type: 'invoke'; id: number; handler: string; routeKey: string; event: HttpEvent };

/** What the functions' thread answers (`result` null: the handler threw) or asks. */
export type FunctionMessage =
  { type: 'result'; id: number; result: HttpResult | null } | { type: 'close' };

type Handler = (event: HttpEvent) => Promise<HttpResult>;

export interface Gateway {
  stop(): Promise<void>;
}

/**
 * Starts the local gateway (gateway-server.ts) on a thread of its own and runs the
 * handlers it invokes on this one, as API Gateway and Lambda are apart in AWS: the
 * gateway accepts connections and reads requests while the handlers work. On one thread,
 * a burst of new connections waited for the handlers (Node accepts one connection per
 * turn of its event loop, and a turn under load is tens of milliseconds).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const worker = new Worker(new URL('./typescript-thread.mjs', import.meta.url), {
    workerData: { module: new URL('./gateway-thread.ts', import.meta.url).href, options },
    execArgv: [],
  });
  const handlers = new Map<string, Promise<Handler>>();
  const loadHandler = (module: string): Promise<Handler> => {
    let loaded = handlers.get(module);
    if (!loaded) {
      loaded = import(pathToFileURL(join(repoRoot, module)).href).then(
        (imported: { handler: Handler }) => imported.handler,
      );
      handlers.set(module, loaded);
    }
    return loaded;
  };
  const answer = (message: FunctionMessage) => worker.postMessage(message);
  const invoke = async ({ id, handler, routeKey, event }: GatewayMessage & { type: 'invoke' }) => {
    try {
      const result = await (await loadHandler(handler))(event);
      answer({ type: 'result', id, result });
    } catch (error) {
      console.error(`[gateway] ${routeKey} failed:`, error);
      answer({ type: 'result', id, result: null });
    }
  };

  let closed: () => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the gateway's thread ended (${code})`)));
    worker.on('message', (message: GatewayMessage) => {
      switch (message.type) {
        case 'invoke':
          return void invoke(message);
        case 'listening':
          return resolve();
        case 'closed':
          return closed();
        case 'failed':
          return reject(
            message.code === 'EADDRINUSE'
              ? new PortTakenError(options.port)
              : new Error(message.message),
          );
      }
    });
  });
  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  // Should the thread end on its own, the stack stops without waiting for it.
  worker.on('error', (error) => console.error('gateway thread:', error));
  let ended = false;
  worker.once('exit', () => (ended = true));
  return {
    stop: async () => {
      if (ended) return;
      const done = new Promise<void>((resolve) => {
        closed = resolve;
        worker.once('exit', () => resolve());
      });
      answer({ type: 'close' });
      await done;
      await worker.terminate();
    },
  };
}
