import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreeBasePort } from '../../bin/local/preflight';
import { defaultAdmin } from '../../bin/local/settings';
import { startLocalStack, type LocalStack } from '../../bin/local/stack';
import type { StackInfo } from './stack-process';

/**
 * A stack of a test's own, in the test's process (not a child process like the shared
 * one), so the test can switch its emulators off and on (`local.dynamodbEmulator`,
 * `s3Emulator`, `cognitoEmulator`, `mailEmulator`): the fault tests and the mail outage.
 */
export interface InProcessStack {
  local: LocalStack;
  stack: StackInfo;
  stop(): Promise<void>;
}

export async function startInProcessStack(name: string): Promise<InProcessStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `stack-${name}-`));
  const admin = {
    email: `${name}.admin@example.com`,
    password: 'Fault-Admin-2026!',
    totpSecret: defaultAdmin.totpSecret,
  };
  // The handlers log every 503 at warn; the test reads the answers, not the logs.
  process.env.LOG_LEVEL ??= 'error';
  // Every success answer checked against its route's contract (a mismatch answers 500).
  process.env.CHECK_ANSWERS = '1';
  const local = await startLocalStack({
    port: await findFreeBasePort(),
    dataDir,
    admin,
    sampleData: false,
  });
  const stack: StackInfo = {
    appUrl: local.appUrl,
    mailViewerUrl: local.mailViewerUrl,
    sampleSerial: null,
    ports: local.ports,
    resources: local.resources,
    endpoints: local.endpoints,
    admin,
    dataDir,
  };
  return {
    local,
    stack,
    stop: async () => {
      await local.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
