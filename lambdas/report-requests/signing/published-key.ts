import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { getSsm } from '../../shared/aws/ssm';
import { getConfig } from '../../shared/config';
import { parseCertificate, pemToDer, publicKeyInfoDer } from './certificates';
import { kmsPublicKey, noCertificates } from './kms-signer';
import { localSigningFiles } from './local-signer';

/**
 * The report signing key as the functions that never sign see it (the signature check, the
 * DID document): its public key and the certificate chain the operator configured. In AWS:
 * KMS `GetPublicKey` and the SSM parameter (the `signingCertificates` grant, no `kms:Sign`);
 * locally: the local signing folder.
 */
export interface PublishedSigningKey {
  /** The key's SubjectPublicKeyInfo, DER. */
  publicKey: Uint8Array;
  /** The configured chain, DER, signer first; empty while none is configured (`none`). */
  chain: Uint8Array[];
}

let published: Promise<PublishedSigningKey> | undefined;

/** Read once per cold start; a failed read is tried again by the next request. */
export function getPublishedSigningKey(): Promise<PublishedSigningKey> {
  published ??= load().catch((error: unknown) => {
    published = undefined;
    throw error;
  });
  return published;
}

async function load(): Promise<PublishedSigningKey> {
  const config = getConfig();
  if (config.REPORT_SIGNING_KEY_ID && config.REPORT_SIGNING_CERTIFICATES_PARAMETER) {
    const [publicKey, parameter] = await Promise.all([
      kmsPublicKey(config.REPORT_SIGNING_KEY_ID),
      getSsm().send(
        new GetParameterCommand({ Name: config.REPORT_SIGNING_CERTIFICATES_PARAMETER }),
      ),
    ]);
    const value = parameter.Parameter?.Value?.trim() ?? '';
    return { publicKey, chain: value === noCertificates ? [] : pemToDer(value) };
  }
  if (config.REPORT_SIGNING_LOCAL_DIR) {
    const pem = await readFile(
      join(config.REPORT_SIGNING_LOCAL_DIR, localSigningFiles.signerChain),
      'utf8',
    );
    const chain = pemToDer(pem);
    if (!chain[0]) throw new Error('The local signing chain holds no certificate');
    return { publicKey: publicKeyInfoDer(parseCertificate(chain[0])), chain };
  }
  throw new Error(
    'The signing key is unknown: set REPORT_SIGNING_KEY_ID and REPORT_SIGNING_CERTIFICATES_PARAMETER (AWS) or REPORT_SIGNING_LOCAL_DIR (locally)',
  );
}

/** The public key as a JWK (P-256: `kty`, `crv`, `x`, `y`), for the DID document. */
export function publicJwkOf(publicKey: Uint8Array) {
  const jwk = createPublicKey({ key: Buffer.from(publicKey), format: 'der', type: 'spki' }).export({
    format: 'jwk',
  });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) {
    throw new Error('The report signing key is not an ECDSA P-256 key');
  }
  return { kty: 'EC' as const, crv: 'P-256' as const, x: jwk.x, y: jwk.y };
}
