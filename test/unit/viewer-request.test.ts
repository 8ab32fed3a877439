import { describe, expect, it } from 'vitest';
import { isEdgeResponse, loadViewerRequest, type EdgeRequest } from '../../bin/local/edge';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'acorn';
import { join } from 'node:path';
import { compressedLinkInitials, resolverPathPatterns } from '../../lambdas/resolver/routes';
import { repoRoot } from '../../bin/local/settings';
import { paths as appPaths } from '../../web/src/routes/paths';

const viewerRequest = loadViewerRequest();

type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;

/**
 * A viewer-request event as CloudFront Functions builds it (event structure 1.0):
 * lower-case header names, the query string parsed beside the URI.
 */
function cloudFrontEvent(uri: string, host: string, querystring: QueryString = {}, method = 'GET') {
  return {
    version: '1.0',
    context: {
      distributionDomainName: 'd111111abcdef8.cloudfront.net',
      distributionId: 'EDFDVBD6EXAMPLE',
      eventType: 'viewer-request',
      requestId: 'qL1rZ3UvEXAMPLE',
    },
    viewer: { ip: '198.51.100.11' },
    request: {
      method,
      uri,
      querystring,
      headers: {
        host: { value: host },
        accept: { value: 'text/html' },
        'user-agent': { value: 'Mozilla/5.0' },
      },
      cookies: { lang: { value: 'zh' } },
    } as EdgeRequest,
  };
}

function run(uri: string, host = 'app.example.com', querystring: QueryString = {}, method = 'GET') {
  return viewerRequest(cloudFrontEvent(uri, host, querystring, method));
}

const reportHosts = [
  'report.example.com',
  'client.example.com',
  'REPORTS.Example.com',
  'myclient.io',
];

