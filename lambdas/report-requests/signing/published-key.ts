import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getConfig } from '../../shared/config';
import { parseCertificate, pemToDer, publicKeyInfoDer } from './certificates';
import { kmsPublicKey } from './kms-public-key';
import { localSigningFiles } from './local-signer';

/**
 * The report signing key's public key (DER SubjectPublicKeyInfo), as the functions that never
 * sign see it (the signature check, the DID document): in AWS from KMS `GetPublicKey` (the
 * `signingPublicKey` grant, no `kms:Sign`), locally from the local signer's certificate.
 * Read once per cold start; a failed read is tried again by the next request.
 */
let published: Promise<Uint8Array> | undefined;

export function getSigningPublicKey(): Promise<Uint8Array> {
  published ??= load().catch((error: unknown) => {
    published = undefined;
    throw error;
  });
  return published;
}

async function load(): Promise<Uint8Array> {
  const config = getConfig();
  if (config.REPORT_SIGNING_KEY_ID) return kmsPublicKey(config.REPORT_SIGNING_KEY_ID);
  if (config.REPORT_SIGNING_LOCAL_DIR) {
    const pem = await readFile(
      join(config.REPORT_SIGNING_LOCAL_DIR, localSigningFiles.signerChain),
      'utf8',
    );
    const [signer] = pemToDer(pem);
    if (!signer) throw new Error('The local signing chain holds no certificate');
    return publicKeyInfoDer(parseCertificate(signer));
  }
  throw new Error(
    'The signing key is unknown: set REPORT_SIGNING_KEY_ID (AWS) or REPORT_SIGNING_LOCAL_DIR (locally)',
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
