import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { CertificationRequest } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameParts, pemToDer } from '../../lambdas/report-requests/signing/certificates';
import { repoRoot } from '../../bin/local/settings';

/**
 * `bin/signing-csr.ts` as an operator runs it, against a stand-in of KMS's JSON API (the
 * SDK's AWS_ENDPOINT_URL_KMS) holding a P-256 key: the request it prints is signed by that
 * key, and openssl verifies it.
 */
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicKey = key.publicKey.export({ type: 'spki', format: 'der' });
const calls: { target: string; body: Record<string, unknown> }[] = [];

async function json(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

const kms = createServer((request, response) => {
  void json(request).then((body) => {
    const target = String(request.headers['x-amz-target']);
    calls.push({ target, body });
    const answer =
      target === 'TrentService.GetPublicKey'
        ? { KeyId: body.KeyId, PublicKey: publicKey.toString('base64'), KeySpec: 'ECC_NIST_P256' }
        : {
            KeyId: body.KeyId,
            SigningAlgorithm: 'ECDSA_SHA_256',
            Signature: sign('sha256', Buffer.from(String(body.Message), 'base64'), {
              key: key.privateKey,
              dsaEncoding: 'der',
            }).toString('base64'),
          };
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    response.end(JSON.stringify(answer));
  });
});

beforeAll(() => new Promise<void>((resolve) => kms.listen(0, '127.0.0.1', resolve)));
afterAll(() => kms.close());

function runCsr(args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/signing-csr.ts', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'operator',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_ENDPOINT_URL_KMS: `http://127.0.0.1:${(kms.address() as AddressInfo).port}`,
    },
  });
}

describe('npx tsx bin/signing-csr.ts', () => {
  it('prints a request for the KMS key, signed in KMS, with the subject of the flags', async () => {
    const { stdout } = await runCsr([
      '--key',
      'alias/report-signing',
      '--name',
      'Acme Valves',
      '--organization',
      'Acme Valves Ltd.',
      '--country',
      'TW',
    ]);
    expect(calls.map((call) => call.target)).toEqual([
      'TrentService.GetPublicKey',
      'TrentService.Sign',
    ]);
    expect(calls[1]!.body).toMatchObject({
      KeyId: 'alias/report-signing',
      MessageType: 'RAW',
      SigningAlgorithm: 'ECDSA_SHA_256',
    });
    const [der] = pemToDer(stdout, 'CERTIFICATE REQUEST');
    const request = CertificationRequest.fromBER(new Uint8Array(der!));
    expect(nameParts(new Uint8Array(request.subject.toSchema().toBER()))).toEqual({
      commonName: 'Acme Valves',
      organization: 'Acme Valves Ltd.',
    });
    expect(Buffer.from(request.subjectPublicKeyInfo.toSchema().toBER())).toEqual(publicKey);
    const verified = spawnSync('openssl', ['req', '-verify', '-noout'], {
      input: stdout,
      encoding: 'utf8',
    });
    expect(verified.error).toBeUndefined();
    expect(`${verified.stdout}${verified.stderr}`).toMatch(/verify OK/);
  }, 30_000);

  it('says how to call it when a flag is missing', async () => {
    await expect(runCsr(['--key', 'alias/report-signing'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npx tsx bin/signing-csr.ts --key'),
    });
  }, 30_000);
});
