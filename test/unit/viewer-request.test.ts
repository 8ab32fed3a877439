import { describe, expect, it } from 'vitest';
import { isEdgeResponse, loadViewerRequest } from '../../bin/local/edge';

const viewerRequest = loadViewerRequest();

function run(uri: string, host = 'app.example.com') {
  return viewerRequest({
    request: { method: 'GET', uri, querystring: {}, headers: { host: { value: host } } },
  });
}

describe('the viewer-request CloudFront Function', () => {
  it('serves the app page for client-side routes', () => {
    for (const uri of ['/', '/login', '/dashboard', '/edit-product/123']) {
      const result = run(uri);
      expect(isEdgeResponse(result), uri).toBe(false);
      expect(result).toMatchObject({ uri: '/index.html' });
    }
  });

  it('leaves files and API calls untouched', () => {
    for (const uri of ['/assets/index-abc.js', '/config.json', '/favicon.svg', '/api/health']) {
      expect(run(uri), uri).toMatchObject({ uri });
    }
  });

  it.each(['report.example.com', 'client.example.com', 'REPORTS.Example.com', 'myclient.io'])(
    'on %s redirects other pages to /search',
    (host) => {
      for (const uri of ['/', '/login', '/dashboard', '/api/dashboard', '/api/products/1']) {
        expect(run(uri, host), uri).toMatchObject({
          statusCode: 302,
          headers: { location: { value: '/search' } },
        });
      }
    },
  );

  it('on a report host still serves /search and what it needs', () => {
    const host = 'report.example.com';
    expect(run('/search', host)).toMatchObject({ uri: '/index.html' });
    for (const uri of [
      '/assets/search-1.js',
      '/config.json',
      '/api/report-requests',
      '/api/report-requests/abc123/pdf',
      '/api/health',
    ]) {
      expect(isEdgeResponse(run(uri, host)), uri).toBe(false);
    }
  });
});
