import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../bin/local/jwt';
import { forgeToken } from '../support/cognito';

/**
 * The local gateway's token check while the issuer (cognito-local) cannot be reached:
 * like API Gateway's authorizer, it keeps the keys it has, so signed-in calls go on
 * working until the tokens expire.
 */
const require = createRequire(import.meta.url);
const publicKey = JSON.parse(
  readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8'),
) as { jwk: Record<string, string> };

let server: Server | undefined;
afterEach(() => server?.close());

async function jwksServer(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [publicKey.jwk] }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/pool/.well-known/jwks.json`, requests: () => requests };
}

const issuer = 'http://127.0.0.1/pool';
const claims = { iss: issuer, aud: 'client', sub: 'user-1', 'custom:role': 'staff' };
const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

describe('local gateway token check', () => {
  it('reads the keys once, not on every request', async () => {
    const jwks = await jwksServer();
    const verify = createJwtVerifier({ issuer, jwksUrl: jwks.url, clientId: 'client' });
    const token = await forgeToken(claims, { expiresAt: inTenMinutes() });
    for (let call = 0; call < 5; call++)
      expect((await verify(`Bearer ${token}`))?.sub).toBe('user-1');
    expect(jwks.requests()).toBe(1);
  });
});

describe('local gateway token check with the issuer down', () => {
  it('keeps accepting valid tokens with the last keys it read once a refresh fails', async () => {
    const jwks = await jwksServer();
    // Keys are stale after 1 ms, so every check after the first tries a refresh.
    const verify = createJwtVerifier({
      issuer,
      jwksUrl: jwks.url,
      clientId: 'client',
      jwksMaxAgeMs: 1,
    });
    const token = await forgeToken(claims, { expiresAt: inTenMinutes() });
    expect((await verify(`Bearer ${token}`))?.sub).toBe('user-1');

    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await delay(5);
    expect((await verify(`Bearer ${token}`))?.sub).toBe('user-1');
    expect(jwks.requests()).toBe(1);

    // Still refused: a token signed by another key, an expired one, another audience.
    const foreign = await forgeToken(claims, { expiresAt: inTenMinutes(), key: 'foreign' });
    const expired = await forgeToken(claims, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const otherClient = await forgeToken(
      { ...claims, aud: 'other' },
      { expiresAt: inTenMinutes() },
    );
    for (const refused of [foreign, expired, otherClient]) {
      expect(await verify(`Bearer ${refused}`)).toBeNull();
    }
  });

  it('refuses every token when the keys were never read', async () => {
    const jwks = await jwksServer();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const verify = createJwtVerifier({ issuer, jwksUrl: jwks.url, clientId: 'client' });
    const token = await forgeToken(claims, { expiresAt: inTenMinutes() });
    expect(await verify(`Bearer ${token}`)).toBeNull();
  });
});
