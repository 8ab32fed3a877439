import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpEvent, HttpResult } from '../../lambdas/shared/http/types';
import type { GatewayOptions } from './gateway-server';
import { startServiceThread } from './service-thread';
import { repoRoot } from './settings';

export type { GatewayOptions };

/** An invocation the gateway's thread sends the functions' thread. */
export interface Invocation {
  id: number;
  handler: string;
  routeKey: string;
  event: HttpEvent;
}

/** The functions' thread's answer to an invocation (`result` null: the handler threw). */
export interface InvocationResult {
  id: number;
  result: HttpResult | null;
}

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
  const thread = startServiceThread({
    // The thread runs TypeScript: its entry registers tsx, then loads gateway-thread.ts.
    entry: new URL('./typescript-thread.mjs', import.meta.url),
    workerData: { module: new URL('./gateway-thread.ts', import.meta.url).href, options },
    port: options.port,
    name: 'gateway',
    onMessage: (message) => void invoke(message as Invocation),
  });
  async function invoke({ id, handler, routeKey, event }: Invocation) {
    let result: HttpResult | null;
    try {
      result = await (await loadHandler(handler))(event);
    } catch (error) {
      console.error(`[gateway] ${routeKey} failed:`, error);
      result = null;
    }
    (await thread).worker.postMessage({ id, result } satisfies InvocationResult);
  }
  const { stop } = await thread;
  return { stop };
}
