import { parentPort, workerData } from 'node:worker_threads';
import type { HttpResult } from '../../lambdas/shared/http/types';
import { serveGateway, type GatewayOptions } from './gateway-server';
import type { Invocation, InvocationResult } from './gateway';

/**
 * The gateway's thread (started by gateway.ts through service-thread.ts): the HTTP server;
 * every invocation goes to the functions' thread.
 */
const port = parentPort!;
const { options } = workerData as { options: GatewayOptions };
const pending = new Map<number, (result: HttpResult | null) => void>();
let nextId = 0;

try {
  const server = await serveGateway(options, (route, event) => {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      port.postMessage({
        id,
        handler: route.handler,
        routeKey: event.routeKey,
        event,
      } satisfies Invocation);
    });
  });
  port.on('message', (message: InvocationResult | 'stop') => {
    if (message !== 'stop') {
      // An answer after the gateway's timeout finds nobody waiting, as in API Gateway.
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
      return;
    }
    server.closeAllConnections();
    server.close(() => {
      port.postMessage({ stopped: true });
      port.close();
    });
  });
  port.postMessage({ ready: true });
} catch (error) {
  const failure = error as { code?: string; message?: string };
  port.postMessage({ failed: { code: failure.code, message: String(failure.message ?? error) } });
  port.close();
}
