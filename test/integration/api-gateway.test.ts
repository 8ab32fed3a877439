import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import { createUser, forgeToken, signIn } from '../support/cognito';

const stack = inject('stack');
const api = (path: string, init?: RequestInit) => fetch(`${stack.appUrl}${path}`, init);
const errorCode = async (response: Response) => ((await response.json()) as ErrorBody).error.code;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** fetch() cannot set Host; the host rule needs it. */
function getWithHost(path: string, host: string) {
  return new Promise<{ status: number; location?: string; type?: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: stack.ports.gateway, path, headers: { host } },
      (res) => {
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          type: res.headers['content-type'],
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/health', () => {
  it('reports every dependency reachable', async () => {
    const response = await api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { table: 'ok', userPool: 'ok', bucket: 'ok', mail: 'ok' },
    });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nothing-here', '/api/health/extra', '/api/'])(
    '%s answers 404 with the standard error body',
    async (path) => {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not-found', message: 'This address does not exist.' },
      });
    },
  );

  it('a known path with another method is not found either, as in API Gateway', async () => {
    const response = await api('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not-found');
  });
});

describe('the JWT check on protected routes', () => {
  const protectedRoutes = routes.filter(
    (route) => route.access !== 'public' && route.access !== 'machine',
  );
  const now = Math.floor(Date.now() / 1000);
  let admin: string;
  let staff: string;
  let noRole: string;
  let adminClaims: Record<string, unknown>;

  beforeAll(async () => {
    admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    await createUser(stack, 'staff.member@example.com', 'Staff-Member-2026!', 'staff');
    staff = (await signIn(stack, 'staff.member@example.com', 'Staff-Member-2026!')).IdToken;
    await createUser(stack, 'pending@example.com', 'Pending-User-2026!');
    noRole = (await signIn(stack, 'pending@example.com', 'Pending-User-2026!')).IdToken;
    adminClaims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString());
  });

  it('there is at least one protected route to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(0);
  });

  const unauthenticatedCases: [string, () => Promise<RequestInit | undefined>][] = [
    ['no token', async () => undefined],
    ['a malformed token', async () => bearer('not.a.token')],
    [
      'an expired token',
      async () => bearer(await forgeToken(adminClaims, { expiresAt: now - 60 })),
    ],
    [
      'a token signed by another key',
      async () => bearer(await forgeToken(adminClaims, { expiresAt: now + 600, key: 'foreign' })),
    ],
    [
      'a token for another audience',
      async () =>
        bearer(
          await forgeToken({ ...adminClaims, aud: 'another-client' }, { expiresAt: now + 600 }),
        ),
    ],
    [
      'a token from another issuer',
      async () =>
        bearer(
          await forgeToken(
            { ...adminClaims, iss: 'http://localhost:1/local_other' },
            { expiresAt: now + 600 },
          ),
        ),
    ],
    ['a valid token without a role', async () => bearer(noRole)],
  ];

  for (const route of protectedRoutes) {
    describe(`${route.method} ${route.path}`, () => {
      it.each(unauthenticatedCases)('refuses %s with 401 unauthenticated', async (_, init) => {
        const response = await api(route.path, { method: route.method, ...(await init()) });
        expect(response.status).toBe(401);
        expect(await errorCode(response)).toBe('unauthenticated');
      });

      it('accepts the roles it lists and refuses the others with 403', async () => {
        for (const [role, token] of [
          ['admin', admin],
          ['staff', staff],
        ] as const) {
          const response = await api(route.path, { method: route.method, ...bearer(token) });
          const allowed = route.access !== 'machine' && route.access.includes(role);
          expect(response.status, role).toBe(allowed ? 200 : 403);
        }
      });
    });
  }

  it('the dashboard answers the counters to a signed-in admin', async () => {
    const response = await api('/api/dashboard', bearer(admin));
    expect(await response.json()).toMatchObject({
      products: expect.any(Number),
      serialRanges: expect.any(Number),
      units: expect.any(Number),
      reportRequests: expect.any(Number),
    });
  });
});

describe('the web app on the same origin', () => {
  it('serves /config.json for the local pool', async () => {
    const response = await api('/config.json');
    expect(await response.json()).toMatchObject({
      userPoolId: stack.resources.userPoolId,
      userPoolClientId: stack.resources.userPoolClientId,
      userPoolEndpoint: stack.endpoints.cognito,
      appName: 'Test Report Center',
    });
  });

  it('serves the app page for client-side routes', async () => {
    for (const path of ['/', '/login', '/dashboard', '/pages/misc/not-found']) {
      const response = await api(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing file rather than the app page', async () => {
    const response = await api('/assets/missing-file.js');
    expect(response.status).toBe(404);
  });

  it('sends the security headers on every kind of response', async () => {
    for (const path of ['/login', '/api/health', '/api/nothing-here', '/config.json']) {
      const headers = (await api(path)).headers;
      expect(headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy'), path).not.toMatch(/script-src[^;]*unsafe/);
      expect(headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBeTruthy();
    }
  });
});

describe('the host rule (the CloudFront Function, evaluated locally)', () => {
  it.each(['report.example.com', 'client.example.com'])(
    'on %s sends every page but /search to /search',
    async (host) => {
      for (const path of ['/', '/login', '/dashboard', '/api/dashboard']) {
        const response = await getWithHost(path, host);
        expect(response.status, path).toBe(302);
        expect(response.location, path).toBe('/search');
      }
      const search = await getWithHost('/search', host);
      expect(search.status).toBe(200);
      expect((await getWithHost('/config.json', host)).status).toBe(200);
    },
  );

  it('leaves other hosts alone', async () => {
    const response = await getWithHost('/dashboard', 'admin.example.com');
    expect(response.status).toBe(200);
  });
});
