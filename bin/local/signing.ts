import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  derToPem,
  issueCertificate,
  oids,
  parseCertificate,
  pemToDer,
} from '../../lambdas/report-requests/signing/certificates';
import { keySigner, localSigningFiles } from '../../lambdas/report-requests/signing/local-signer';
import { localSiteSettings } from './settings';

/**
 * The local stand-ins of the report signature's KMS key, certificate and timestamp authority
 * (docs/report-signatures.md): a local CA, a report signer issued by it, and a timestamp
 * authority issued by it, made once into `<dataDir>/signing` and reused on every start.
 * Trusting `ca.pem` (an NSS database for pdfsig, a PDF reader's trust list) makes the local
 * reports' signatures trusted.
 */
export interface LocalSigning {
  directory: string;
  /** DER of the local CA, the report signer's chain (signer first) and the TSA's chain. */
  authority: Uint8Array;
  signerChain: Uint8Array[];
  timestampChain: Uint8Array[];
  /** The TSA's key, for the local timestamp authority. */
  timestampKey: KeyObject;
}

const day = 24 * 60 * 60 * 1000;

function newKey() {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

function spki(key: KeyObject): Uint8Array {
  const publicKey = key.type === 'public' ? key : createPublicKey(key);
  return new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
}

function keyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The folder's files, when all are there. */
function read(directory: string): LocalSigning | null {
  const path = (name: keyof typeof localSigningFiles) => join(directory, localSigningFiles[name]);
  if (!Object.keys(localSigningFiles).every((name) => existsSync(path(name as never)))) {
    return null;
  }
  return {
    directory,
    authority: pemToDer(readFileSync(path('authority'), 'utf8'))[0]!,
    signerChain: pemToDer(readFileSync(path('signerChain'), 'utf8')),
    timestampChain: pemToDer(readFileSync(path('timestampChain'), 'utf8')),
    timestampKey: createPrivateKey(readFileSync(path('timestampKey'), 'utf8')),
  };
}

/**
 * The local signing folder `<dataDir>/signing`: made on first call (P-256 keys; the CA
 * self-signed, CA:true; the signer with digitalSignature and nonRepudiation, named after the
 * local provider; the TSA with a critical timeStamping extended key usage), then reused.
 */
export async function ensureLocalSigning(dataDir: string): Promise<LocalSigning> {
  const directory = join(dataDir, 'signing');
  const existing = read(directory);
  if (existing) return existing;

  const now = Date.now();
  const notBefore = new Date(now - day);
  const authorityKey = newKey();
  const authorityDer = await issueCertificate(
    {
      subject: {
        commonName: `${localSiteSettings.providerName} Local Test CA`,
        organization: localSiteSettings.providerName,
      },
      publicKey: spki(authorityKey.publicKey),
      notBefore,
      notAfter: new Date(now + 20 * 365 * day),
      authority: true,
      keyUsage: ['keyCertSign', 'cRLSign'],
    },
    { signer: keySigner(authorityKey.privateKey) },
  );
  const authority = {
    signer: keySigner(authorityKey.privateKey),
    certificate: parseCertificate(authorityDer),
  };
  const signerKey = newKey();
  const signerDer = await issueCertificate(
    {
      subject: {
        commonName: localSiteSettings.providerName,
        organization: localSiteSettings.providerName,
      },
      publicKey: spki(signerKey.publicKey),
      notBefore,
      notAfter: new Date(now + 10 * 365 * day),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
    },
    authority,
  );
  const timestampKey = newKey();
  const timestampDer = await issueCertificate(
    {
      subject: {
        commonName: `${localSiteSettings.providerName} Local Timestamp Authority`,
        organization: localSiteSettings.providerName,
      },
      publicKey: spki(timestampKey.publicKey),
      notBefore,
      notAfter: new Date(now + 10 * 365 * day),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: { usages: [oids.timeStamping], critical: true },
    },
    authority,
  );

  // Written into a fresh folder, then moved in place: a start interrupted half-way leaves
  // no half-made folder to be reused.
  const making = `${directory}.${process.pid}.tmp`;
  mkdirSync(making, { recursive: true });
  const write = (name: keyof typeof localSigningFiles, text: string) =>
    writeFileSync(join(making, localSigningFiles[name]), text, { mode: 0o600 });
  write('authority', derToPem(authorityDer));
  write('signerKey', keyPem(signerKey.privateKey));
  write('signerChain', derToPem(signerDer) + derToPem(authorityDer));
  write('timestampKey', keyPem(timestampKey.privateKey));
  write('timestampChain', derToPem(timestampDer) + derToPem(authorityDer));
  // A folder missing some file (deleted by hand) is made again as a whole.
  rmSync(directory, { recursive: true, force: true });
  renameSync(making, directory);
  return read(directory)!;
}
