import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreeBasePort, isPortFree as portIsFree } from '../../bin/local/preflight';
import { defaultAdmin, repoRoot } from '../../bin/local/settings';
import { startLocalStack } from '../../bin/local/stack';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { runStartScript, startStackProcess } from '../support/stack-process';

/** Processes whose command line mentions `text` (Linux /proc). */
function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);
}

describe('npm start', () => {
  // Two starts and two stops of the whole stack: more than the project's 30 s on a busy machine.
  it('keeps data across a restart, frees every port on Ctrl-C, and npm run reset wipes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trc-lifecycle-'));
    const first = await startStackProcess({ dataDir, env: { SAMPLE_DATA: '1' } });
    expect(first.output()).toContain(`App:          http://localhost:${first.info.ports.gateway}`);
    // The sample catalogue is in, and the serial the banner offers is in a range.
    expect(first.info.sampleSerial).toBeTruthy();
    expect(first.output()).toContain(`Try a serial: ${first.info.sampleSerial}`);
    const admin = await signIn(first.info, first.info.admin.email, first.info.admin.password);
    const found = await callApi<{ productId: string }>(
      first.info,
      `/api/serial-numbers/lookup?serial=${first.info.sampleSerial}`,
      { token: admin.IdToken },
    );
    expect(found.status).toBe(200);
    const counts = await callApi<{ products: number }>(first.info, '/api/dashboard', {
      token: admin.IdToken,
    });
    expect(counts.body.products).toBeGreaterThanOrEqual(5);
    expect(first.output()).toContain(`Mail viewer:  ${first.info.mailViewerUrl}`);
    expect(first.output()).toContain(first.info.admin.email);
    // The admin's second factor: its secret and the link an authenticator app reads.
    expect(first.info.admin.totpSecret).toBe(defaultAdmin.totpSecret);
    expect(first.output()).toContain(`Admin TOTP:   ${defaultAdmin.totpSecret}`);
    expect(first.output()).toContain(
      `otpauth://totp/Test%20Report%20Center:${encodeURIComponent(first.info.admin.email)}?secret=${defaultAdmin.totpSecret}&issuer=Test%20Report%20Center&algorithm=SHA1&digits=6&period=30`,
    );
    expect(await first.stop()).toBe(0);
    for (const port of Object.values(first.info.ports)) {
      expect(await portIsFree(port), `port ${port} after Ctrl-C`).toBe(true);
    }

    const second = await startStackProcess({ dataDir, port: first.info.ports.gateway });
    try {
      expect(second.info.resources).toEqual(first.info.resources);
      const tokens = await signIn(second.info, second.info.admin.email, second.info.admin.password);
      expect(tokens.IdToken).toBeTruthy();
    } finally {
      expect(await second.stop()).toBe(0);
    }

    execFileSync(process.execPath, ['--import', 'tsx', 'bin/reset.ts'], {
      cwd: repoRoot,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir },
    });
    expect(existsSync(dataDir)).toBe(false);
  }, 90_000);

  it('says in one line what to do when a port is taken', async () => {
    const base = await findFreeBasePort();
    const blocker = createServer().listen(base + 2, '127.0.0.1');
    try {
      const run = runStartScript({ PORT: String(base), LOCAL_DATA_DIR: join(tmpdir(), 'unused') });
      expect(await run.exited).toBe(1);
      const lines = run.output().trim().split('\n');
      expect(lines).toEqual([
        expect.stringContaining(`Port ${base + 2} (cognito) is already in use`),
      ]);
      expect(lines[0]).toContain('PORT=');
    } finally {
      blocker.close();
    }
  });

  it('refuses in one line an ADMIN_TOTP_SECRET that is not base32 of at least 26 characters', async () => {
    // Which values are refused: test/unit/local-identity-helpers.test.ts.
    const run = runStartScript({
      ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP',
      LOCAL_DATA_DIR: join(tmpdir(), 'unused'),
    });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringContaining('ADMIN_TOTP_SECRET cannot be used: it must have at least 26'),
    ]);
  });

  it('says in one line what to do when Java is missing', async () => {
    const run = runStartScript({ PATH: '/nonexistent', LOCAL_DATA_DIR: join(tmpdir(), 'unused') });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual([expect.stringContaining('Java was not found')]);
    expect(lines[0]).toContain('openjdk-17-jre-headless');
  });

  // Taken after the preflight check would have passed, as by another program starting at
  // the same moment: the stack says which port in the check's words, stops whatever did
  // start, and never takes the other program for one of its emulators (a server holding
  // the DynamoDB port answers at once, while Java fails to bind a second later).
  it.each([
    { name: 'cognito', offset: 2 },
    { name: 'dynamodb', offset: 1 },
    { name: 'mail', offset: 3 },
    { name: 's3', offset: 4 },
    { name: 'gateway', offset: 0 },
    { name: 'timestamps', offset: 5 },
  ])(
    'stops the emulators that did start when the $name port is taken',
    async ({ name, offset }) => {
      const base = await findFreeBasePort();
      const blocker = createHttpServer((_request, response) => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"message":"another program"}');
      });
      await new Promise<void>((resolve) => blocker.listen(base + offset, '127.0.0.1', resolve));
      try {
        const dataDir = mkdtempSync(join(tmpdir(), 'trc-failed-start-'));
        await expect(
          startLocalStack({
            port: base,
            dataDir,
            admin: { ...defaultAdmin },
            sampleData: false,
          }),
        ).rejects.toThrow(`Port ${base + offset} (${name}) is already in use`);
        // DynamoDB Local runs with the data folder on its command line.
        expect(processesMentioning(dataDir)).toEqual([]);
        for (const port of [0, 1, 2, 3, 4, 5].filter((n) => n !== offset).map((n) => base + n)) {
          expect(await portIsFree(port), `port ${port}`).toBe(true);
        }
      } finally {
        blocker.close();
      }
    },
  );
});
