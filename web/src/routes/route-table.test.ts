import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../i18n/flatten';
import { resources } from '../i18n/resources';
import { decideAccess } from './access';
import { paths } from './paths';
import { appRoutes, findRoute, navigationRoutes } from './route-table';

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
    expect(findRoute('/login')).toMatchObject({ access: 'unauthenticatedOnly', layout: 'blank' });
    for (const path of [
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/searches',
    ]) {
      expect(findRoute(path), path).toMatchObject({ access: ['staff', 'admin'], layout: 'shell' });
    }
    expect(findRoute('/staffs')).toMatchObject({ access: ['admin'], layout: 'shell' });
    for (const path of ['/not-authorized', '/pages/misc/not-authorized']) {
      expect(findRoute(path)).toMatchObject({ page: 'notAuthorized', access: 'public' });
    }
    for (const path of ['/pages/misc/not-found', '/no-such-page', '/products/extra/deep']) {
      expect(findRoute(path)).toMatchObject({
        page: 'notFound',
        access: 'public',
        layout: 'blank',
      });
    }
  });

  it('sends a signed-out visitor of / to /login without `to`', () => {
    const home = findRoute('/');
    expect(
      decideAccess(home.access, { status: 'signedOut' }, { pathname: '/', search: '' }),
    ).toEqual({ type: 'redirect', to: '/login' });
  });

  it('shows Staffs in the navigation for admins only', () => {
    const labels = (role: 'admin' | 'staff') => navigationRoutes(role).map((route) => route.path);
    expect(labels('admin')).toEqual([
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/searches',
      '/staffs',
    ]);
    expect(labels('staff')).toEqual([
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/searches',
    ]);
  });

  it('labels navigation entries with existing translation keys', () => {
    const keys = flattenMessages(resources.en.translation);
    for (const route of navigationRoutes('admin')) expect(keys.has(route.navLabel)).toBe(true);
  });
});
