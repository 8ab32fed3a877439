import { createContext } from 'react';
import type { InterfacePreferences } from '../../lib/preferences';

export interface PreferencesContextValue {
  preferences: InterfacePreferences;
  /** Changes some preferences, applies them at once and remembers them. */
  updatePreferences: (change: Partial<InterfacePreferences>) => void;
  /** Whether the preferences panel is open, and its switch (the user menu opens it). */
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
}

export const PreferencesContext = createContext<PreferencesContextValue | null>(null);
