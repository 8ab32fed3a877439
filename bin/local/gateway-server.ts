import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { ErrorCode } from '../../lambdas/shared/contract/error-codes';
import { errorStatus } from '../../lambdas/shared/contract/error-codes';
import type { MessageKey } from '../../lambdas/shared/contract/messages';
import { bodyLimitOf } from '../../lambdas/shared/contract/api-spec';
import { bodyTooLarge } from '../../lambdas/shared/http/middlewares';
import { errorBody } from '../../lambdas/shared/http/responses';
import type { HttpEvent, HttpResult } from '../../lambdas/shared/http/types';
import { routeKey, routes, type RouteDefinition } from '../../lambdas/routes';
import { securityHeaders } from '../../lib/security-headers';
import { compressedLinkInitials } from '../../lambdas/resolver/routes';
import { isEdgeResponse, loadViewerRequest, type EdgeRequest } from './edge';
import { claimsAsStrings, createJwtVerifier } from './jwt';

export interface GatewayOptions {
  port: number;
  /** The built web app (web/dist). */
  webDir: string;
  /** Served as /config.json, as the web bucket serves it in AWS. */
  webConfig: Record<string, unknown>;
  jwt: { issuer: string; jwksUrl: string; clientId: string };
  /** Origins besides our own that the browser calls (cognito-local). */
  connectSources: string[];
  /** The Lambda timeout; a handler running longer answers 504 as in AWS. */
  handlerTimeoutMs?: number;
  /**
   * How long a client may take to send a whole request (Node's default is 300 s): one
   * sending slowly holds its connection and its body no longer than this (then 408).
   * @default 30_000
   */
  requestTimeoutMs?: number;
}

/**
 * The largest body the gateway reads for `route`. Lambda takes 6 MB, but every function
 * refuses a body over its route's limit (`bodyLimitBytes`, 1 MiB unless the route reads
 * files) with 413 'payload-too-large': the gateway gives that same answer itself, before
 * holding more than the limit per connection in memory.
 */
const maxRequestBytes = (route: RouteDefinition) => bodyLimitOf(route);

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface RouteMatcher {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

/**
 * Static paths win over parameters (`/lookup` before `/{id}`), as in API Gateway; a greedy
 * parameter (`{path+}`) takes the rest of the path, slashes included.
 */
function compileRoutes(): RouteMatcher[] {
  const compiled = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .replace(/[.]/g, '\\.')
      .replace(/\{(\w+)(\+?)\}/g, (_, name: string, greedy: string) => {
        names.push(name);
        return greedy ? '(.+)' : '([^/]+)';
      });
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
  return compiled.sort((a, b) => a.names.length - b.names.length);
}

/**
 * Paths the API serves: `/api/...` and the identification-link resolver's (CloudFront's
 * path patterns for it, `resolverPathPatterns`: compressed links included).
 */
const resolverPath = new RegExp(
  `^/(01|id)/|^/\\.well-known/(gs1resolver|did\\.json)$|^/[${compressedLinkInitials.join('')}]`,
);
function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || resolverPath.test(path);
}

/**
 * Runs a route's handler module with an event and answers its result, or `null` when the
 * invocation failed (the handler threw: a Lambda invocation error).
 */
export type Invoke = (route: RouteDefinition, event: HttpEvent) => Promise<HttpResult | null>;

/**
 * The local stand-in for CloudFront + API Gateway: one origin serving the web app
 * and /api. Each request passes the same viewer-request function as CloudFront;
 * /api requests are matched against the shared route table, protected routes need
 * a verified ID token, and the route's handler is invoked (`invoke`) with a payload 2.0
 * event. It runs on a thread of its own (gateway.ts), apart from the functions.
 */
