import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startGateway, type Gateway } from '../../bin/local/gateway';
import { findFreeBasePort } from '../../bin/local/preflight';

/**
 * The local gateway runs on a thread of its own, apart from the handlers (as API Gateway
 * is apart from Lambda): it accepts connections and answers what it serves itself while
 * the functions' thread is busy. On one thread, a burst of new connections waited for the
 * handlers' work (Node accepts one connection per turn of its event loop).
 */
const webDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
const options = (port: number) => ({
  port,
  webDir,
  webConfig: { appName: 'Test Report Center' },
  // Never fetched here: no request carries a token.
  jwt: {
    issuer: 'http://127.0.0.1:9/pool',
    jwksUrl: 'http://127.0.0.1:9/pool/.well-known/jwks.json',
    clientId: 'client',
  },
  connectSources: [],
});

/**
 * Sends one request on a new connection from a thread of its own, which writes the
 * answer's status into shared memory: the caller can wait on it without turning its
 * event loop once (Atomics.wait).
 */
function requestOnAnotherThread(port: number, path: string) {
  const status = new Int32Array(new SharedArrayBuffer(4));
  const client = new Worker(
    `const { workerData } = require('node:worker_threads');
     const status = new Int32Array(workerData.memory);
     fetch('http://127.0.0.1:' + workerData.port + workerData.path, { headers: { connection: 'close' } })
       .then((response) => { Atomics.store(status, 0, response.status); Atomics.notify(status, 0); });`,
    { eval: true, workerData: { port, path, memory: status.buffer } },
  );
  return { status, client };
}

let gateway: Gateway | undefined;
let taken: Server | undefined;
// The health function fails to load here (the functions' environment is not set): its
// failures are logged, as the gateway logs a Lambda invocation error.
let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  logged.mockRestore();
  await gateway?.stop();
  gateway = undefined;
  taken?.close();
  taken = undefined;
});

describe('local gateway thread', () => {
  it('answers on new connections while the functions’ thread is blocked', async () => {
    const port = await findFreeBasePort();
    gateway = await startGateway(options(port));
    const { status, client } = requestOnAnotherThread(port, '/config.json');
    try {
      expect(Atomics.wait(status, 0, 0, 10_000)).toBe('ok');
      expect(Atomics.load(status, 0)).toBe(200);
    } finally {
      await client.terminate();
    }
  });

  it('answers 504 when a handler outlasts the timeout, as API Gateway does', async () => {
    const port = await findFreeBasePort();
    gateway = await startGateway({ ...options(port), handlerTimeoutMs: 300 });
    const { status, client } = requestOnAnotherThread(port, '/api/health');
    try {
      // This thread, the functions', is held past the timeout: the handler cannot answer.
      expect(Atomics.wait(status, 0, 0, 10_000)).toBe('ok');
      expect(Atomics.load(status, 0)).toBe(504);
      // Once free, this thread still runs the invocation; its answer finds nobody waiting.
      // (A busy machine may take seconds to get there.)
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000 });
    } finally {
      await client.terminate();
    }
  });

  it('cuts off a client that does not finish its request within the request timeout', async () => {
    const port = await findFreeBasePort();
    gateway = await startGateway({ ...options(port), requestTimeoutMs: 400 });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    // A body announced at 1,000 bytes, 10 of them sent, the rest never.
    socket.write(
      'POST /api/report-requests HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"serial":',
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 500 with the standard body when a handler fails on this thread', async () => {
    // The functions' environment is not set here: the health function's module throws as
    // it loads, like a Lambda whose start-up fails (the integration tests invoke the rest).
    expect(process.env.TABLE_NAME).toBeUndefined();
    const port = await findFreeBasePort();
    gateway = await startGateway(options(port));
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'internal' } });
    expect(logged).toHaveBeenCalledWith('[gateway] GET /api/health failed:', expect.any(Error));
  });

  it('says which port is taken when it cannot listen', async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    await expect(startGateway(options(port))).rejects.toMatchObject({ code: 'EADDRINUSE', port });
  });
});

process.on('exit', () => rmSync(webDir, { recursive: true, force: true }));
