// One emulator (s3rver or the SES emulator) on a thread of its own, started by
// emulators.ts. In AWS these are services apart from the functions; on one event loop with
// the handlers, their work (s3rver writes each object and its metadata, the SES emulator
// parses every mail) queued the handlers' under load. Plain JavaScript: the packages are
// JavaScript, and a worker thread does not get tsx's TypeScript loader on Node 20.
import { createRequire } from 'node:module';
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** @type {{ kind: 's3' | 'mail', port: number, dataDir?: string, sesAccount?: string }} */
const options = workerData;

/** Listens as `listen` does, resolving with the server or rejecting with the listen error. */
function listening(server) {
  return new Promise((resolve, reject) => {
    if (server.listening) return resolve(server);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

async function startS3() {
  const S3rver = require('s3rver');
  // s3rver listens without an error handler: a taken port would end the thread unheard.
  class S3Emulator extends S3rver {
    listen(...args) {
      const server = super.listen(...args, () => undefined);
      return listening(server);
    }
  }
  const emulator = new S3Emulator({
    address: '127.0.0.1',
    port: options.port,
    directory: options.dataDir,
    silent: true,
  });
  await emulator.run();
  return () => emulator.close();
}

async function startMail() {
  // The emulator answers SESv2 GetAccount (the health check's probe) from this variable.
  process.env.AWS_SES_ACCOUNT ??= options.sesAccount;
  const { default: serve } = require('aws-ses-v2-local');
  const server = await serve({ port: options.port, host: '127.0.0.1' });
  // Express 5 hands a failed listen to the callback, which the emulator takes for success.
  if (!server.listening) throw Object.assign(new Error('port taken'), { code: 'EADDRINUSE' });
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
}

try {
  const stop = await (options.kind === 's3' ? startS3() : startMail());
  parentPort.once('message', async () => {
    await stop().catch(() => undefined);
    parentPort.postMessage({ stopped: true });
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({
    failed: { code: error?.code, message: String(error?.message ?? error) },
  });
}