export async function serveGateway(options: GatewayOptions, invoke: Invoke): Promise<Server> {
  const viewerRequest = loadViewerRequest();
  const matchers = compileRoutes();
  const verify = createJwtVerifier(options.jwt);
  const headers = securityHeaders({ connectSources: options.connectSources });
  const timeoutMs = options.handlerTimeoutMs ?? 10_000;

  async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    const found = matchers
      .map((matcher) => ({ matcher, match: matcher.pattern.exec(url.pathname) }))
      .find(({ matcher, match }) => match && matcher.route.method === method);
    if (!found || !found.match) return sendError(response, 'not-found', 'errors.routeNotFound');
    const { route, names } = found.matcher;

    // The token first, as API Gateway's authorizer runs before the function: a caller
    // without one gets no body read and held (Node discards what it sends).
    let claims: Record<string, string> | undefined;
    if (route.access !== 'public' && route.access !== 'machine') {
      const payload = await verify(request.headers.authorization);
      if (!payload) return sendError(response, 'unauthenticated', 'errors.unauthenticated');
      claims = claimsAsStrings(payload);
    }

    const body = await readBody(request, maxRequestBytes(route));
    if (body === null) {
      // The connection closes with the answer.
      response.setHeader('connection', 'close');
      const tooLarge = bodyTooLarge(route);
      return sendError(response, tooLarge.code, tooLarge.messageKey, tooLarge.params);
    }
    const pathParameters = decodePathParameters(names, found.match);
    // Malformed percent-encoding names no record: answered like an unknown id.
    if (!pathParameters) return sendError(response, 'not-found', 'errors.not-found');
    const event = buildEvent(request, url, route, body, pathParameters, claims);
    const result = await withTimeout(
      invoke(route, event),
      route.timeoutSeconds ? route.timeoutSeconds * 1000 : timeoutMs,
    );
    if (result === 'timeout') {
      return sendError(response, 'deadline-exceeded', 'errors.deadline-exceeded');
    }
    // A handler that throws is a Lambda invocation error: API Gateway answers 500.
    if (result === null) return sendError(response, 'internal', 'errors.internal');
    const resultHeaders = Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    );
    if (result.cookies?.length) response.setHeader('set-cookie', result.cookies);
    response.writeHead(result.statusCode ?? 200, resultHeaders);
    response.end(
      result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''),
    );
  }

  function serveStatic(response: ServerResponse, uri: string) {
    if (uri === '/config.json') {
      response.writeHead(200, {
        'content-type': contentTypes['.json']!,
        'cache-control': 'no-store',
      });
      return response.end(JSON.stringify(options.webConfig));
    }
    const file = normalize(join(options.webDir, decodedOnce(uri)));
    const inside = file.startsWith(join(options.webDir, sep));
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': contentTypes['.txt']! });
      return response.end('Not found');
    }
    response.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      // Hashed build assets never change; the page itself is always revalidated.
      'cache-control': uri.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    // A file gone since the check (a build emptying web/dist) ends this answer, not the stack.
    createReadStream(file)
      .once('error', () => response.destroy())
      .pipe(response);
  }

  function route(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
    const url = requestUrl(request.url);
    const edgeResult = viewerRequest({ request: toEdgeRequest(request, url) });
    if (isEdgeResponse(edgeResult)) {
      const edgeHeaders = Object.fromEntries(
        Object.entries(edgeResult.headers ?? {}).map(([name, header]) => [name, header.value]),
      );
      response.writeHead(edgeResult.statusCode, edgeHeaders);
      response.end();
      return Promise.resolve();
    }
    // The API sees the path as the viewer-request function left it, as in CloudFront.
    const apiUrl = requestUrl(`${edgeResult.uri}${url.search}`);
    if (isApiPath(edgeResult.uri)) return serveApi(request, response, apiUrl);
    // The web bucket's behaviour allows GET and HEAD only; CloudFront refuses the rest.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(403, { 'content-type': contentTypes['.txt']! });
      response.end('This distribution is not configured to allow the HTTP request method.');
      return Promise.resolve();
    }
    serveStatic(response, edgeResult.uri);
    return Promise.resolve();
  }

  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const server = createServer(
    // Node looks for requests past their time every `connectionsCheckingInterval` (30 s).
    { requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2) },
    (request, response) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      // Whatever fails while answering one request, thrown at once or later, answers that
      // request 500 with the standard body; it never ends the process (and the stack).
      const fail = (error: unknown) => {
        // The client left, or was cut off at the request timeout: nobody to answer.
        if (request.socket.destroyed) return;
        console.error('[gateway] request failed:', error);
        if (!response.headersSent) sendError(response, 'internal', 'errors.internal');
        else response.destroy();
      };
      try {
        route(request, response).catch(fail);
      } catch (error) {
        fail(error);
      }
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
}

/**
 * The request target as a URL on this server. The target is a path: one that starts
 * with `//` (`//01/…`) stays a path, where `new URL(target, base)` would read its first
 * segment as a host name (and throw when it is not one).
 */
function requestUrl(target: string | undefined): URL {
  const path = target ?? '/';
  return new URL(`http://localhost${path.startsWith('/') ? path : `/${path}`}`);
}

function toEdgeRequest(request: IncomingMessage, url: URL): EdgeRequest {
  const querystring: EdgeRequest['querystring'] = Object.fromEntries(
    [...url.searchParams].map(([name, value]) => [name, { value }]),
  );
  return {
    method: request.method ?? 'GET',
    uri: url.pathname,
    querystring,
    headers: { host: { value: request.headers.host ?? '' } },
  };
}

function buildEvent(
  request: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  body: Buffer,
  pathParameters: Record<string, string>,
  claims: Record<string, string> | undefined,
): HttpEvent {
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value!]),
  );
  // As CloudFront does: the viewer's address and port, never a value the client sent.
  headers['cloudfront-viewer-address'] =
    `${request.socket.remoteAddress ?? '127.0.0.1'}:${request.socket.remotePort ?? 0}`;
  // As API Gateway joins repeated names with commas. A Map: a name like `__proto__` or
  // `constructor` is a parameter like any other (the route's schema refuses it).
  const joined = new Map<string, string>();
  url.searchParams.forEach((value, name) => {
    const earlier = joined.get(name);
    joined.set(name, earlier === undefined ? value : `${earlier},${value}`);
  });
  const query = Object.fromEntries(joined);
  const now = new Date();
  const key = routeKey(route);
  const isText = /json|text|csv|x-www-form-urlencoded/.test(headers['content-type'] ?? 'json');
  return {
    version: '2.0',
    routeKey: key,
    // API Gateway's HTTP API decodes `rawPath` once (not the query string).
    rawPath: decodedOnce(url.pathname),
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: claims ? { jwt: { claims } } : undefined,
    },
  };
}

/** `{name}` values of the path, decoded; `null` when one is not valid percent-encoded UTF-8. */
function decodePathParameters(
  names: string[],
  match: RegExpExecArray,
): Record<string, string> | null {
  try {
    return Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
  } catch {
    return null;
  }
}

function decodedOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Reads the whole body; `null` when it exceeds the payload limit. Past the limit the rest
 * is read and dropped, not held: the client can send it all and then read the 413 (a
 * connection closed on unread data is reset, and the answer lost with it).
 */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers['content-length'] ?? 0);
  let chunks: Buffer[] | null = declared > limit ? null : [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) chunks = null;
    chunks?.push(chunk as Buffer);
  }
  return chunks && Buffer.concat(chunks);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, ms, 'timeout')));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function sendError(
  response: ServerResponse,
  code: ErrorCode,
  key: MessageKey,
  params: Record<string, string | number> = {},
): void {
  const body = errorBody(code, key, params);
  response.writeHead(errorStatus[code], {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
