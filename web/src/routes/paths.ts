/** Every path of the web app. Links, redirects and the route table use these names. */
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  products: '/products',
  serialNumbers: '/serial-numbers',
  machineData: '/machine-data',
  searches: '/searches',
  staffs: '/staffs',
  notAuthorized: '/not-authorized',
  notAuthorizedAlias: '/pages/misc/not-authorized',
  notFoundAlias: '/pages/misc/not-found',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Query parameter of `/login` that names the page to return to after sign-in. */
export const returnToParam = 'to';
