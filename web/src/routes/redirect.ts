import { paths, returnToParam } from './paths';

/** Any origin works: only whether a target stays on it matters. */
const probeOrigin = 'https://app.invalid';

/** Backslashes count as slashes in browsers; control characters are stripped by URL parsers. */
function isUnsafeCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return character === '\\' || code < 0x20 || code === 0x7f;
}

/**
 * A return target is followed only if it is a path on this site: it starts with a
 * single `/` (not `//` or `/\`, which browsers read as another host), has no control
 * characters, and resolves to this origin. Returns the normalized path, or undefined.
 */
export function safeRedirectTarget(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/')) return undefined;
  if (target.startsWith('//') || [...target].some(isUnsafeCharacter)) return undefined;
  let url: URL;
  try {
    url = new URL(target, probeOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== probeOrigin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

interface LocationLike {
  pathname: string;
  search: string;
}

/**
 * A path as a query value: encoded, except its slashes, which a query may hold as
 * they are (`to=/products` reads better than `to=%2Fproducts` and means the same).
 */
function encodePathParam(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/**
 * Where a signed-out visitor of a protected page is sent: `/login` with the page's
 * own query kept first and `to=<path>` added last (left out for `/`), e.g.
 * `/products?x=1` -> `/login?x=1&to=/products`.
 */
export function loginRedirectPath(location: LocationLike): string {
  return returnPath(paths.login, location);
}

/** `page` with the query and `to` of {@link loginRedirectPath}, e.g. the second-factor page. */
export function returnPath(page: string, { pathname, search }: LocationLike): string {
  const params = new URLSearchParams(search);
  params.delete(returnToParam);
  const parts = params.size ? [params.toString()] : [];
  if (pathname !== paths.home) parts.push(`${returnToParam}=${encodePathParam(pathname)}`);
  return parts.length ? `${page}?${parts.join('&')}` : page;
}

/**
 * Where to go after sign-in, from the query of `/login`: the `to` path when it is
 * safe (with the rest of the kept query restored to it), else the dashboard.
 */
export function postSignInPath(search: string): string {
  const params = new URLSearchParams(search);
  const target = safeRedirectTarget(params.get(returnToParam));
  if (!target) return paths.dashboard;
  const url = new URL(target, probeOrigin);
  // Back to the login page would loop: it sends signed-in users here again.
  if (url.pathname === paths.login) return paths.dashboard;
  params.delete(returnToParam);
  for (const [name, value] of params) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
