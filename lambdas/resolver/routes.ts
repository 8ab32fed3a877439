import { resolverApi } from '../shared/contract/api/resolver';
import { implement } from '../shared/route-spec';

/** One function serves every resolver route; it bundles no PDF code. */
const handler = 'lambdas/resolver/handler.ts';

/**
 * The identification-link resolver's routes (contract/api/resolver.ts; assembled with every
 * feature's in lambdas/routes.ts).
 */
export const resolverRoutes = implement(resolverApi, {
  'GET /01/{path+}': { handler },
  'HEAD /01/{path+}': { handler },
  'OPTIONS /01/{path+}': { handler },
  'GET /id/{path+}': { handler },
  'HEAD /id/{path+}': { handler },
  'OPTIONS /id/{path+}': { handler },
  'GET /.well-known/gs1resolver': { handler },
  'HEAD /.well-known/gs1resolver': { handler },
  'OPTIONS /.well-known/gs1resolver': { handler },
  'GET /{code}': { handler },
  'HEAD /{code}': { handler },
  'OPTIONS /{code}': { handler },
});

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
  // Not the resolver's, but also at the root of every host: the DID document of the
  // reports' credentials (lambdas/report-requests/did-handler.ts).
  '/.well-known/did.json',
  ...compressedLinkInitials.map((initial) => `/${initial}*` as const),
] as const;
