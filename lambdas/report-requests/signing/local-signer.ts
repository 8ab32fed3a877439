import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pemToDer } from './certificates';
import type { ReportSigner } from './signer';

/**
 * The files of the local signing folder (REPORT_SIGNING_LOCAL_DIR), made once by the local
 * stack (bin/local/signing.ts): the report signer's P-256 key and its chain (signer first,
 * then the local CA), the local CA alone (what a recipient would trust), and the local
 * timestamp authority's key and chain.
 */
export const localSigningFiles = {
  signerKey: 'report-signer-key.pem',
  signerChain: 'report-signer-chain.pem',
  authority: 'ca.pem',
  timestampKey: 'timestamp-authority-key.pem',
  timestampChain: 'timestamp-authority-chain.pem',
} as const;

/** An ECDSA P-256 / SHA-256 signer over a node:crypto private key, DER signatures. */
export function keySigner(key: KeyObject, certificates: Uint8Array[] = []): ReportSigner {
  return {
    certificates: () => Promise.resolve(certificates),
    sign: (message) =>
      Promise.resolve(new Uint8Array(sign('sha256', message, { key, dsaEncoding: 'der' }))),
  };
}

/**
 * The local stand-in of the KMS signer: the key and chain in `directory`, read on first use
 * and kept. A folder without them fails with a message naming the files.
 */
export function localReportSigner(directory: string): ReportSigner {
  let loaded: Promise<ReportSigner> | undefined;
  const load = async (): Promise<ReportSigner> => {
    const keyFile = join(directory, localSigningFiles.signerKey);
    const chainFile = join(directory, localSigningFiles.signerChain);
    try {
      const [keyPem, chainPem] = await Promise.all([
        readFile(keyFile, 'utf8'),
        readFile(chainFile, 'utf8'),
      ]);
      const chain = pemToDer(chainPem);
      if (chain.length === 0) throw new Error(`${chainFile} holds no certificate`);
      return keySigner(createPrivateKey(keyPem), chain);
    } catch (error) {
      throw new Error(
        `The local report signer needs ${keyFile} and ${chainFile} (npm start makes them): ${
          error instanceof Error ? error.message : String(error)
        }`,
        { cause: error },
      );
    }
  };
  const signer = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return {
    certificates: async () => (await signer()).certificates(),
    sign: async (message) => (await signer()).sign(message),
  };
}
