import { describe, expect, it } from 'vitest';
import {
  changePreferences,
  defaultPreferences,
  isNarrowViewport,
  parsePreferences,
  preferenceChoices,
  preferencesCookie,
  readPreferences,
  resolveMode,
  serializePreferences,
  unavailableChoices,
  type InterfacePreferences,
} from './preferences';

describe('interface preferences', () => {
  it('defaults to the specification: light, default skin, vertical, sticky, semi-dark on, boxed', () => {
    expect(parsePreferences(undefined)).toEqual({
      theme: 'light',
      skin: 'default',
      layout: 'vertical',
      navbar: 'sticky',
      footer: 'static',
      navigation: 'expanded',
      contentWidth: 'boxed',
      navbarBlur: 'on',
      semiDarkNavigation: 'on',
      primaryColor: 'blue',
      density: 'comfortable',
    });
    expect(readPreferences({})).toEqual(defaultPreferences);
  });

  it('offers every choice of the specification', () => {
    expect(preferenceChoices).toMatchObject({
      theme: ['light', 'dark', 'system'],
      skin: ['default', 'bordered'],
      layout: ['vertical', 'horizontal', 'collapsed'],
      navbar: ['sticky', 'static', 'hidden'],
      footer: ['sticky', 'static', 'hidden'],
      navigation: ['expanded', 'collapsed'],
      contentWidth: ['boxed', 'full'],
      navbarBlur: ['on', 'off'],
      semiDarkNavigation: ['on', 'off'],
    });
    expect(preferenceChoices.primaryColor.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps valid values and replaces each invalid one with its default', () => {
    expect(
      parsePreferences({
        theme: 'dark',
        density: 'huge',
        navbar: 'hidden',
        footer: 42,
        skin: 'bordered',
        primaryColor: 'chartreuse',
        extra: 1,
      }),
    ).toEqual({ ...defaultPreferences, theme: 'dark', navbar: 'hidden', skin: 'bordered' });
    expect(parsePreferences('dark')).toEqual(defaultPreferences);
    expect(parsePreferences(null)).toEqual(defaultPreferences);
  });

  it('reads preferences saved before the layout choice, keeping a collapsed navigation', () => {
    expect(parsePreferences({ navigation: 'collapsed' })).toMatchObject({
      layout: 'collapsed',
      navigation: 'collapsed',
    });
    // Stored values that disagree are made consistent, the layout deciding.
    expect(parsePreferences({ layout: 'vertical', navigation: 'collapsed' })).toMatchObject({
      layout: 'vertical',
      navigation: 'expanded',
    });
    expect(parsePreferences({ layout: 'horizontal', navbar: 'hidden' })).toMatchObject({
      layout: 'horizontal',
      navbar: 'sticky',
      navigation: 'expanded',
    });
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

  it('writes a 30-day cookie for every path, holding every preference', () => {
    const chosen: InterfacePreferences = {
      theme: 'dark',
      skin: 'bordered',
      layout: 'collapsed',
      navbar: 'static',
      footer: 'hidden',
      navigation: 'collapsed',
      contentWidth: 'full',
      navbarBlur: 'off',
      semiDarkNavigation: 'off',
      primaryColor: 'purple',
      density: 'compact',
    };
    const cookie = preferencesCookie(chosen, true);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).toContain('Secure');
    expect(cookie.startsWith('ui-preferences=%7B')).toBe(true);
    expect(preferencesCookie(defaultPreferences, false)).not.toContain('Secure');
    expect(readPreferences({ cookies: cookie.split(';')[0] })).toEqual(chosen);
    // Browsers keep cookies up to 4096 bytes.
    expect(cookie.length).toBeLessThan(1024);
  });

  it('follows the system colour scheme only for `system`', () => {
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
  });

  it('is vertical (the navigation a drawer) below 1279 px', () => {
    expect(isNarrowViewport(1000)).toBe(true);
    expect(isNarrowViewport(1200)).toBe(true);
    expect(isNarrowViewport(1278)).toBe(true);
    expect(isNarrowViewport(1279)).toBe(false);
    expect(isNarrowViewport(1400)).toBe(false);
  });
});

describe('changePreferences', () => {
  const hiddenBar = { ...defaultPreferences, navbar: 'hidden' } as const;

  it('turns a hidden top bar sticky and expands the navigation when switching to horizontal', () => {
    const collapsedHidden = changePreferences(hiddenBar, { layout: 'collapsed' });
    expect(collapsedHidden).toMatchObject({ navbar: 'hidden', navigation: 'collapsed' });
    expect(changePreferences(collapsedHidden, { layout: 'horizontal' })).toMatchObject({
      layout: 'horizontal',
      navbar: 'sticky',
      navigation: 'expanded',
    });
    // A static bar stays static.
    expect(
      changePreferences({ ...defaultPreferences, navbar: 'static' }, { layout: 'horizontal' }),
    ).toMatchObject({ navbar: 'static' });
  });

  it('does not hide the top bar of the horizontal layout', () => {
    const horizontal = changePreferences(
      { ...defaultPreferences, navbar: 'static' },
      {
        layout: 'horizontal',
      },
    );
    expect(changePreferences(horizontal, { navbar: 'hidden' }).navbar).toBe('static');
    expect(changePreferences(horizontal, { navbar: 'sticky' }).navbar).toBe('sticky');
    expect(unavailableChoices(horizontal)).toEqual({
      navbar: ['hidden'],
      navigation: ['expanded', 'collapsed'],
    });
    expect(unavailableChoices(defaultPreferences)).toEqual({});
  });

  it('moves between the vertical and the collapsed layout with the navigation', () => {
    const collapsed = changePreferences(defaultPreferences, { navigation: 'collapsed' });
    expect(collapsed).toMatchObject({ layout: 'collapsed', navigation: 'collapsed' });
    expect(changePreferences(collapsed, { navigation: 'expanded' })).toMatchObject({
      layout: 'vertical',
      navigation: 'expanded',
    });
    expect(changePreferences(defaultPreferences, { layout: 'collapsed' }).navigation).toBe(
      'collapsed',
    );
    expect(changePreferences(collapsed, { layout: 'vertical' }).navigation).toBe('expanded');
    const horizontal = changePreferences(defaultPreferences, { layout: 'horizontal' });
    expect(changePreferences(horizontal, { navigation: 'collapsed' })).toEqual(horizontal);
  });

  it('resets to the defaults', () => {
    const changed = changePreferences(defaultPreferences, {
      layout: 'horizontal',
      skin: 'bordered',
      primaryColor: 'green',
    });
    expect(changePreferences(changed, defaultPreferences)).toEqual(defaultPreferences);
  });
});