describe('the viewer-request CloudFront Function', () => {
  it('serves the back-office page for its client-side routes', () => {
    for (const uri of ['/', '/dashboard', '/edit-product/123', '/search/extra', '/login/extra']) {
      const result = run(uri);
      expect(isEdgeResponse(result), uri).toBe(false);
      expect(result, uri).toMatchObject({ uri: '/index.html' });
    }
  });

  it('serves /search (with or without the slash) the report center page, query intact', () => {
    const querystring = { serial: { value: 'AV-2024-000123' } };
    for (const uri of ['/search', '/search/']) {
      const result = run(uri, 'app.example.com', querystring);
      expect(result, uri).toMatchObject({ uri: '/search.html', querystring });
    }
    const verify = { verify: { value: 'TR-7K3MQ-9X2HB' } };
    expect(run('/search', 'report.example.com', verify)).toMatchObject({
      uri: '/search.html',
      querystring: verify,
    });
  });

  it('serves /login (with or without the slash) the sign-in page, query intact', () => {
    const querystring = { to: { value: '/products' } };
    for (const uri of ['/login', '/login/']) {
      const result = run(uri, 'app.example.com', querystring);
      expect(isEdgeResponse(result), uri).toBe(false);
      expect(result, uri).toMatchObject({ uri: '/login.html', querystring });
    }
  });

  it('leaves files and API calls untouched', () => {
    for (const uri of [
      '/assets/index-abc.js',
      '/assets/search-abc.css',
      '/config.json',
      '/favicon.svg',
      '/search.html',
      '/login.html',
      '/api/health',
      '/api/products/p-1',
    ]) {
      expect(run(uri), uri).toMatchObject({ uri });
    }
  });

  it('keeps the other parts of the request as they came', () => {
    const event = cloudFrontEvent('/dashboard', 'app.example.com', { a: { value: '1' } });
    const result = viewerRequest(event);
    expect(result).toMatchObject({
      method: 'GET',
      querystring: { a: { value: '1' } },
      headers: { host: { value: 'app.example.com' }, accept: { value: 'text/html' } },
      cookies: { lang: { value: 'zh' } },
    });
  });

  it.each(reportHosts)('on %s redirects every other page and API to /search', (host) => {
    for (const uri of [
      '/',
      '/login',
      '/dashboard',
      '/products',
      '/search/extra',
      '/Search',
      '/index.html',
      '/login.html',
      '/login/',
      '/api/dashboard',
      '/api/products/1',
      '/api/staff',
      '/api/report-requestsX',
      // The back-office pages spelled with escapes S3 decodes, or reached through dot
      // segments and backslashes: S3 and API Gateway read the path decoded once.
      '/%69ndex.html',
      '/%6cogin.html',
      '/%2Findex.html',
      '/assets/..%2Findex.html',
      '/assets/%2e%2e/index.html',
      '/assets/..%5Cindex.html',
      '/assets/%5C..%5Cindex.html',
      '/%2fapi%2fstaff',
    ]) {
      const result = run(uri, host);
      expect(result, uri).toMatchObject({
        statusCode: 302,
        headers: { location: { value: '/search' }, 'cache-control': { value: 'no-store' } },
      });
    }
  });

  it.each(reportHosts)(
    'on %s admits only the report requests /search makes, not the history or resend',
    (host) => {
      const refused: [string, string][] = [
        ['GET', '/api/report-requests'],
        ['POST', '/api/report-requests/abc123/resend'],
        ['POST', '/api/report-requests/abc123%2Fresend'],
        ['GET', '/api/report-requests/abc123/pdf/extra'],
        ['DELETE', '/api/report-requests/abc123/pdf'],
        ['POST', '/api/report-requests/verify/TR-7K3MQ-9X2HB'],
      ];
      for (const [method, uri] of refused) {
        expect(run(uri, host, {}, method), `${method} ${uri}`).toMatchObject({ statusCode: 302 });
      }
      const admitted: [string, string][] = [
        ['POST', '/api/report-requests'],
        ['GET', '/api/report-requests/abc123/pdf'],
        ['HEAD', '/api/report-requests/abc123/pdf'],
        ['GET', '/api/report-requests/verify/TR-7K3MQ-9X2HB'],
      ];
      for (const [method, uri] of admitted) {
        expect(run(uri, host, {}, method), `${method} ${uri}`).toMatchObject({ uri });
      }
    },
  );

  it.each(reportHosts)('on %s serves /search and everything it needs', (host) => {
    expect(run('/search', host)).toMatchObject({ uri: '/search.html' });
    expect(run('/search/', host)).toMatchObject({ uri: '/search.html' });
    for (const uri of [
      '/search.html',
      '/assets/search-1.js',
      '/assets/open-sans-abc.woff2',
      '/favicon.svg',
      '/config.json',
      '/api/report-requests/abc123/pdf',
      '/api/report-requests/verify/TR-7K3MQ-9X2HB',
      '/api/health',
    ]) {
      const result = run(uri, host);
      expect(isEdgeResponse(result), uri).toBe(false);
      expect(result, uri).toMatchObject({ uri });
    }
  });

  it('carries serial and verify over to /search when it redirects, and nothing else', () => {
    const result = run('/', 'report.example.com', {
      serial: { value: 'AV 2024/000123' },
      verify: { value: 'TR-7K3MQ-9X2HB' },
      to: { value: '/dashboard' },
    });
    expect(result).toMatchObject({
      statusCode: 302,
      headers: {
        location: { value: '/search?serial=AV%202024%2F000123&verify=TR-7K3MQ-9X2HB' },
      },
    });
  });

  it('encodes a carried-over value once, whether it arrives raw or decoded', () => {
    const location = (value: string) => {
      const result = run('/login', 'client.example.com', { serial: { value } });
      return isEdgeResponse(result) ? result.headers?.location?.value : undefined;
    };
    expect(location('AV%202024')).toBe('/search?serial=AV%202024');
    expect(location('AV 2024')).toBe('/search?serial=AV%202024');
    // Not valid percent-encoding: taken as it is.
    expect(location('50%')).toBe('/search?serial=50%25');
  });

  it('leaves hosts without "client" or "report" alone', () => {
    for (const host of ['admin.example.com', 'localhost:3000', '']) {
      expect(run('/dashboard', host), host).toMatchObject({ uri: '/index.html' });
      expect(run('/api/staff', host), host).toMatchObject({ uri: '/api/staff' });
    }
  });

  it('treats a request without a Host header as no report host', () => {
    const event = cloudFrontEvent('/dashboard', 'x');
    delete (event.request.headers as Record<string, unknown>).host;
    expect(viewerRequest(event)).toMatchObject({ uri: '/index.html' });
  });
});

