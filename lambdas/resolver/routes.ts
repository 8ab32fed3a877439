import type { RouteTable } from '../shared/route-spec';

const handler = 'lambdas/resolver/handler.ts';

/**
 * The identification-link resolver (docs/identity-links.md): GS1 Digital Link URIs of
 * units (`/01/<GTIN>/21/<serial>`) and their compressed form (`/<code>`), the product's own
 * form (`/id/<serial>`) and the resolver description file. Public, outside `/api` (the links printed on units are short);
 * GET, HEAD and OPTIONS, as the GS1-Conformant resolver standard asks (2.2). One function
 * serves them all; it bundles no PDF code. The path is read from `rawPath` (a serial may
 * hold an encoded `/`), so no path schema; the query string is the resolver's own
 * (`linkType`, `context`, data attributes), passed on when redirecting.
 */
export const resolverRoutes = {
  'GET /01/{path+}': { handler, access: 'public' },
  'HEAD /01/{path+}': { handler, access: 'public' },
  'OPTIONS /01/{path+}': { handler, access: 'public' },
  'GET /id/{path+}': { handler, access: 'public' },
  'HEAD /id/{path+}': { handler, access: 'public' },
  'OPTIONS /id/{path+}': { handler, access: 'public' },
  'GET /.well-known/gs1resolver': { handler, access: 'public' },
  'HEAD /.well-known/gs1resolver': { handler, access: 'public' },
  'OPTIONS /.well-known/gs1resolver': { handler, access: 'public' },
  // A compressed GS1 Digital Link: one path segment at the root (compressed-link.ts).
  'GET /{code}': { handler, access: 'public' },
  'HEAD /{code}': { handler, access: 'public' },
  'OPTIONS /{code}': { handler, access: 'public' },
} as const satisfies RouteTable;

/**
 * The first characters of a compressed GS1 Digital Link whose primary key is a GTIN: its
 * first bits are AI 01 or an optimisation code starting with it (`0A`–`0F`, `1A`–`1F`,
 * `2A`–`2F`, `3A`–`3F`; the price codes `A0`–`A9`, which begin with lower-case letters, are
 * left out: the app's own paths are lower-case). CloudFront cannot route by a pattern over
 * characters, so each is a path pattern of its own; no page or file of the app begins with
 * a capital (a test holds it).
 */
export const compressedLinkInitials = ['A', 'C', 'D', 'G', 'H', 'K', 'L', 'O', 'P'] as const;

/**
 * The resolver's paths as CloudFront path patterns: the distribution sends them to the API
 * (lib/constructs/web.ts), and the viewer-request function lets them through on report
 * hosts (lib/edge/viewer-request.js, checked against this list by a test).
 */
export const resolverPathPatterns = [
  '/01/*',
  '/id/*',
  '/.well-known/gs1resolver',
  ...compressedLinkInitials.map((initial) => `/${initial}*` as const),
] as const;
