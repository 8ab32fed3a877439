import { applyMode, Mode } from '@cloudscape-design/global-styles';
import { preferencesStorageKey, readPreferences, resolveMode } from '../lib/preferences';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(preferencesStorageKey);
  } catch {
    return null; // storage blocked: the cookie still remembers
  }
}

function apply(mode: 'light' | 'dark'): void {
  applyMode(mode === 'dark' ? Mode.Dark : Mode.Light);
  document.documentElement.style.colorScheme = mode;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', mode);
}

/**
 * Shows the page in the theme this browser chose in the back office's preferences
 * (light, dark, or the system's, followed live). The page has no preferences panel
 * of its own: it only reads the choice.
 */
export function followStoredTheme(): void {
  const { theme } = readPreferences({ stored: readStored(), cookies: document.cookie });
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  apply(resolveMode(theme, query.matches));
  if (theme === 'system') {
    query.addEventListener('change', () => apply(resolveMode(theme, query.matches)));
  }
}
