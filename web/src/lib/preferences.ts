import { readCookie } from '../i18n/languages';

/** Name of the localStorage entry and of the cookie that remember the interface preferences. */
export const preferencesStorageKey = 'ui-preferences';

/** How long the preferences cookie lives: 30 days. */
export const preferencesCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

/** Below this viewport width the side navigation is an overlay drawer, closed by default. */
export const navigationDrawerBelowPx = 1279;

export const themes = ['light', 'dark', 'system'] as const;
export const densities = ['comfortable', 'compact'] as const;
export const contentWidths = ['boxed', 'full'] as const;
export const navigationStates = ['expanded', 'collapsed'] as const;
export const barPlacements = ['sticky', 'static', 'hidden'] as const;

export type Theme = (typeof themes)[number];
export type Density = (typeof densities)[number];
export type ContentWidth = (typeof contentWidths)[number];
export type NavigationState = (typeof navigationStates)[number];
export type BarPlacement = (typeof barPlacements)[number];

/** How the back-office looks, remembered per browser. */
export interface InterfacePreferences {
  theme: Theme;
  density: Density;
  contentWidth: ContentWidth;
  navigation: NavigationState;
  navbar: BarPlacement;
  footer: BarPlacement;
}

export const defaultPreferences: InterfacePreferences = {
  theme: 'light',
  density: 'comfortable',
  contentWidth: 'boxed',
  navigation: 'expanded',
  navbar: 'sticky',
  footer: 'static',
};

/** `value` when it is one of `choices`, else `fallback`. */
function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return (choices as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

/**
 * Any value (parsed JSON, or nothing) as complete, valid preferences. Each field falls
 * back on its own: one bad or outdated value does not reset the others. (Hand-written
 * rather than zod: this runs on every page, and zod would join the first download.)
 */
export function parsePreferences(value: unknown): InterfacePreferences {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const d = defaultPreferences;
  return {
    theme: oneOf(themes, raw.theme, d.theme),
    density: oneOf(densities, raw.density, d.density),
    contentWidth: oneOf(contentWidths, raw.contentWidth, d.contentWidth),
    navigation: oneOf(navigationStates, raw.navigation, d.navigation),
    navbar: oneOf(barPlacements, raw.navbar, d.navbar),
    footer: oneOf(barPlacements, raw.footer, d.footer),
  };
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The remembered preferences: localStorage first, then the cookie, else the defaults. */
export function readPreferences({
  stored,
  cookies = '',
}: {
  stored?: string | null;
  cookies?: string;
}): InterfacePreferences {
  const fromStorage = parseJson(stored);
  if (typeof fromStorage === 'object' && fromStorage !== null) return parsePreferences(fromStorage);
  return parsePreferences(parseJson(readCookie(cookies, preferencesStorageKey)));
}

/** The text stored in localStorage (and, URL-encoded, in the cookie). */
export function serializePreferences(preferences: InterfacePreferences): string {
  return JSON.stringify(parsePreferences(preferences));
}

/** The `document.cookie` assignment that remembers the preferences for 30 days on every path. */
export function preferencesCookie(preferences: InterfacePreferences, secure: boolean): string {
  const attributes = [
    `${preferencesStorageKey}=${encodeURIComponent(serializePreferences(preferences))}`,
    'Path=/',
    `Max-Age=${preferencesCookieMaxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The colour mode to apply: `system` follows the operating system's setting. */
export function resolveMode(theme: Theme, systemPrefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Whether the side navigation is an overlay drawer at this viewport width. */
export function isNarrowViewport(width: number): boolean {
  return width < navigationDrawerBelowPx;
}
