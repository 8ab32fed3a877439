// CloudFront Function (cloudfront-js-2.0), viewer request, on every behaviour.
// The local gateway evaluates this same file on each request (bin/local/edge.ts).
//
// 1. Host rule: on a host containing "client" or "report" only the public Test Report
//    Center is served; every other path redirects to /search.
// 2. Single-page app: a path that is not a file is served /index.html.

var REPORT_HOST_API = [/^\/api\/report-requests$/, /^\/api\/report-requests\/[^/]+\/pdf$/];

function isReportHost(host) {
  return host.indexOf('client') !== -1 || host.indexOf('report') !== -1;
}

function isAsset(uri) {
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  return last.indexOf('.') !== -1;
}

function allowedOnReportHost(uri) {
  if (uri === '/search' || uri === '/search/') return true;
  if (uri.indexOf('/api/') === 0) {
    for (var i = 0; i < REPORT_HOST_API.length; i++) {
      if (REPORT_HOST_API[i].test(uri)) return true;
    }
    return uri === '/api/health';
  }
  return isAsset(uri);
}

function handler(event) {
  var request = event.request;
  var hostHeader = request.headers.host;
  var host = hostHeader ? hostHeader.value.toLowerCase() : '';
  var uri = request.uri;

  if (isReportHost(host) && !allowedOnReportHost(uri)) {
    return {
      statusCode: 302,
      statusDescription: 'Found',
      headers: { location: { value: '/search' }, 'cache-control': { value: 'no-store' } },
    };
  }
  if (uri.indexOf('/api/') !== 0 && !isAsset(uri)) {
    request.uri = '/index.html';
  }
  return request;
}
