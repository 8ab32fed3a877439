import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCloudscapeMessages } from './cloudscape-messages';
import { applyLanguage, startLanguage } from './language-storage';
import { defaultLanguage, isLanguage, type Language } from './languages';
import { resources } from './resources';

/** The app's single i18next instance. */
export const i18n = i18next.createInstance();

/**
 * Starts i18next with the detected language and loads that language's Cloudscape
 * messages. Resources are bundled, so the instance is ready when this resolves.
 */
export async function initI18n(): Promise<Language> {
  const language = startLanguage();
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: Object.keys(resources),
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  applyLanguage(language);
  // Cloudscape's own strings are optional for the first paint: never block start-up on them.
  await loadCloudscapeMessages(language).catch(() => undefined);
  return language;
}

/** The current language, as one of ours. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/** Switches language; Cloudscape's messages are loaded first so both change together. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadCloudscapeMessages(language).catch(() => undefined);
  await i18n.changeLanguage(language);
  applyLanguage(language);
}
