import { describe, expect, it } from 'vitest';
import { loginRedirectPath, postSignInPath, safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirectTarget('/products')).toBe('/products');
    expect(safeRedirectTarget('/products?page=2#top')).toBe('/products?page=2#top');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'products'],
    ['tab trick', '/\t/evil.example'],
    ['newline trick', '/\n/evil.example'],
    ['empty', ''],
  ])('rejects a %s', (_name, target) => {
    expect(safeRedirectTarget(target)).toBeUndefined();
  });

  it('rejects non-strings', () => {
    expect(safeRedirectTarget(null)).toBeUndefined();
    expect(safeRedirectTarget(undefined)).toBeUndefined();
    expect(safeRedirectTarget(42)).toBeUndefined();
  });
});

describe('loginRedirectPath', () => {
  it('adds the original path as `to`', () => {
    expect(loginRedirectPath({ pathname: '/products', search: '' })).toBe('/login?to=/products');
  });

  it('keeps the original query', () => {
    expect(loginRedirectPath({ pathname: '/products', search: '?page=2&q=AV' })).toBe(
      '/login?page=2&q=AV&to=/products',
    );
  });

  it('leaves `to` out for the root', () => {
    expect(loginRedirectPath({ pathname: '/', search: '' })).toBe('/login');
    expect(loginRedirectPath({ pathname: '/', search: '?lang=zh' })).toBe('/login?lang=zh');
  });

  it('encodes what a query value cannot hold, but keeps slashes readable', () => {
    expect(loginRedirectPath({ pathname: '/edit-product/a%20b&c', search: '' })).toBe(
      '/login?to=/edit-product/a%2520b%26c',
    );
  });

  it('replaces a `to` already in the query', () => {
    expect(loginRedirectPath({ pathname: '/staffs', search: '?to=//evil' })).toBe(
      '/login?to=/staffs',
    );
  });
});

describe('postSignInPath', () => {
  it('goes to a safe `to`', () => {
    expect(postSignInPath('?to=%2Fproducts')).toBe('/products');
    expect(postSignInPath('?to=/serial-numbers')).toBe('/serial-numbers');
  });

  it('restores the query kept on the login page', () => {
    expect(postSignInPath('?page=2&to=%2Fproducts')).toBe('/products?page=2');
  });

  it('falls back to the dashboard', () => {
    expect(postSignInPath('')).toBe('/dashboard');
    expect(postSignInPath('?page=2')).toBe('/dashboard');
    expect(postSignInPath('?to=%2F%2Fevil.example')).toBe('/dashboard');
    expect(postSignInPath('?to=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(postSignInPath('?to=%2F%5Cevil.example')).toBe('/dashboard');
  });

  it('never returns to the login page', () => {
    expect(postSignInPath('?to=%2Flogin')).toBe('/dashboard');
  });
});

describe('a signed-out visit and the sign-in after it', () => {
  it('keeps the original query first, then `to`, and restores both', () => {
    const login = loginRedirectPath({ pathname: '/products', search: '?x=1' });
    expect(login).toBe('/login?x=1&to=/products');
    expect(postSignInPath(new URL(login, 'https://app.invalid').search)).toBe('/products?x=1');
  });

  it('round-trips parameters and odd characters', () => {
    for (const [pathname, search] of [
      ['/edit-product/AV%2F1', '?tab=specs&q=a+b'],
      ['/staffs', '?filter=%E7%8E%8B'],
      ['/edit-serial-number/42', ''],
    ] as const) {
      const login = loginRedirectPath({ pathname, search });
      const back = postSignInPath(new URL(login, 'https://app.invalid').search);
      const expected = new URL(`${pathname}${search}`, 'https://app.invalid');
      const actual = new URL(back, 'https://app.invalid');
      expect(actual.pathname).toBe(expected.pathname);
      expect([...actual.searchParams]).toEqual([...expected.searchParams]);
    }
  });
});
