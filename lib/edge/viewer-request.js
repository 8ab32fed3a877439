// CloudFront Function (cloudfront-js-2.0), viewer request, on every behaviour.
// The local gateway evaluates this same file on each request (bin/local/edge.ts).
//
// 1. Host rule: on a host containing "client" or "report" only the public Test Report
//    Center is served; every other path redirects to /search.
// 2. Pages: /search and /login are light pages of their own (/search.html and
//    /login.html, built from web/search.html and web/login.html); any other path that is
//    not a file is the back-office app (/index.html).
//
// 3. Identification links (docs/identity-links.md): `/01/...` (GS1 Digital Link), a
//    compressed Digital Link at the root (a path starting with one of the capitals of
//    COMPRESSED_LINK_INITIALS), `/id/...` and `/.well-known/gs1resolver` go to the resolver on
//    every host, report hosts included, as does `/.well-known/did.json` (the DID document of
//    the reports' conformity credentials). CloudFront sends these paths to the API
//    (lib/constructs/web.ts).
//
// CloudFront passes the query string beside the URI (event.request.querystring), so
// rewriting `uri` keeps `/search?serial=...` and `/search?verify=...` intact.

/** The Test Report Center's address, and the file that holds it. */
var SEARCH_PATH = '/search';
var SEARCH_PAGE = '/search.html';
var APP_PAGE = '/index.html';

/** The sign-in page's address, and the file that holds it (a back-office page). */
var LOGIN_PATH = '/login';
var LOGIN_PAGE = '/login.html';

/** Query parameters /search reads; a redirect to /search carries them over. */
var SEARCH_PARAMS = ['serial', 'verify'];

/**
 * First characters of a compressed GS1 Digital Link of a GTIN (lambdas/resolver/routes.ts,
 * compressedLinkInitials): no page or file of the app starts with a capital.
 */
var COMPRESSED_LINK_INITIALS = 'ACDGHKLOP';

/**
 * The resolver's paths (lambdas/resolver/routes.ts, resolverPathPatterns; a test holds the
 * two lists together).
 */
function isResolverPath(uri) {
  return (
    uri.indexOf('/01/') === 0 ||
    uri.indexOf('/id/') === 0 ||
    uri === '/.well-known/gs1resolver' ||
    uri === '/.well-known/did.json' ||
    (uri.length > 1 && COMPRESSED_LINK_INITIALS.indexOf(uri.charAt(1)) !== -1)
  );
}

function isReportHost(host) {
  return host.indexOf('client') !== -1 || host.indexOf('report') !== -1;
}

function isSearchPage(uri) {
  return uri === SEARCH_PATH || uri === SEARCH_PATH + '/';
}

function isLoginPage(uri) {
  return uri === LOGIN_PATH || uri === LOGIN_PATH + '/';
}

/** A file (script, style, font, image, /config.json, /search.html): the last segment has a dot. */
function isFile(uri) {
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  return last.indexOf('.') !== -1;
}

/**
 * The report request API /search calls: create (POST), a report's PDF, its verification
 * and its credential (GET; HEAD as GET), the signature check of a PDF (POST). Not the
 * history or resend, which share the prefix and are the back office's.
 */
function isReportApi(method, path) {
  var reading = method === 'GET' || method === 'HEAD';
  if (path === '/api/report-requests') return method === 'POST';
  if (path === '/api/report-requests/signature-check') return method === 'POST';
  if (/^\/api\/report-requests\/[^/]+\/pdf$/.test(path)) return reading;
  return /^\/api\/report-requests\/verify\/[^/]+(\/credential)?$/.test(path) && reading;
}

/**
 * What /search itself needs on a report host: its page and assets, /config.json, the
 * report request API (create, PDF, verify) and the health check. The back-office pages
 * (/index.html, /login.html) are files too, but they are not the report center's. The path
 * is judged as S3 and API Gateway read it, decoded once (`/%69ndex.html` is /index.html to
 * S3); one with empty or dot segments or backslashes is not the report center's either
 * (a file server that normalises the path would find a back-office page through them).
 */
function allowedOnReportHost(method, uri) {
  var path = decoded(uri);
  if (/\\|\/\/|(^|\/)\.\.?(\/|$)/.test(path)) return false;
  if (isSearchPage(path)) return true;
  if (isReportApi(method, path)) return true;
  if (path === '/api/health') return true;
  // A unit's product data (its gs1:pip link) and the identification links themselves.
  if (path.indexOf('/api/units/') === 0 || isResolverPath(path)) return true;
  if (path.indexOf('/api/') === 0) return false;
  return isFile(path) && path !== APP_PAGE && path !== LOGIN_PAGE;
}

/** A query value decoded once; as it is when it is not valid percent-encoding. */
function decoded(value) {
  try {
    return decodeURIComponent(value);
    // The catch binding keeps to ES5 syntax (no ES2019 `catch {`), safe on the runtime.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (error) {
    return value;
  }
}

/**
 * `?serial=...&verify=...` from the request's query string, or '' when it has neither.
 * Values are decoded, then encoded again, so the location is right whether the runtime
 * hands them over raw (CloudFront) or already decoded (the local gateway).
 */
function searchQuery(querystring) {
  var parts = [];
  for (var i = 0; i < SEARCH_PARAMS.length; i++) {
    var name = SEARCH_PARAMS[i];
    var param = querystring && querystring[name];
    if (param && typeof param.value === 'string') {
      parts.push(name + '=' + encodeURIComponent(decoded(param.value)));
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

function handler(event) {
  var request = event.request;
  var hostHeader = request.headers.host;
  var host = hostHeader ? hostHeader.value.toLowerCase() : '';
  var uri = request.uri;

  if (isReportHost(host) && !allowedOnReportHost(request.method, uri)) {
    return {
      statusCode: 302,
      statusDescription: 'Found',
      headers: {
        location: { value: SEARCH_PATH + searchQuery(request.querystring) },
        'cache-control': { value: 'no-store' },
      },
    };
  }
  if (isResolverPath(uri)) {
    // API Gateway decodes the path once before the function sees it, which would make an
    // encoded `/` in a serial (`%2F`) a path separator: encoding `%` first makes the path
    // the function reads the one the viewer sent (lambdas/resolver/digital-link.ts).
    request.uri = uri.replace(/%/g, '%25');
  } else if (isSearchPage(uri)) {
    request.uri = SEARCH_PAGE;
  } else if (isLoginPage(uri)) {
    request.uri = LOGIN_PAGE;
  } else if (uri.indexOf('/api/') !== 0 && !isFile(uri)) {
    request.uri = APP_PAGE;
  }
  return request;
}
