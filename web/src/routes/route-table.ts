import { adminOnly, staffOrAdmin } from '../../../lambdas/shared/contract/api-spec';
import type { Role } from '../../../lambdas/shared/contract/roles';
import type { TranslationKey } from '../i18n/types';
import { roleMayAccess, type AccessRule } from './access';
import { paths, type AppPath } from './paths';

/** `blank`: centered card (auth, misc and public pages); `shell`: the back-office frame; `none`: no UI. */
export type LayoutKind = 'none' | 'blank' | 'shell';

export type PageId =
  | 'home'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'dashboard'
  | 'products'
  | 'addProduct'
  | 'editProduct'
  | 'serialNumbers'
  | 'addSerialNumber'
  | 'editSerialNumber'
  | 'unit'
  | 'machineData'
  | 'statistics'
  | 'searches'
  | 'staffs'
  | 'addStaff'
  | 'activity'
  | 'settings'
  | 'accountSettings'
  | 'accountSettingsAccount'
  | 'userProfile'
  | 'userProfileProfile'
  | 'secondFactor'
  | 'search'
  | 'notAuthorized'
  | 'notFound';

export interface AppRoute {
  /** A path of {@link paths}; `:name` segments are parameters. */
  path: AppPath | typeof fallbackPath;
  page: PageId;
  access: AccessRule;
  layout: LayoutKind;
  /** Shown in the side navigation under this label (shell routes only). */
  navLabel?: TranslationKey;
  /** The navigation entry highlighted on this page, when it is not an entry itself. */
  navSection?: AppPath;
}

// staffOrAdmin and adminOnly are the API's role lists (the contract's): a page and the
// routes it calls agree on who may.

/** Path matched when no other route matches. */
export const fallbackPath = '*';

/**
 * Every page of the app with its access rule and layout. The router, the guard,
 * the side navigation and the unit tests all read this table.
 */
export const appRoutes: readonly AppRoute[] = [
  // `/` only forwards to the dashboard; guarding it sends visitors to /login without `to`.
  { path: paths.home, page: 'home', access: staffOrAdmin, layout: 'none' },
  { path: paths.login, page: 'login', access: 'unauthenticatedOnly', layout: 'none' },
  { path: paths.register, page: 'register', access: 'unauthenticatedOnly', layout: 'blank' },
  {
    path: paths.forgotPassword,
    page: 'forgotPassword',
    access: 'unauthenticatedOnly',
    layout: 'blank',
  },
  {
    path: paths.resetPassword,
    page: 'resetPassword',
    access: 'unauthenticatedOnly',
    layout: 'blank',
  },
  {
    path: paths.dashboard,
    page: 'dashboard',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.dashboard',
  },
  {
    path: paths.products,
    page: 'products',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.products',
  },
  {
    path: paths.addProduct,
    page: 'addProduct',
    access: staffOrAdmin,
    layout: 'shell',
    navSection: paths.products,
  },
  {
    path: paths.editProduct,
    page: 'editProduct',
    access: staffOrAdmin,
    layout: 'shell',
    navSection: paths.products,
  },
  {
    path: paths.serialNumbers,
    page: 'serialNumbers',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.serialNumbers',
  },
  {
    path: paths.addSerialNumber,
    page: 'addSerialNumber',
    access: staffOrAdmin,
    layout: 'shell',
    navSection: paths.serialNumbers,
  },
  {
    path: paths.editSerialNumber,
    page: 'editSerialNumber',
    access: staffOrAdmin,
    layout: 'shell',
    navSection: paths.serialNumbers,
  },
  {
    path: paths.unit,
    page: 'unit',
    access: staffOrAdmin,
    layout: 'shell',
    navSection: paths.serialNumbers,
  },
  {
    path: paths.machineData,
    page: 'machineData',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.machineData',
  },
  {
    path: paths.statistics,
    page: 'statistics',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.statistics',
  },
  {
    path: paths.searches,
    page: 'searches',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.searches',
  },
  {
    path: paths.staffs,
    page: 'staffs',
    access: adminOnly,
    layout: 'shell',
    navLabel: 'nav.staffs',
  },
  {
    path: paths.addStaff,
    page: 'addStaff',
    access: adminOnly,
    layout: 'shell',
    navSection: paths.staffs,
  },
  {
    path: paths.activity,
    page: 'activity',
    access: adminOnly,
    layout: 'shell',
    navLabel: 'nav.activity',
  },
  {
    path: paths.settings,
    page: 'settings',
    access: adminOnly,
    layout: 'shell',
    navLabel: 'nav.settings',
  },
  // Your own account (staff and admins alike). The bare paths open their first tab; a tab
  // name other than these falls to not-found.
  { path: paths.accountSettings, page: 'accountSettings', access: staffOrAdmin, layout: 'none' },
  {
    path: paths.accountSettingsAccount,
    page: 'accountSettingsAccount',
    access: staffOrAdmin,
    layout: 'shell',
  },
  { path: paths.userProfile, page: 'userProfile', access: staffOrAdmin, layout: 'none' },
  {
    path: paths.userProfileProfile,
    page: 'userProfileProfile',
    access: staffOrAdmin,
    layout: 'shell',
  },
  // Only admins are ever sent here (the guard; docs/access-control.md "The web guard").
  { path: paths.secondFactor, page: 'secondFactor', access: adminOnly, layout: 'blank' },
  // The public Test Report Center is its own light page (search.html, its own entry):
  // reached from here, it is a full page load, never back-office code.
  { path: paths.search, page: 'search', access: 'public', layout: 'none' },
  { path: paths.notAuthorized, page: 'notAuthorized', access: 'public', layout: 'blank' },
  { path: paths.notAuthorizedAlias, page: 'notAuthorized', access: 'public', layout: 'blank' },
  { path: paths.notFoundAlias, page: 'notFound', access: 'public', layout: 'blank' },
  { path: fallbackPath, page: 'notFound', access: 'public', layout: 'blank' },
];

export interface RouteMatch {
  route: AppRoute;
  /** Decoded values of the route's `:name` segments. */
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Matches a path against one route pattern the way react-router does: static
 * segments case-insensitively, `:name` segments take one non-empty segment,
 * trailing slashes do not matter.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = segments(pattern);
  const actual = segments(pathname);
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined; // malformed escape: react-router would not match it either
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) {
      return undefined;
    }
  }
  return params;
}

const fallbackRoute = appRoutes.find((route) => route.path === fallbackPath) as AppRoute;

/** The route serving a path and its parameters; unknown paths get the not-found route. */
export function matchRoute(pathname: string): RouteMatch {
  for (const route of appRoutes) {
    if (route.path === fallbackPath) continue;
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return { route: fallbackRoute, params: {} };
}

/** The route serving a path (unknown paths: not-found). */
export function findRoute(pathname: string): AppRoute {
  return matchRoute(pathname).route;
}

/** Side navigation entries a user with this role may open, in table order. */
export function navigationRoutes(role: Role): (AppRoute & { navLabel: TranslationKey })[] {
  return appRoutes.filter(
    (route): route is AppRoute & { navLabel: TranslationKey } =>
      route.layout === 'shell' && route.navLabel !== undefined && roleMayAccess(route.access, role),
  );
}

/** The navigation entry to highlight on a path: its own, its section's, or none. */
export function activeNavigationPath(pathname: string): string | undefined {
  const { route } = matchRoute(pathname);
  if (route.navLabel) return route.path;
  return route.navSection;
}
