import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreeBasePort } from '../../bin/local/preflight';
import { repoRoot } from '../../bin/local/settings';

/** What `npm start` writes to STACK_INFO_FILE. */
export interface StackInfo {
  appUrl: string;
  mailViewerUrl: string;
  sampleSerial: string | null;
  ports: {
    gateway: number;
    dynamodb: number;
    cognito: number;
    mail: number;
    s3: number;
    /** The local timestamp authority of the report signatures. */
    timestamps: number;
  };
  resources: {
    tableName: string;
    reportsBucket: string;
    userPoolId: string;
    userPoolClientId: string;
  };
  endpoints: { dynamodb: string; cognito: string; s3: string; mail: string };
  /** The seeded admin; `totpSecret`: its authenticator secret (base32), for computing codes. */
  admin: { email: string; password: string; totpSecret: string };
  dataDir: string;
}

export interface StackProcess {
  info: StackInfo;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGINT (Ctrl-C) and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs `bin/start.ts` (what `npm start` runs) as a child process, as a person would; in
 * `cwd`, another checkout of the product (a bench's baseline), when given.
 */
export function runStartScript(
  env: Record<string, string>,
  cwd: string = repoRoot,
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/**
 * Starts a whole stack on free ports with its own data folder. Free ports can be taken
 * between the check and the emulators' binds by another program on the machine (another
 * stack, a CI neighbour): the start then says so, and a stack without a fixed port tries
 * other ports, up to three times.
 */
export async function startStackProcess(
  options: { dataDir?: string; port?: number; env?: Record<string, string>; cwd?: string } = {},
): Promise<StackProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      const taken = error instanceof Error && /is already in use/.test(error.message);
      if (!taken || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOnce(options: {
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  cwd?: string;
}): Promise<StackProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'trc-stack-'));
  const port = options.port ?? (await findFreeBasePort());
  const infoFile = join(dataDir, 'stack-info.json');
  const run = runStartScript(
    {
      PORT: String(port),
      LOCAL_DATA_DIR: dataDir,
      STACK_INFO_FILE: infoFile,
      LOG_LEVEL: 'warn',
      // Tests build their own data; the sample catalogue has a test of its own.
      SAMPLE_DATA: '0',
      // Under the tests, every success answer is checked against its route's contract (a
      // mismatch answers 500); the benches (not run by vitest) time the functions as deployed.
      CHECK_ANSWERS: process.env.VITEST ? '1' : '0',
      ...options.env,
    },
    options.cwd,
  );
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 150_000;
  while (!existsSync(infoFile) || !run.output().includes('is running')) {
    if (exitCode !== undefined) {
      throw new Error(`npm start exited with ${exitCode}:\n${run.output()}`);
    }
    if (Date.now() > deadline) {
      run.child.kill('SIGKILL');
      throw new Error(`npm start did not come up:\n${run.output()}`);
    }
    await delay(200);
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as StackInfo;
  return {
    info,
    child: run.child,
    output: run.output,
    stop: async () => {
      if (exitCode === undefined) run.child.kill('SIGINT');
      return run.exited;
    },
  };
}
