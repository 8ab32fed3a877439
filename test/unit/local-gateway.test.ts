import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

let gateway: Gateway | undefined;
let taken: Server | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
  taken?.close();
  taken = undefined;
});

describe('local gateway thread', () => {
  it('answers on new connections while the functions’ thread is blocked', async () => {
    const port = await findFreeBasePort();
    gateway = await startGateway(options(port));
    // A client on a thread of its own writes the status it got into shared memory; this
    // thread waits on that memory without turning its event loop once.
    const answered = new Int32Array(new SharedArrayBuffer(4));
    const client = new Worker(
      `const { workerData } = require('node:worker_threads');
       const statuses = new Int32Array(workerData.memory);
       fetch('http://127.0.0.1:' + workerData.port + '/config.json', { headers: { connection: 'close' } })
         .then((response) => { Atomics.store(statuses, 0, response.status); Atomics.notify(statuses, 0); });`,
      { eval: true, workerData: { port, memory: answered.buffer } },
    );
    try {
      const outcome = Atomics.wait(answered, 0, 0, 10_000);
      expect(outcome).toBe('ok');
      expect(Atomics.load(answered, 0)).toBe(200);
    } finally {
      await client.terminate();
    }
  });

  it('answers 500 with the standard body when a handler fails on this thread', async () => {
    // The functions' environment is not set here: the health function's module throws as
    // it loads, like a Lambda whose start-up fails (the integration tests invoke the rest).
    expect(process.env.TABLE_NAME).toBeUndefined();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const port = await findFreeBasePort();
    gateway = await startGateway(options(port));
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'internal' } });
    expect(logged).toHaveBeenCalledWith('[gateway] GET /api/health failed:', expect.any(Error));
    logged.mockRestore();
  });

  it('says which port is taken when it cannot listen', async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    await expect(startGateway(options(port))).rejects.toMatchObject({ code: 'EADDRINUSE', port });
  });
});

process.on('exit', () => rmSync(webDir, { recursive: true, force: true }));
