import { parentPort, workerData } from 'node:worker_threads';
import type { HttpResult } from '../../lambdas/shared/http/types';
import { serveGateway, type GatewayOptions } from './gateway-server';
import type { GatewayMessage, FunctionMessage } from './gateway';

/** The gateway's thread: the HTTP server; every invocation goes to the functions' thread. */
const port = parentPort!;
const { options } = workerData as { options: GatewayOptions };
const pending = new Map<number, (result: HttpResult | null) => void>();
let nextId = 0;
const send = (message: GatewayMessage) => port.postMessage(message);

try {
  const server = await serveGateway(options, (route, event) => {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      send({ type: 'invoke', id, handler: route.handler, routeKey: event.routeKey, event });
    });
  });
  port.on('message', (message: FunctionMessage) => {
    if (message.type === 'result') {
      // An answer after the gateway's timeout finds nobody waiting, as in API Gateway.
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    } else {
      server.closeAllConnections();
      server.close(() => {
        send({ type: 'closed' });
        port.close();
      });
    }
  });
  send({ type: 'listening' });
} catch (error) {
  const failure = error as { code?: string; message?: string };
  send({ type: 'failed', code: failure.code, message: String(failure.message ?? error) });
  port.close();
}
