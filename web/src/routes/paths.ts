/** Every path of the web app. Links, redirects and the route table use these names. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  products: '/products',
  addProduct: '/add-product',
  editProduct: '/edit-product/:id',
  serialNumbers: '/serial-numbers',
  addSerialNumber: '/add-serial-number',
  editSerialNumber: '/edit-serial-number/:id',
  /** A unit's page: `pathTo(paths.unit, { serial })` (a serial with `/` stays one segment). */
  unit: '/units/:serial',
  machineData: '/machine-data',
  statistics: '/statistics',
  searches: '/searches',
  staffs: '/staffs',
  addStaff: '/add-staff',
  activity: '/activity',
  settings: '/settings',
  /** The specification's own-account routes: a page of tabs, each tab a path of its own. */
  accountSettings: '/pages/account-settings',
  accountSettingsAccount: '/pages/account-settings/account',
  userProfile: '/pages/user-profile',
  userProfileProfile: '/pages/user-profile/profile',
  /**
   * Where an admin goes before any other page when the session lacks the second factor:
   * setting the authenticator app up, or signing in again with it (the guard sends them).
   */
  secondFactor: '/authenticator-app',
  /** The public Test Report Center: a page of its own (search.html), reached by a full load. */
  search: '/search',
  notAuthorized: '/not-authorized',
  notAuthorizedAlias: '/pages/misc/not-authorized',
  notFoundAlias: '/pages/misc/not-found',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Query parameter of `/login` that names the page to return to after sign-in. */
export const returnToParam = 'to';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A concrete address for a path with parameters, each value URL-encoded:
 * `pathTo(paths.editProduct, { id: 'p 1' })` is `/edit-product/p%201`.
 */
export function pathTo<P extends AppPath>(path: P, params: Record<ParamNames<P>, string>): string {
  const values = params as Record<string, string>;
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}
