import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { Certificate } from 'pkijs';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testEnvironment } from './data-support';

/** The configured timestamp authority: records what it is sent, answers 503. */
const received: { method?: string; type?: string; size: number }[] = [];
const authorityServer = createServer((request, response) => {
  let size = 0;
  request.on('data', (chunk: Buffer) => (size += chunk.length));
  request.on('end', () => {
    received.push({ method: request.method, type: request.headers['content-type'], size });
    response.writeHead(503).end();
  });
});
await new Promise<void>((resolve) => authorityServer.listen(0, '127.0.0.1', resolve));
afterAll(() => authorityServer.close());

const keyId = 'arn:aws:kms:us-east-1:123456789012:key/report-signing';
const parameter = '/test-report-center/report-signing/certificates';
Object.assign(process.env, testEnvironment, {
  PROVIDER_NAME: 'Acme Valves',
  REPORT_SIGNING_KEY_ID: keyId,
  REPORT_SIGNING_CERTIFICATES_PARAMETER: parameter,
  TIMESTAMP_AUTHORITY_URL: `http://127.0.0.1:${(authorityServer.address() as AddressInfo).port}/tsa`,
});

const kms = mockClient(KMSClient);
const ssm = mockClient(SSMClient);
const { kmsReportSigner } = await import('../../lambdas/report-requests/signing/kms-signer');
const { getReportSigner, getTimestampAuthority } =
  await import('../../lambdas/report-requests/signing/signer-factory');
const { derToPem, issueCertificate, nameParts, parseCertificate, publicKeyInfoDer } =
  await import('../../lambdas/report-requests/signing/certificates');
const { keySigner } = await import('../../lambdas/report-requests/signing/local-signer');
const { logger } = await import('../../lambdas/shared/logger');

/** The key "in KMS": KMS answers with its public key and its signatures, as AWS would. */
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicKey = new Uint8Array(key.publicKey.export({ type: 'spki', format: 'der' }));
const settings = { keyId, certificatesParameter: parameter, providerName: 'Acme Valves' };

/** A certificate for `subjectKey` issued by a throw-away CA. */
async function certificateFor(subjectKey: Uint8Array) {
  const day = 86_400_000;
  return issueCertificate(
    {
      subject: { commonName: 'Acme Valves' },
      publicKey: subjectKey,
      notBefore: new Date(Date.now() - day),
      notAfter: new Date(Date.now() + day),
      keyUsage: ['digitalSignature'],
    },
    { signer: keySigner(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey) },
  );
}

beforeEach(() => {
  kms.reset();
  ssm.reset();
  kms.on(GetPublicKeyCommand).resolves({ KeyId: keyId, PublicKey: publicKey });
  kms.on(SignCommand).callsFake((input: { Message: Uint8Array }) => ({
    KeyId: keyId,
    Signature: new Uint8Array(
      sign('sha256', input.Message, { key: key.privateKey, dsaEncoding: 'der' }),
    ),
    SigningAlgorithm: 'ECDSA_SHA_256',
  }));
});

describe('the KMS report signer', () => {
  it('signs the raw message with the key, ECDSA over SHA-256', async () => {
    const message = new TextEncoder().encode('signed attributes');
    const signature = await kmsReportSigner(settings).sign(message);
    expect(kms).toHaveReceivedCommandWith(SignCommand, {
      KeyId: keyId,
      MessageType: 'RAW',
      SigningAlgorithm: 'ECDSA_SHA_256',
      Message: message,
    });
    expect(verify('sha256', message, { key: key.publicKey, dsaEncoding: 'der' }, signature)).toBe(
      true,
    );
  });

  it('reads the chain from the parameter once per cold start, signer first', async () => {
    const signerCertificate = await certificateFor(publicKey);
    const caCertificate = await certificateFor(
      publicKeyInfoDer(parseCertificate(signerCertificate)),
    );
    ssm.on(GetParameterCommand, { Name: parameter }).resolves({
      Parameter: { Value: derToPem(signerCertificate) + derToPem(caCertificate) },
    });
    const signer = kmsReportSigner(settings);
    const chain = await signer.certificates();
    expect(await signer.certificates()).toBe(chain);
    expect(chain.map((der) => Buffer.from(der).toString('hex'))).toEqual(
      [signerCertificate, caCertificate].map((der) => Buffer.from(der).toString('hex')),
    );
    expect(ssm).toHaveReceivedCommandTimes(GetParameterCommand, 1);
  });

  it('refuses a chain whose first certificate is for another key', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const wrong = await certificateFor(
      new Uint8Array(other.publicKey.export({ type: 'spki', format: 'der' })),
    );
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: derToPem(wrong) } });
    await expect(kmsReportSigner(settings).certificates()).rejects.toThrow(/not for the KMS key/);
  });

  it('refuses a parameter that holds neither certificates nor "none"', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'to do' } });
    await expect(kmsReportSigner(settings).certificates()).rejects.toThrow(/no PEM certificate/);
  });

  it('reads again after a failed read', async () => {
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Parameter: { Value: 'none' } });
    const signer = kmsReportSigner(settings);
    await expect(signer.certificates()).rejects.toThrow('throttled');
    expect(await signer.certificates()).toHaveLength(1);
  });

  it('stands in a certificate the key signs itself while the parameter says none, with a warning', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'none\n' } });
    const warn = vi.spyOn(logger, 'warn');
    const signer = kmsReportSigner(settings);
    const [certificate, ...rest] = await signer.certificates();
    expect(rest).toEqual([]);
    expect(await signer.certificates()).toEqual([certificate]);
    expect(kms).toHaveReceivedCommandTimes(GetPublicKeyCommand, 1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/not configured/);

    const parsed = Certificate.fromBER(new Uint8Array(certificate!));
    expect(nameParts(new Uint8Array(parsed.subject.toSchema().toBER()))).toEqual({
      commonName: 'Acme Valves',
      organization: 'Acme Valves',
    });
    expect(parsed.issuer.isEqual(parsed.subject)).toBe(true);
    expect(Buffer.from(parsed.subjectPublicKeyInfo.toSchema().toBER())).toEqual(
      Buffer.from(publicKey),
    );
    const spki = createPublicKey({ key: Buffer.from(publicKey), format: 'der', type: 'spki' });
    expect(
      verify(
        'sha256',
        parsed.tbsView,
        { key: spki, dsaEncoding: 'der' },
        parsed.signatureValue.valueBlock.valueHexView,
      ),
    ).toBe(true);
    // Signed in KMS: the self-signed certificate took one Sign call.
    expect(kms).toHaveReceivedCommandTimes(SignCommand, 1);
  });
});

describe('the configured signer and timestamp authority', () => {
  it('is the KMS signer when REPORT_SIGNING_KEY_ID is set, kept for the process', async () => {
    const signer = getReportSigner();
    expect(getReportSigner()).toBe(signer);
    await signer.sign(new Uint8Array([1]));
    expect(kms).toHaveReceivedCommandWith(SignCommand, { KeyId: keyId });
  });

  it('asks the configured authority, and is unavailable when it answers no token', async () => {
    await expect(getTimestampAuthority().timestamp(new Uint8Array(32))).rejects.toMatchObject({
      name: 'TimestampUnavailable',
      message: expect.stringContaining('HTTP 503'),
    });
    expect(received).toEqual([
      { method: 'POST', type: 'application/timestamp-query', size: expect.any(Number) },
    ]);
    expect(received[0]!.size).toBeGreaterThan(40);
  });
});
