import { createPublicHttpHandler } from '../shared/http/public';
import { credentialIssuerOrigin, didDocument } from './credential/did-document';
import { reportRequestRoutes } from './routes';
import { getSigningPublicKey, publicJwkOf } from './signing/published-key';

/**
 * `GET /.well-known/did.json` (public, on every host): the DID document of the credentials'
 * issuer, `did:web` of the report host (credential/issue.ts), naming the report signing key
 * (its public key from KMS in AWS, from the local signing folder locally). A verifier of a
 * conformity credential finds the key here from the credential's `kid`. The same document
 * on every host: it describes the issuer, whichever name it was fetched under.
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'GET /.well-known/did.json',
  async () => {
    const [origin, publicKey] = await Promise.all([
      credentialIssuerOrigin(),
      getSigningPublicKey(),
    ]);
    return {
      status: 200 as const,
      body: didDocument(origin, publicJwkOf(publicKey)),
      headers: {
        'content-type': 'application/did+json',
        // Changes only when the key does (a new key is a deploy): caches may keep it an hour.
        'cache-control': 'public, max-age=3600',
      },
    };
  },
);
