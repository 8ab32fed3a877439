import { getConfig } from '../shared/config';
import type { Context } from 'aws-lambda';
import type { HandlerAnswer } from '../shared/contract/api-spec';
import { DomainError } from '../shared/errors';
import { createPublicHttpHandler, type HttpEvent, type HttpResult } from '../shared/http/public';
import { identityLinkBase } from '../shared/identity-link';
import { countLookup } from '../shared/lookup-quota';
import { negotiate, preferredLanguage } from './negotiation';
import { decompressLink, uncompressedLink } from './compressed-link';
import { parseDigitalLinkPath, parseIdPath } from './digital-link';
import {
  contextLinkHeader,
  gs1Vocabulary,
  linkHeader,
  linkOfType,
  linksetContext,
  linksetOf,
  linkTypeRequest,
  uriPath,
  withQuery,
} from './links';
import { corsHeaders } from './cors';
import { resolverRoutes } from './routes';
import { itemsOf } from './service';

const allow = 'GET, HEAD, OPTIONS';
const vary = 'Accept, Accept-Language';

/** The answers of the routes, by kind (a HEAD route declares its GET's). */
type LinkAnswer = HandlerAnswer<(typeof resolverRoutes)['GET /01/{path+}']>;
type OptionsAnswer = HandlerAnswer<(typeof resolverRoutes)['OPTIONS /01/{path+}']>;
type DescriptionAnswer = HandlerAnswer<(typeof resolverRoutes)['GET /.well-known/gs1resolver']>;

/**
 * GET or HEAD of a unit's or trade item's link: a redirect (307) to the default link or
 * to the link type `?linkType=` names (the query string passed on as sent), or the linkset
 * (200) for `?linkType=linkset` (or `all`) or `Accept: application/linkset+json`. Unknown
 * items and link types answer 404, malformed links 400 (digital-link.ts). Each counts
 * against its client address's look-up quota (429 beyond it, lookup-quota.ts).
 */
async function resolve(event: HttpEvent, form: 'gs1' | 'id'): Promise<LinkAnswer> {
  await countLookup(event);
  const link = form === 'gs1' ? parseDigitalLinkPath(event.rawPath) : parseIdPath(event.rawPath);
  const base = await identityLinkBase();
  const language = preferredLanguage(event.headers['accept-language']);
  const requested = event.queryStringParameters?.linkType;
  const linkType = requested === undefined ? undefined : linkTypeRequest(requested);
  const representation = negotiate(event.headers.accept);
  const answersLinkset =
    linkType?.kind === 'linkset' || (!linkType && representation !== 'redirect');
  // Only the linkset lists the unit's credentials: a redirect (a scanned label) reads none.
  const [item, ...above] = await itemsOf(link, base, language, { credentials: answersLinkset });
  const headers = { link: linkHeader(item!.anchor) };

  if (answersLinkset) {
    const body = linksetOf([item!, ...above]);
    const jsonLd = representation === 'json-ld';
    return {
      status: 200,
      body: jsonLd ? { '@context': linksetContext, ...body } : body,
      headers: {
        ...headers,
        link: `${contextLinkHeader}, ${headers.link}`,
        'content-type': jsonLd ? 'application/ld+json' : 'application/linkset+json',
      },
    };
  }
  const target =
    linkType === undefined
      ? linkOfType(item!, 'defaultLink')
      : linkType.kind === 'type'
        ? // The unit's own link of the type, else the trade item's (walking up, 2.5.9).
          [item!, ...above].map((level) => linkOfType(level, linkType.term)).find(Boolean)
        : undefined;
  if (!target) {
    throw new DomainError('not-found', 'errors.linkTypeNotFound', {
      linkType: requested?.slice(0, 80) ?? 'gs1:defaultLink',
    });
  }
  return {
    status: 307,
    headers: { ...headers, location: withQuery(target.href, event.rawQueryString) },
  };
}

/**
 * A compressed GS1 Digital Link (`/<code>`, compressed-link.ts): answered exactly as its
 * uncompressed form is (the same redirect, linkset, `Link` header and errors, the qualifiers
 * in the path and data attributes in the query string); a path that is no whole compressed
 * link is 400.
 */
function resolveCompressed(event: HttpEvent): Promise<LinkAnswer> {
  const code = event.rawPath.replace(/^\/+|\/+$/g, '');
  const { path, query } = uncompressedLink(decompressLink(code), event.rawQueryString);
  return resolve(uncompressedEvent(event, path, query), 'gs1');
}

