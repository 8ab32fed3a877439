import { applyDensity, applyMode, Density, Mode } from '@cloudscape-design/global-styles';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  changePreferences,
  preferencesCookie,
  preferencesStorageKey,
  readPreferences,
  resolveMode,
  serializePreferences,
  type InterfacePreferences,
} from '../../lib/preferences';
import { PreferencesContext, type PreferencesContextValue } from './preferences-context';
import { applyPrimaryColor } from './theme-styles';
import 'virtual:cloudscape-skin.css';
import './skin.css';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(preferencesStorageKey);
  } catch {
    return null; // storage blocked: the cookie still remembers
  }
}

function remember(preferences: InterfacePreferences): void {
  try {
    window.localStorage.setItem(preferencesStorageKey, serializePreferences(preferences));
  } catch {
    // storage blocked: the cookie still remembers
  }
  document.cookie = preferencesCookie(preferences, window.location.protocol === 'https:');
}

const darkQuery = '(prefers-color-scheme: dark)';

/** Sets Cloudscape's mode and the page's `color-scheme` (form controls, scrollbars). */
function applyTheme(mode: 'light' | 'dark'): void {
  applyMode(mode === 'dark' ? Mode.Dark : Mode.Light);
  document.documentElement.style.colorScheme = mode;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', mode);
}

/**
 * Holds the interface preferences of this browser and applies those that concern every
 * page, the sign-in pages included: theme, density, skin and colour scheme. The back
 * office's frame applies the layout ones and the top bar's blur.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState(() =>
    readPreferences({ stored: readStored(), cookies: document.cookie }),
  );
  const [panelOpen, setPanelOpen] = useState(false);
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(darkQuery).matches);

  // `system` follows the operating system live.
  useEffect(() => {
    const query = window.matchMedia(darkQuery);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Before paint, so a dark page never flashes light.
  const mode = resolveMode(preferences.theme, systemDark);
  useLayoutEffect(() => applyTheme(mode), [mode]);
  useLayoutEffect(
    () => applyDensity(preferences.density === 'compact' ? Density.Compact : Density.Comfortable),
    [preferences.density],
  );
  useLayoutEffect(() => {
    document.body.classList.toggle('preferences-skin-bordered', preferences.skin === 'bordered');
  }, [preferences.skin]);
  useLayoutEffect(() => applyPrimaryColor(preferences.primaryColor), [preferences.primaryColor]);

  const updatePreferences = useCallback((change: Partial<InterfacePreferences>) => {
    setPreferences((current) => {
      const next = changePreferences(current, change);
      remember(next);
      return next;
    });
  }, []);

  const value = useMemo<PreferencesContextValue>(
    () => ({ preferences, updatePreferences, panelOpen, setPanelOpen }),
    [preferences, updatePreferences, panelOpen],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}
