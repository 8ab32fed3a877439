import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../i18n/flatten';
import { resources } from '../i18n/resources';
import { decideAccess } from './access';
import { paths, pathTo } from './paths';
import {
  activeNavigationPath,
  appRoutes,
  findRoute,
  matchPath,
  matchRoute,
  navigationRoutes,
} from './route-table';

describe('route table', () => {
  it('has each path once', () => {
    const seen = appRoutes.map((route) => route.path);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('serves every named path', () => {
    for (const path of Object.values(paths)) {
      expect(
        appRoutes.some((route) => route.path === path),
        path,
      ).toBe(true);
    }
  });

  it('gives the expected access to each page', () => {
    for (const path of ['/register', '/forgot-password', '/reset-password']) {
      expect(findRoute(path), path).toMatchObject({
        access: 'unauthenticatedOnly',
        layout: 'blank',
      });
    }
    // The sign-in page is login.html: the route only leaves for it (or, signed in, goes on).
    expect(findRoute('/login')).toMatchObject({ access: 'unauthenticatedOnly', layout: 'none' });
    for (const path of [
      '/dashboard',
      '/products',
      '/add-product',
      '/edit-product/p-1',
      '/serial-numbers',
      '/add-serial-number',
      '/edit-serial-number/s-1',
      '/machine-data',
      '/statistics',
      '/searches',
    ]) {
      expect(findRoute(path), path).toMatchObject({ access: ['staff', 'admin'], layout: 'shell' });
    }
    for (const path of ['/pages/account-settings/account', '/pages/user-profile/profile']) {
      expect(findRoute(path), path).toMatchObject({ access: ['staff', 'admin'], layout: 'shell' });
    }
    // The bare account paths only forward to their first tab.
    expect(findRoute('/pages/account-settings')).toMatchObject({
      page: 'accountSettings',
      access: ['staff', 'admin'],
      layout: 'none',
    });
    expect(findRoute('/pages/user-profile')).toMatchObject({
      page: 'userProfile',
      access: ['staff', 'admin'],
      layout: 'none',
    });
    for (const path of ['/staffs', '/add-staff', '/activity']) {
      expect(findRoute(path), path).toMatchObject({ access: ['admin'], layout: 'shell' });
    }
    // The public report page is another entry: the app only leaves for it, in no layout.
    expect(findRoute('/search')).toMatchObject({
      page: 'search',
      access: 'public',
      layout: 'none',
    });
    for (const path of ['/not-authorized', '/pages/misc/not-authorized']) {
      expect(findRoute(path)).toMatchObject({
        page: 'notAuthorized',
        access: 'public',
        layout: 'blank',
      });
    }
    for (const path of [
      '/pages/misc/not-found',
      '/no-such-page',
      '/products/extra/deep',
      '/edit-product',
      '/edit-product/',
      '/edit-product/a/b',
      '/pages/account-settings/security',
      '/pages/user-profile/teams',
      '/pages/user-profile/profile/extra',
    ]) {
      expect(findRoute(path), path).toMatchObject({
        page: 'notFound',
        access: 'public',
        layout: 'blank',
      });
    }
  });

  it('matches routes with parameters and decodes the values', () => {
    expect(matchRoute('/edit-product/AV-100')).toMatchObject({
      route: { page: 'editProduct' },
      params: { id: 'AV-100' },
    });
    expect(matchRoute('/edit-serial-number/a%2Fb%20c/')).toMatchObject({
      route: { page: 'editSerialNumber' },
      params: { id: 'a/b c' },
    });
    expect(matchRoute('/products')).toMatchObject({ route: { page: 'products' }, params: {} });
    expect(matchRoute('/Products/')).toMatchObject({ route: { page: 'products' } });
    expect(matchRoute('/edit-product/%E0%A4%A')).toMatchObject({ route: { page: 'notFound' } });
  });

  it('builds addresses for parameter routes that match back', () => {
    const path = pathTo(paths.editProduct, { id: 'AV 1/2' });
    expect(path).toBe('/edit-product/AV%201%2F2');
    expect(matchPath(paths.editProduct, path)).toEqual({ id: 'AV 1/2' });
    expect(matchPath(paths.editProduct, '/edit-serial-number/1')).toBeUndefined();
  });

  it('highlights the section of add and edit pages in the navigation', () => {
    expect(activeNavigationPath('/products')).toBe('/products');
    expect(activeNavigationPath('/edit-product/1')).toBe('/products');
    expect(activeNavigationPath('/add-serial-number')).toBe('/serial-numbers');
    expect(activeNavigationPath('/add-staff')).toBe('/staffs');
    expect(activeNavigationPath('/nowhere')).toBeUndefined();
  });

  it('guards parameter routes like the others', () => {
    const route = findRoute('/edit-product/7');
    expect(
      decideAccess(
        route.access,
        { status: 'signedOut' },
        { pathname: '/edit-product/7', search: '?x=1' },
      ),
    ).toEqual({ type: 'redirect', to: '/login?x=1&to=/edit-product/7' });
    expect(
      decideAccess(
        findRoute('/add-staff').access,
        { status: 'signedIn', role: 'staff' },
        {
          pathname: '/add-staff',
          search: '',
        },
      ),
    ).toEqual({ type: 'redirect', to: '/not-authorized' });
  });

  it('sends a signed-out visitor of / to /login without `to`', () => {
    const home = findRoute('/');
    expect(
      decideAccess(home.access, { status: 'signedOut' }, { pathname: '/', search: '' }),
    ).toEqual({ type: 'redirect', to: '/login' });
  });

  it('keeps the account pages out of the navigation (the user menu links them)', () => {
    expect(activeNavigationPath('/pages/account-settings/account')).toBeUndefined();
    expect(activeNavigationPath('/pages/user-profile/profile')).toBeUndefined();
  });

  it('shows Staffs, Activity and Site settings in the navigation for admins only', () => {
    const labels = (role: 'admin' | 'staff') => navigationRoutes(role).map((route) => route.path);
    expect(labels('admin')).toEqual([
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/statistics',
      '/searches',
      '/staffs',
      '/activity',
      '/settings',
    ]);
    expect(labels('staff')).toEqual([
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/statistics',
      '/searches',
    ]);
  });

  it('labels navigation entries with existing translation keys', () => {
    const keys = flattenMessages(resources.en.translation);
    for (const route of navigationRoutes('admin')) expect(keys.has(route.navLabel)).toBe(true);
  });
});
