import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportSigner } from '../../lambdas/report-requests/signing/signer';

/** A P-256 key with a self-signed certificate, behind the report signer's interface. */
export interface EcTestSigner extends ReportSigner {
  privateKey: KeyObject;
  certificate: Uint8Array;
}

/**
 * A fresh P-256 key and a one-day self-signed certificate (made by Debian's `openssl`, an
 * implementation independent of the code under test) that signs as KMS does: DER ECDSA over
 * SHA-256.
 */
export function ecTestSigner(commonName = 'Report signer (test)'): EcTestSigner {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const folder = mkdtempSync(join(tmpdir(), 'ec-test-signer-'));
  try {
    const keyFile = join(folder, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const certificate = new Uint8Array(
      execFileSync('openssl', [
        'req',
        '-x509',
        '-key',
        keyFile,
        '-subj',
        `/CN=${commonName}`,
        '-days',
        '1',
        '-outform',
        'DER',
      ]),
    );
    return {
      privateKey,
      certificate,
      certificates: () => Promise.resolve([certificate]),
      sign: (message) =>
        Promise.resolve(
          new Uint8Array(sign('sha256', message, { key: privateKey, dsaEncoding: 'der' })),
        ),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
