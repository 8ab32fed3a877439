import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import { signIn } from '../support/cognito';

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

describe('an oversized body', () => {
  it('is answered 413 and its keep-alive connection closed, so the next request is not stuck behind it', async () => {
    const socket = connect(stack.ports.gateway, '127.0.0.1');
    await once(socket, 'connect');
    const size = 7 * 1024 * 1024;
    socket.write(
      `POST /api/report-requests HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(size, 0x20));
    socket.on('error', () => undefined); // the server may close while this side still writes
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"payload-too-large"');
  });
});

describe('a body sent to a route that needs a token', () => {
  it('is not read without one: 401, whatever its size (the token is checked first)', async () => {
    const response = await fetch(`${stack.appUrl}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"${'A'.repeat(3 * 1024 * 1024)}"}`,
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthenticated');
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nothing-here', '/api/health/extra', '/api/'])(
    '%s answers 404 with the standard error body',
    async (path) => {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: {
          code: 'not-found',
          message: 'This address does not exist.',
          messageKey: 'errors.routeNotFound',
        },
      });
    },
  );

  it('a known path with another method is not found either, as in API Gateway', async () => {
    const response = await api('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not-found');
  });
});

describe('GET /api/dashboard', () => {
  it('answers the counters to a signed-in admin', async () => {
    const { IdToken } = await signIn(stack, stack.admin.email, stack.admin.password);
    const response = await api('/api/dashboard', bearer(IdToken));
    expect(response.status).toBe(200);
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

  it.each(['/assets/%ZZ.js', '/favicon%E0.svg'])(
    'answers 404 for a file path with malformed escapes (%s)',
    async (path) => {
      expect((await api(path)).status).toBe(404);
      expect((await api('/api/health')).status).toBe(200);
    },
  );

  // The web bucket's behaviour in CloudFront allows GET and HEAD only.
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    'refuses %s on a page or file with 403, as CloudFront does',
    async (method) => {
      for (const path of ['/', '/products', '/favicon.svg', '/search']) {
        expect((await api(path, { method })).status, path).toBe(403);
      }
      expect((await api('/favicon.svg', { method: 'HEAD' })).status).toBe(200);
    },
  );

  // `new URL('//x/y', base)` reads `x` as a host: the gateway once did, and a GS1-looking
  // path with an empty first segment ended the whole stack (found by the fuzz test).
  it.each(['//09506000134353/17/17', '//api/health', '//01/09506000134352/21/X', '//[::1]/x'])(
    'takes %s for a path, never a host: a client-side route, the app page',
    async (path) => {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect((await api('/api/health')).status).toBe(200);
    },
  );

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
      // The back-office page spelled with escapes or dot segments the file server decodes.
      for (const path of [
        '/',
        '/login',
        '/dashboard',
        '/api/dashboard',
        '/%69ndex.html',
        '/assets/..%2Findex.html',
        '/%2Findex.html',
      ]) {
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
