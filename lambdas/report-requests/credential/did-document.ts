import { createHash, X509Certificate } from 'node:crypto';
import { identityLinkBase } from '../../shared/identity-link';

/**
 * The issuer's identity for conformity credentials (docs/report-signatures.md): a `did:web`
 * DID of the report host, whose DID document (served at `<origin>/.well-known/did.json`)
 * lists the public key of the report signer, so that a verifier finds the key from the
 * credential's `kid` alone.
 */

/** An EC P-256 public key as a JWK (RFC 7517): the only members a verifier needs. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/**
 * The `did:web` DID of a web address (did:web method specification, "Create"): its host,
 * the port after a percent-encoded colon (`%3A`), then each path segment after a colon.
 * `https://report.example.com` → `did:web:report.example.com`;
 * `http://localhost:3000` → `did:web:localhost%3A3000`. Resolvers fetch the document over
 * HTTPS only: a local http origin has a DID that names it, not one a resolver can fetch.
 */
export function didWebOf(address: string): string {
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`didWebOf: ${address} is no web address`);
  }
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  return ['did:web', host, ...segments].join(':');
}

/**
 * Where a `did:web` DID's document is (the method's "Read"): `https://<host>/.well-known/did.json`
 * without a path, `https://<host>/<path>/did.json` with one.
 */
export function didWebDocumentUrl(did: string): string {
  const [scheme, method, host, ...segments] = did.split(':');
  if (scheme !== 'did' || method !== 'web' || !host) throw new Error(`${did} is no did:web DID`);
  const origin = `https://${decodeURIComponent(host)}`;
  return segments.length === 0
    ? `${origin}/.well-known/did.json`
    : `${origin}/${segments.join('/')}/did.json`;
}

/**
 * The public key of the signer's certificate (DER) as a JWK. Refuses any key but EC P-256:
 * credentials are signed ES256.
 */
export function publicJwkFromCertificate(der: Uint8Array): PublicJwk {
  const key = new X509Certificate(der).publicKey;
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) {
    throw new Error('publicJwkFromCertificate: the certificate holds no EC P-256 key');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}

/**
 * The key's verification method id: `<did>#<JWK thumbprint>` (RFC 7638, SHA-256). The
 * fragment follows the key, so a new key gets a new id and credentials signed with the old
 * one still name theirs. This is the `kid` of the credentials the key signs.
 */
export function verificationMethodId(did: string, jwk: PublicJwk): string {
  // RFC 7638: the required members in lexicographic order, no whitespace.
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return `${did}#${createHash('sha256').update(canonical).digest('base64url')}`;
}

/** A DID document (DID Core 1.0) listing the signer's keys as JsonWebKey2020 methods. */
export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: {
    id: string;
    type: 'JsonWebKey2020';
    controller: string;
    publicKeyJwk: PublicJwk;
  }[];
  assertionMethod: string[];
  authentication: string[];
}

/**
 * The DID document of `origin`'s `did:web`, served at `<origin>/.well-known/did.json`: the
 * current key first, then any earlier keys whose credentials must still verify. Each key is
 * an assertion method (it signs credentials) and an authentication method.
 */
export function didDocument(
  origin: string,
  current: PublicJwk,
  ...earlier: PublicJwk[]
): DidDocument {
  const did = didWebOf(origin);
  const methods = [current, ...earlier].map((publicKeyJwk) => ({
    id: verificationMethodId(did, publicKeyJwk),
    type: 'JsonWebKey2020' as const,
    controller: did,
    publicKeyJwk,
  }));
  const ids = methods.map((method) => method.id);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: ids,
    authentication: ids,
  };
}

/**
 * The origin whose `did:web` issues the credentials: the report host, where identification
 * links and reports point (IDENTITY_LINK_BASE, else the app's address). Its
 * `/.well-known/did.json` names the key (did-handler.ts).
 */
export async function credentialIssuerOrigin(): Promise<string> {
  return new URL(await identityLinkBase()).origin;
}