describe('identification links through the viewer-request function', () => {
  const paths = [
    '/01/09506000134352/21/AV-0001',
    '/01/09506000134352/21/AV%2F0001',
    '/id/AV-0001',
    '/.well-known/gs1resolver',
  ];

  it('passes them to the API on every host, report hosts included, with % encoded once more', () => {
    for (const host of ['app.example.com', ...reportHosts]) {
      for (const uri of paths) {
        const result = run(uri, host);
        expect(isEdgeResponse(result), `${host} ${uri}`).toBe(false);
        expect(result, `${host} ${uri}`).toMatchObject({ uri: uri.replace(/%/g, '%25') });
      }
    }
  });

  it('covers exactly the paths CloudFront sends to the API (resolverPathPatterns)', () => {
    const samples = resolverPathPatterns.map((pattern) => pattern.replace('*', 'x/y'));
    for (const uri of samples) {
      const result = run(uri, 'report.example.com');
      expect(isEdgeResponse(result), uri).toBe(false);
    }
    // Near misses are not the resolver's: on a report host they go to /search.
    for (const uri of ['/01', '/idx/1', '/.well-known/other', '/010/1', '/dashboard', '/b1']) {
      expect(isEdgeResponse(run(uri, 'report.example.com')), uri).toBe(true);
    }
    // A compressed Digital Link on the app host goes to the API, not to the app's page.
    expect(run('/DBFKk4XBoNwyv22m3X2mmmu24', 'app.example.com')).toMatchObject({
      uri: '/DBFKk4XBoNwyv22m3X2mmmu24',
    });
  });

  it('leaves no page or file of the app under the compressed links’ initials', () => {
    const initials = new Set<string>(compressedLinkInitials);
    const own = [
      ...Object.values(appPaths),
      ...readdirSync(join(repoRoot, 'web/public')).map((file) => `/${file}`),
      ...readdirSync(join(repoRoot, 'web'))
        .filter((file) => file.endsWith('.html'))
        .map((file) => `/${file}`),
      '/assets/',
    ];
    expect(own.filter((path) => initials.has(path[1] ?? ''))).toEqual([]);
  });

  it("lets a unit's product data through on report hosts", () => {
    expect(isEdgeResponse(run('/api/units/AV-0001', 'report.example.com'))).toBe(false);
  });
});

describe('the function as CloudFront runs it (cloudfront-js-2.0)', () => {
  const code = readFileSync(join(repoRoot, 'lib/edge/viewer-request.js'), 'utf8');

  it('parses at the runtime’s language level: a script of ES 5.1 with features up to ES 12', () => {
    // The runtime implements ES 5.1 and features of ES 6 to 12, and no modules of the
    // code's own: a newer syntax (e.g. ES 2022's class fields) fails to deploy.
    const program = parse(code, { ecmaVersion: 2021, sourceType: 'script' });
    const handler = program.body.find(
      (node) => node.type === 'FunctionDeclaration' && node.id?.name === 'handler',
    );
    expect(handler, 'a top-level function handler').toBeDefined();
    expect(() => parse('class A { x = 1 }', { ecmaVersion: 2021 })).toThrow();
  });

  it('stays under the 10 KB function size quota, with room to grow', () => {
    const bytes = Buffer.byteLength(code, 'utf8');
    expect(bytes).toBeLessThanOrEqual(10_240);
    // A third of the quota left: a change that needs more should rethink the function.
    expect(bytes).toBeLessThanOrEqual(10_240 * (2 / 3));
  });
});
