import type { Language } from '../shared/contract/messages';

/** What an `Accept` header asks the resolver for (resolver standard 2.10). */
export type Representation = 'redirect' | 'linkset' | 'json-ld';

/** Media ranges with a q above 0, lower-cased, without parameters. */
function accepted(header: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) types.add(type);
  }
  return types;
}

/**
 * The linkset for `application/linkset+json` or `application/ld+json` (JSON-LD: the
 * context embedded), and for `application/json` when HTML is not asked for (the standard
 * recommends the same answer); otherwise (a browser, a scanner app, `*\/*`) the redirect.
 */
export function negotiate(header: string | undefined): Representation {
  const types = accepted(header);
  if (types.has('application/linkset+json')) return 'linkset';
  if (types.has('application/ld+json')) return 'json-ld';
  if (types.has('application/json') && !types.has('text/html')) return 'linkset';
  return 'redirect';
}

/** Titles in Traditional Chinese for a reader who prefers Chinese; English otherwise. */
export function preferredLanguage(header: string | undefined): Language {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
