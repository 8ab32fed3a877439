import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * Verifies ID tokens the way API Gateway's JWT authorizer does: signature against
 * the pool's JWKS, issuer, expiry, and audience (`aud`, or `client_id` for access
 * tokens) equal to the app client.
 */
export function createJwtVerifier(options: {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  /**
   * How long fetched keys count as fresh before a refresh is tried.
   * @default 600_000 (jose's default)
   */
  jwksMaxAgeMs?: number;
}) {
  const jwks = lastKnownKeys(
    createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: options.jwksMaxAgeMs }),
  );
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

/**
 * The pool's keys, refreshed when stale, but kept when a refresh fails: API Gateway's
 * authorizer caches the keys too, so signed-in calls go on working while Cognito cannot
 * be reached, until the tokens expire. (jose alone rejects every token once its cache is
 * older than `cacheMaxAge` and the issuer does not answer.) A token with a key id the
 * last keys lack is still refused.
 */
function lastKnownKeys(remote: ReturnType<typeof createRemoteJWKSet>): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      const known = remote.jwks();
      // The keys were read and do not fit the token: that is the token's problem.
      const keyMismatch =
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys;
      if (!known || keyMismatch) throw error;
      return createLocalJWKSet(known)(header, token);
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