/** The event of the uncompressed link's address (its path and query string). */
function uncompressedEvent(event: HttpEvent, path: string, query: string): HttpEvent {
  const parameters = new URLSearchParams(query);
  return {
    ...event,
    rawPath: path,
    rawQueryString: query,
    queryStringParameters: query ? Object.fromEntries(parameters) : undefined,
  };
}

/** OPTIONS: what the resolver allows, and where the linkset of this address is. */
async function options(event: HttpEvent): Promise<OptionsAnswer> {
  const base = await identityLinkBase();
  return {
    status: 204,
    headers: {
      allow,
      link: linkHeader(`${base}${uriPath(event.rawPath)}`),
    },
  };
}

/**
 * `/.well-known/gs1resolver`: the resolver description file (resolver standard section 3;
 * it validates against GS1's description file schema, a test holds it).
 */
async function describe(): Promise<DescriptionAnswer> {
  const base = await identityLinkBase();
  const provider = getConfig().PROVIDER_NAME;
  return {
    status: 200,
    body: {
      name: `${provider} identification link resolver`,
      resolverRoot: base,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: gs1Vocabulary, prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
      jsonLdContextLocation: linksetContext,
      contact: { fn: provider },
    },
    headers: { 'cache-control': 'public, max-age=3600' },
  };
}

const handlers: Record<string, (event: HttpEvent, context?: Context) => Promise<HttpResult>> = {
  'GET /01/{path+}': createPublicHttpHandler(resolverRoutes, 'GET /01/{path+}', ({ event }) =>
    resolve(event, 'gs1'),
  ),
  'HEAD /01/{path+}': createPublicHttpHandler(resolverRoutes, 'HEAD /01/{path+}', ({ event }) =>
    resolve(event, 'gs1'),
  ),
  'OPTIONS /01/{path+}': createPublicHttpHandler(
    resolverRoutes,
    'OPTIONS /01/{path+}',
    ({ event }) => options(event),
  ),
  'GET /id/{path+}': createPublicHttpHandler(resolverRoutes, 'GET /id/{path+}', ({ event }) =>
    resolve(event, 'id'),
  ),
  'HEAD /id/{path+}': createPublicHttpHandler(resolverRoutes, 'HEAD /id/{path+}', ({ event }) =>
    resolve(event, 'id'),
  ),
  'OPTIONS /id/{path+}': createPublicHttpHandler(
    resolverRoutes,
    'OPTIONS /id/{path+}',
    ({ event }) => options(event),
  ),
  'GET /.well-known/gs1resolver': createPublicHttpHandler(
    resolverRoutes,
    'GET /.well-known/gs1resolver',
    describe,
  ),
  'HEAD /.well-known/gs1resolver': createPublicHttpHandler(
    resolverRoutes,
    'HEAD /.well-known/gs1resolver',
    describe,
  ),
  'OPTIONS /.well-known/gs1resolver': createPublicHttpHandler(
    resolverRoutes,
    'OPTIONS /.well-known/gs1resolver',
    ({ event }) => options(event),
  ),
  'GET /{code}': createPublicHttpHandler(resolverRoutes, 'GET /{code}', ({ event }) =>
    resolveCompressed(event),
  ),
  'HEAD /{code}': createPublicHttpHandler(resolverRoutes, 'HEAD /{code}', ({ event }) =>
    resolveCompressed(event),
  ),
  'OPTIONS /{code}': createPublicHttpHandler(resolverRoutes, 'OPTIONS /{code}', ({ event }) => {
    decompressLink(event.rawPath.replace(/^\/+|\/+$/g, ''));
    return options(event);
  }),
};

/**
 * The resolver function: one route-table pipeline per route (error body, logs, metrics),
 * chosen by the event's route key; every answer carries CORS headers and `Vary`, errors
 * included (a cache must not answer one representation for another), and a HEAD answer
 * no body.
 */
export async function handler(event: HttpEvent, context?: Context): Promise<HttpResult> {
  const route = handlers[event.routeKey];
  if (!route) throw new Error(`The resolver does not serve ${event.routeKey}`);
  const result = await route(event, context);
  const head = event.requestContext.http.method === 'HEAD';
  return {
    ...result,
    headers: { ...result.headers, ...corsHeaders, vary },
    ...(head ? { body: '', isBase64Encoded: false } : {}),
  } satisfies HttpResult;
}
