import type { AccessRule } from './access';

/** Data the router keeps on each page route (`handle`), read back by the guard. */
export interface RouteHandle {
  access: AccessRule;
  /** Starts loading the route's layout and page code together. */
  preload?: () => Promise<unknown>;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}
