import { readCookie } from '../i18n/languages';
import { primaryColors, type PrimaryColor } from './primary-colors';

export { primaryColors, type PrimaryColor };

/** Name of the localStorage entry and of the cookie that remember the interface preferences. */
export const preferencesStorageKey = 'ui-preferences';

/** How long the preferences cookie lives: 30 days. */
export const preferencesCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

/**
 * Below this viewport width the layout is vertical whatever the choice: the navigation
 * is an overlay drawer, closed until the menu button opens it.
 */
export const navigationDrawerBelowPx = 1279;

export const themes = ['light', 'dark', 'system'] as const;
export const skins = ['default', 'bordered'] as const;
export const layouts = ['vertical', 'horizontal', 'collapsed'] as const;
export const barPlacements = ['sticky', 'static', 'hidden'] as const;
export const navigationStates = ['expanded', 'collapsed'] as const;
export const contentWidths = ['boxed', 'full'] as const;
export const switchStates = ['on', 'off'] as const;
export const densities = ['comfortable', 'compact'] as const;

export type Theme = (typeof themes)[number];
export type Skin = (typeof skins)[number];
export type Layout = (typeof layouts)[number];
export type BarPlacement = (typeof barPlacements)[number];
export type NavigationState = (typeof navigationStates)[number];
export type ContentWidth = (typeof contentWidths)[number];
export type SwitchState = (typeof switchStates)[number];
export type Density = (typeof densities)[number];

/** How the back office looks, remembered per browser (the specification's list, plus density). */
export interface InterfacePreferences {
  theme: Theme;
  /** `bordered`: containers, tables and cards drawn with a border instead of a shadow. */
  skin: Skin;
  /** `collapsed` is the vertical layout with its navigation collapsed. */
  layout: Layout;
  navbar: BarPlacement;
  footer: BarPlacement;
  /** The vertical navigation; always `collapsed` in the collapsed layout, else `expanded`. */
  navigation: NavigationState;
  contentWidth: ContentWidth;
  /** A sticky top bar lets the page show through, blurred, as it scrolls beneath. */
  navbarBlur: SwitchState;
  /** The vertical navigation stays dark in the light theme. */
  semiDarkNavigation: SwitchState;
  /** The primary colour of links, buttons, selections and focus (Cloudscape's theming). */
  primaryColor: PrimaryColor;
  /** Not in the specification: Cloudscape's comfortable or compact spacing. */
  density: Density;
}

export const defaultPreferences: InterfacePreferences = {
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
};

/** Every preference with its choices, in the order the preferences dialog shows them. */
export const preferenceChoices = {
  theme: themes,
  skin: skins,
  primaryColor: primaryColors,
  layout: layouts,
  navigation: navigationStates,
  semiDarkNavigation: switchStates,
  navbar: barPlacements,
  navbarBlur: switchStates,
  footer: barPlacements,
  contentWidth: contentWidths,
  density: densities,
} as const satisfies { [K in keyof InterfacePreferences]: readonly InterfacePreferences[K][] };

export type PreferenceName = keyof typeof preferenceChoices;

/** `value` when it is one of `choices`, else `undefined`. */
function oneOf<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return (choices as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/**
 * Makes the preferences agree with each other:
 * - the navigation is collapsed exactly in the collapsed layout (the horizontal layout
 *   keeps it expanded, for when the window is too narrow for a horizontal menu);
 * - a horizontal menu hangs under the top bar, so the top bar is never hidden with it.
 */
function consistent(preferences: InterfacePreferences): InterfacePreferences {
  const navigation: NavigationState = preferences.layout === 'collapsed' ? 'collapsed' : 'expanded';
  const navbar =
    preferences.layout === 'horizontal' && preferences.navbar === 'hidden'
      ? 'sticky'
      : preferences.navbar;
  return { ...preferences, navigation, navbar };
}

/**
 * Any value (parsed JSON, or nothing) as complete, valid preferences. Each field falls
 * back on its own: one bad or outdated value does not reset the others. Preferences
 * saved before the layout choice existed keep their collapsed navigation. (Hand-written
 * rather than zod: this runs on every page, and zod would join the first download.)
 */
export function parsePreferences(value: unknown): InterfacePreferences {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const d = defaultPreferences;
  const navigation = oneOf(navigationStates, raw.navigation) ?? d.navigation;
  return consistent({
    theme: oneOf(themes, raw.theme) ?? d.theme,
    skin: oneOf(skins, raw.skin) ?? d.skin,
    layout: oneOf(layouts, raw.layout) ?? (navigation === 'collapsed' ? 'collapsed' : d.layout),
    navbar: oneOf(barPlacements, raw.navbar) ?? d.navbar,
    footer: oneOf(barPlacements, raw.footer) ?? d.footer,
    navigation,
    contentWidth: oneOf(contentWidths, raw.contentWidth) ?? d.contentWidth,
    navbarBlur: oneOf(switchStates, raw.navbarBlur) ?? d.navbarBlur,
    semiDarkNavigation: oneOf(switchStates, raw.semiDarkNavigation) ?? d.semiDarkNavigation,
    primaryColor: oneOf(primaryColors, raw.primaryColor) ?? d.primaryColor,
    density: oneOf(densities, raw.density) ?? d.density,
  });
}

/**
 * The preferences after a person changes some of them, kept consistent:
 * - choosing the horizontal layout turns a hidden top bar sticky and expands the navigation;
 * - choosing the collapsed layout collapses the navigation, the vertical one expands it;
 * - collapsing or expanding the vertical navigation (its own toggle, or the dialog)
 *   switches between the vertical and the collapsed layout; in the horizontal layout
 *   there is no vertical navigation to change;
 * - hiding the top bar is refused in the horizontal layout.
 */
export function changePreferences(
  current: InterfacePreferences,
  change: Partial<InterfacePreferences>,
): InterfacePreferences {
  const next = { ...current, ...change };
  if (change.layout === undefined && change.navigation !== undefined) {
    if (current.layout !== 'horizontal') {
      next.layout = change.navigation === 'collapsed' ? 'collapsed' : 'vertical';
    }
  }
  if (next.layout === 'horizontal' && change.navbar === 'hidden' && change.layout === undefined) {
    next.navbar = current.navbar;
  }
  return consistent(parsePreferences(next));
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

/** Whether the window is too narrow for the chosen layout (the navigation is then a drawer). */
export function isNarrowViewport(width: number): boolean {
  return width < navigationDrawerBelowPx;
}

/**
 * Which choices the dialog offers but cannot take at the moment, and why not: the top
 * bar cannot be hidden under a horizontal menu, and the horizontal layout has no
 * vertical navigation to collapse.
 */
export function unavailableChoices(
  preferences: InterfacePreferences,
): Partial<Record<PreferenceName, readonly string[]>> {
  if (preferences.layout !== 'horizontal') return {};
  return { navbar: ['hidden'], navigation: navigationStates };
}
