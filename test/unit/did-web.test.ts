import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  didDocument,
  didWebDocumentUrl,
  didWebOf,
  publicJwkFromCertificate,
  verificationMethodId,
} from '../../lambdas/report-requests/credential/did-document';
import { ecTestSigner, type EcTestSigner } from '../support/ec-test-signer';

/** The did:web method specification's examples: a DID and where its document is. */
const specExamples = [
  ['did:web:w3c-ccg.github.io', 'https://w3c-ccg.github.io/.well-known/did.json'],
  ['did:web:w3c-ccg.github.io:user:alice', 'https://w3c-ccg.github.io/user/alice/did.json'],
  ['did:web:example.com%3A3000:user:alice', 'https://example.com:3000/user/alice/did.json'],
] as const;

describe('did:web', () => {
  it.each(specExamples)('%s is read at %s (the specification examples)', (did, url) => {
    expect(didWebDocumentUrl(did)).toBe(url);
  });

  it.each([
    ['https://w3c-ccg.github.io', 'did:web:w3c-ccg.github.io'],
    ['https://w3c-ccg.github.io/user/alice', 'did:web:w3c-ccg.github.io:user:alice'],
    ['https://example.com:3000/user/alice', 'did:web:example.com%3A3000:user:alice'],
  ])('the address %s has the DID %s (the specification examples, created)', (address, did) => {
    expect(didWebOf(address)).toBe(did);
  });

  it('names a report host by its host alone, a local origin with its port encoded', () => {
    expect(didWebOf('https://report.example.com')).toBe('did:web:report.example.com');
    expect(didWebOf('https://Report.Example.com/')).toBe('did:web:report.example.com');
    expect(didWebOf('https://report.example.com:443')).toBe('did:web:report.example.com');
    expect(didWebOf('http://localhost:3000')).toBe('did:web:localhost%3A3000');
    expect(didWebDocumentUrl(didWebOf('https://report.example.com'))).toBe(
      'https://report.example.com/.well-known/did.json',
    );
  });

  it('refuses what is no web address or no did:web DID', () => {
    expect(() => didWebOf('ftp://example.com')).toThrow(/no web address/);
    expect(() => didWebDocumentUrl('did:key:z6Mk')).toThrow(/no did:web/);
  });
});

describe('the DID document', () => {
  let signer: EcTestSigner;
  let older: EcTestSigner;
  beforeAll(() => {
    signer = ecTestSigner();
    older = ecTestSigner();
  });

  it("takes the public key from the signer's certificate", () => {
    const jwk = publicJwkFromCertificate(signer.certificate);
    expect(Object.keys(jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(createPublicKey(signer.privateKey).export({ format: 'jwk' })).toEqual(jwk);
  });

  it('refuses a certificate of another kind of key', () => {
    const rsa = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        '/dev/null',
        '-subj',
        '/CN=rsa',
        '-outform',
        'DER',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(() => publicJwkFromCertificate(rsa)).toThrow(/no EC P-256 key/);
  });

  it('names each key by its RFC 7638 thumbprint (as jose computes it)', async () => {
    const jwk = publicJwkFromCertificate(signer.certificate);
    expect(verificationMethodId('did:web:report.example.com', jwk)).toBe(
      `did:web:report.example.com#${await calculateJwkThumbprint(jwk, 'sha256')}`,
    );
  });

  it('lists the current key, then earlier ones, for assertions and authentication', () => {
    const current = publicJwkFromCertificate(signer.certificate);
    const earlier = publicJwkFromCertificate(older.certificate);
    const document = didDocument('https://report.example.com', current, earlier);
    const did = 'did:web:report.example.com';
    const ids = [verificationMethodId(did, current), verificationMethodId(did, earlier)];
    expect(document).toEqual({
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
      id: did,
      verificationMethod: [
        { id: ids[0], type: 'JsonWebKey2020', controller: did, publicKeyJwk: current },
        { id: ids[1], type: 'JsonWebKey2020', controller: did, publicKeyJwk: earlier },
      ],
      assertionMethod: ids,
      authentication: ids,
    });
    expect(ids[0]).not.toBe(ids[1]);
  });
});
