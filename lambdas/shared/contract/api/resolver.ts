import type { ApiTable } from '../api-spec';
import { linksetSchema, resolverDescriptionSchema } from '../schemas/resolver';

/**
 * A link's answers to GET and HEAD: a redirect (307) to the default link or to the link
 * type `?linkType=` names, or the linkset (200) for `?linkType=linkset` or a linkset `Accept`
 * (media type `application/linkset+json`, or `application/ld+json` with its context). A HEAD
 * answer is the same without its body.
 */
const linkAnswers = { 200: linksetSchema, 307: 'redirect' } as const;
/** OPTIONS: what the resolver allows (`Allow`), and where the linkset is (`Link`). */
const optionsAnswers = { 204: 'none' } as const;
const descriptionAnswers = { 200: resolverDescriptionSchema } as const;
// One text each for every HEAD and OPTIONS route (the resolver's bundle carries the table).
const headSummary = 'The headers of its GET, without the body';
const optionsSummary = 'The methods it allows (Allow), and where its linkset is (Link)';

/**
 * The identification-link resolver (docs/identity-links.md): GS1 Digital Link URIs of
 * units (`/01/<GTIN>/21/<serial>`) and their compressed form (`/<code>`), the product's own
 * form (`/id/<serial>`) and the resolver description file. Public, outside `/api` (the
 * links printed on units are short); GET, HEAD and OPTIONS, as the GS1-Conformant resolver
 * standard asks (2.2). The path is read from `rawPath` (a serial may hold an encoded `/`),
 * so no path schema; the query string is the resolver's own (`linkType`, `context`, data
 * attributes), passed on when redirecting. Unknown items and link types answer 404,
 * malformed links 400.
 */
export const resolverApi = {
  'GET /01/{path+}': {
    summary: 'Resolves a GS1 Digital Link of a unit or trade item: a redirect, or its linkset',
    access: 'public',
    answers: linkAnswers,
  },
  'HEAD /01/{path+}': {
    summary: headSummary,
    access: 'public',
    answers: linkAnswers,
  },
  'OPTIONS /01/{path+}': {
    summary: optionsSummary,
    access: 'public',
    answers: optionsAnswers,
  },
  'GET /id/{path+}': {
    summary: "Resolves a unit's link without a GTIN (/id/<serial>): a redirect, or its linkset",
    access: 'public',
    answers: linkAnswers,
  },
  'HEAD /id/{path+}': {
    summary: headSummary,
    access: 'public',
    answers: linkAnswers,
  },
  'OPTIONS /id/{path+}': {
    summary: optionsSummary,
    access: 'public',
    answers: optionsAnswers,
  },
  'GET /.well-known/gs1resolver': {
    summary: 'The resolver description file (GS1-Conformant resolver standard, section 3)',
    access: 'public',
    answers: descriptionAnswers,
  },
  'HEAD /.well-known/gs1resolver': {
    summary: headSummary,
    access: 'public',
    answers: descriptionAnswers,
  },
  'OPTIONS /.well-known/gs1resolver': {
    summary: optionsSummary,
    access: 'public',
    answers: optionsAnswers,
  },
  // A compressed GS1 Digital Link: one path segment at the root (compressed-link.ts).
  'GET /{code}': {
    summary: 'Resolves a compressed GS1 Digital Link exactly as its uncompressed form',
    access: 'public',
    answers: linkAnswers,
  },
  'HEAD /{code}': {
    summary: headSummary,
    access: 'public',
    answers: linkAnswers,
  },
  'OPTIONS /{code}': {
    summary: optionsSummary,
    access: 'public',
    answers: optionsAnswers,
  },
} as const satisfies ApiTable;
