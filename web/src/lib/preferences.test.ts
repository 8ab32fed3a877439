import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  isNarrowViewport,
  parsePreferences,
  preferencesCookie,
  readPreferences,
  resolveMode,
  serializePreferences,
} from './preferences';

describe('interface preferences', () => {
  it('defaults to light, comfortable, boxed, expanded navigation, sticky bar, static footer', () => {
    expect(parsePreferences(undefined)).toEqual({
      theme: 'light',
      density: 'comfortable',
      contentWidth: 'boxed',
      navigation: 'expanded',
      navbar: 'sticky',
      footer: 'static',
    });
    expect(readPreferences({})).toEqual(defaultPreferences);
  });

  it('keeps valid values and replaces each invalid one with its default', () => {
    expect(
      parsePreferences({ theme: 'dark', density: 'huge', navbar: 'hidden', footer: 42, extra: 1 }),
    ).toEqual({ ...defaultPreferences, theme: 'dark', navbar: 'hidden' });
    expect(parsePreferences('dark')).toEqual(defaultPreferences);
    expect(parsePreferences(null)).toEqual(defaultPreferences);
  });

  it('reads localStorage first, then the cookie', () => {
    const stored = serializePreferences({ ...defaultPreferences, theme: 'system' });
    const cookie = preferencesCookie({ ...defaultPreferences, density: 'compact' }, false);
    const cookies = `lang=zh; ${cookie.split(';')[0]}`;
    expect(readPreferences({ stored, cookies }).theme).toBe('system');
    expect(readPreferences({ stored: null, cookies })).toEqual({
      ...defaultPreferences,
      density: 'compact',
    });
    expect(readPreferences({ stored: '{not json', cookies: 'ui-preferences=%7B' })).toEqual(
      defaultPreferences,
    );
  });

  it('writes a 30-day cookie for every path', () => {
    const cookie = preferencesCookie(defaultPreferences, true);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).toContain('Secure');
    expect(cookie.startsWith('ui-preferences=%7B')).toBe(true);
    expect(preferencesCookie(defaultPreferences, false)).not.toContain('Secure');
  });

  it('follows the system colour scheme only for `system`', () => {
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
  });

  it('turns the navigation into a drawer below 1279 px', () => {
    expect(isNarrowViewport(1000)).toBe(true);
    expect(isNarrowViewport(1278)).toBe(true);
    expect(isNarrowViewport(1279)).toBe(false);
    expect(isNarrowViewport(1400)).toBe(false);
  });
});
