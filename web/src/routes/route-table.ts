import type { Role } from '../../../lambdas/shared/contract/roles';
import type { TranslationKey } from '../i18n/types';
import { roleMayAccess, type AccessRule } from './access';
import { paths } from './paths';

/** `blank`: centered card (auth, misc pages); `shell`: the back-office frame; `none`: no UI. */
export type LayoutKind = 'none' | 'blank' | 'shell';

export type PageId =
  | 'home'
  | 'login'
  | 'dashboard'
  | 'products'
  | 'serialNumbers'
  | 'machineData'
  | 'searches'
  | 'staffs'
  | 'notAuthorized'
  | 'notFound';

export interface AppRoute {
  path: string;
  page: PageId;
  access: AccessRule;
  layout: LayoutKind;
  /** Shown in the side navigation under this label (shell routes only). */
  navLabel?: TranslationKey;
}

const staffOrAdmin: readonly Role[] = ['staff', 'admin'];
const adminOnly: readonly Role[] = ['admin'];

/** Path matched when no other route matches. */
export const fallbackPath = '*';

/**
 * Every page of the app with its access rule and layout. The router, the guard,
 * the side navigation and the unit tests all read this table.
 */
export const appRoutes: readonly AppRoute[] = [
  // `/` only forwards to the dashboard; guarding it sends visitors to /login without `to`.
  { path: paths.home, page: 'home', access: staffOrAdmin, layout: 'none' },
  { path: paths.login, page: 'login', access: 'unauthenticatedOnly', layout: 'blank' },
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
    path: paths.serialNumbers,
    page: 'serialNumbers',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.serialNumbers',
  },
  {
    path: paths.machineData,
    page: 'machineData',
    access: staffOrAdmin,
    layout: 'shell',
    navLabel: 'nav.machineData',
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
  { path: paths.notAuthorized, page: 'notAuthorized', access: 'public', layout: 'blank' },
  { path: paths.notAuthorizedAlias, page: 'notAuthorized', access: 'public', layout: 'blank' },
  { path: paths.notFoundAlias, page: 'notFound', access: 'public', layout: 'blank' },
  { path: fallbackPath, page: 'notFound', access: 'public', layout: 'blank' },
];

/** The route serving a path (the table has no parameters yet: exact match, else not-found). */
export function findRoute(pathname: string): AppRoute {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    appRoutes.find((route) => route.path === normalized) ??
    (appRoutes.find((route) => route.path === fallbackPath) as AppRoute)
  );
}

/** Side navigation entries a user with this role may open, in table order. */
export function navigationRoutes(role: Role): (AppRoute & { navLabel: TranslationKey })[] {
  return appRoutes.filter(
    (route): route is AppRoute & { navLabel: TranslationKey } =>
      route.layout === 'shell' && route.navLabel !== undefined && roleMayAccess(route.access, role),
  );
}
