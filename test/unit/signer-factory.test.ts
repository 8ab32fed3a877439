import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocalSigning } from '../../bin/local/signing';
import { testEnvironment } from './data-support';

const folder = mkdtempSync(join(tmpdir(), 'signer-factory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The factory as a fresh cold start sees `env`. */
async function coldStart(env: Record<string, string>) {
  for (const name of [
    'REPORT_SIGNING_KEY_ID',
    'REPORT_SIGNING_CERTIFICATES_PARAMETER',
    'REPORT_SIGNING_LOCAL_DIR',
    'TIMESTAMP_AUTHORITY_URL',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, testEnvironment, env);
  vi.resetModules();
  return import('../../lambdas/report-requests/signing/signer-factory');
}

beforeEach(() => vi.resetModules());

describe('getReportSigner, getTimestampAuthority', () => {
  it('sign with the local folder when no KMS key is configured', async () => {
    const local = await ensureLocalSigning(folder);
    const factory = await coldStart({ REPORT_SIGNING_LOCAL_DIR: local.directory });
    const chain = await factory.getReportSigner().certificates();
    expect(Buffer.from(chain[0]!)).toEqual(Buffer.from(local.signerChain[0]!));
    expect(
      (await factory.getReportSigner().sign(new Uint8Array([1, 2]))).byteLength,
    ).toBeGreaterThan(60);
  });

  it('say what to set when neither a key nor a folder is configured', async () => {
    const factory = await coldStart({});
    expect(() => factory.getReportSigner()).toThrow(
      /REPORT_SIGNING_KEY_ID.*REPORT_SIGNING_LOCAL_DIR/,
    );
  });

  it('refuse a KMS key without its certificate parameter', async () => {
    const factory = await coldStart({ REPORT_SIGNING_KEY_ID: 'alias/report-signing' });
    expect(() => factory.getReportSigner()).toThrow(/REPORT_SIGNING_CERTIFICATES_PARAMETER/);
  });

  it('have no timestamps (B-B) without an authority address', async () => {
    const factory = await coldStart({});
    await expect(factory.getTimestampAuthority().timestamp(new Uint8Array(32))).rejects.toThrow(
      /TIMESTAMP_AUTHORITY_URL is not set/,
    );
  });
});
