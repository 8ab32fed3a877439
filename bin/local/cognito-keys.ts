import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';

/**
 * The file, in cognito-local's data folder, holding the local user pool's token signing
 * key (a private JWK with its `kid`): made once, on the first start, and reused.
 */
export function tokenSigningKeyFile(cognitoDataDir: string): string {
  return join(cognitoDataDir, 'keys', 'token-signing.private.json');
}

/** The local user pool's own signing key, as a user pool in AWS has one of its own. */
export interface PoolSigningKey {
  /** The key id every token carries (`kid`), the JWKS's only key. */
  kid: string;
  /** The JWKS the pool serves on `/<userPoolId>/.well-known/jwks.json`. */
  jwks: { keys: JWK[] };
  /** Signs `token`'s claims again with this key, with `changes` applied. */
  resign(token: string, changes?: JWTPayload): Promise<string>;
  /** Verifies a token's signature (and expiry) with this key; throws jose's errors. */
  verify(token: string): Promise<JWTPayload>;
}

/** Reads, or makes, the key of `tokenSigningKeyFile(cognitoDataDir)`. */
function readOrMakeSigningJwk(cognitoDataDir: string): JWK & { kid: string } {
  const file = tokenSigningKeyFile(cognitoDataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as JWK & { kid: string };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  mkdirSync(join(cognitoDataDir, 'keys'), { recursive: true });
  // The key id: the key's RFC 7638 thumbprint, a name no other key shares.
  const thumbprint = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  const kid = createHash('sha256').update(thumbprint).digest('base64url');
  const stored = { ...jwk, kid, alg: 'RS256', use: 'sig' };
  // Written whole, then moved in place: a start that stops midway leaves no half key.
  const partial = `${file}.partial`;
  writeFileSync(partial, JSON.stringify(stored), { mode: 0o600 });
  renameSync(partial, file);
  return stored;
}

/**
 * The local user pool's signing key, made once into cognito-local's data folder.
 * cognito-local signs every token with a key it publishes in its package
 * (`cognito-local/lib/keys`), so anyone could write a token that it, and a gateway
 * trusting it, accept; the local stack signs with this one instead, whose private part never
 * leaves the data folder.
 */
export async function poolSigningKey(cognitoDataDir: string): Promise<PoolSigningKey> {
  const jwk = readOrMakeSigningJwk(cognitoDataDir);
  const privateKey = await importJWK(jwk, 'RS256');
  const { kty, n, e, kid } = jwk;
  const publicJwk: JWK = { kty, n, e, kid, alg: 'RS256', use: 'sig' };
  const publicKey = await importJWK(publicJwk, 'RS256');
  return {
    kid,
    jwks: { keys: [publicJwk] },
    async resign(token, changes = {}) {
      const header = decodeProtectedHeader(token);
      return new SignJWT({ ...decodeJwt(token), ...changes })
        .setProtectedHeader({ alg: 'RS256', kid, ...(header.typ ? { typ: header.typ } : {}) })
        .sign(privateKey);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'] });
      return payload;
    },
  };
}
