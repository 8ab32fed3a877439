import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies ID tokens the way API Gateway's JWT authorizer does: signature against
 * the pool's JWKS, issuer, expiry, and audience (`aud`, or `client_id` for access
 * tokens) equal to the app client.
 */
export function createJwtVerifier(options: { issuer: string; jwksUrl: string; clientId: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return async function verify(authorization: string | undefined): Promise<JWTPayload | null> {
    if (!authorization) return null;
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        algorithms: ['RS256'],
      });
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.includes(options.clientId) ? payload : null;
    } catch {
      return null;
    }
  };
}

/** API Gateway hands claims to the function as strings. */
export function claimsAsStrings(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}
