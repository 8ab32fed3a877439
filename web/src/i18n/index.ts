import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { lastRequestWins } from '../lib/last-request-wins';
import { loadCloudscapeMessages } from './cloudscape-messages';
import { applyLanguage, startLanguage } from './language-storage';
import { defaultLanguage, isLanguage, languages, type Language } from './languages';

/** The app's single i18next instance. */
export const i18n = i18next.createInstance();

/**
 * Each language's texts (the shared catalogue and the web app's own, merged as in
 * ./resources.ts) load on demand, so a visitor downloads one language. Both have the
 * same keys (resources.test.ts), so the fallback language is never needed at run time.
 */
const resourceLoaders: Record<Language, () => Promise<ResourceKey>> = {
  en: () =>
    Promise.all([
      import('../../../lambdas/shared/contract/messages/en.json'),
      import('./locales/en.json'),
    ]).then(([shared, web]) => ({ ...shared.default, ...web.default })),
  zh: () =>
    Promise.all([
      import('../../../lambdas/shared/contract/messages/zh.json'),
      import('./locales/zh.json'),
    ]).then(([shared, web]) => ({ ...shared.default, ...web.default })),
};

/** Adds a language's texts to i18next (once). */
async function loadResources(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await resourceLoaders[language]());
}

/**
 * Starts i18next with the detected language and loads that language's Cloudscape
 * messages. The instance is ready, with its texts, when this resolves.
 */
export async function initI18n(): Promise<Language> {
  const language = startLanguage();
  const translation = await resourceLoaders[language]();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
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

/**
 * Loads a language's texts and Cloudscape's messages, then switches to it, so both
 * change together. Only the last request is applied: with two quick switches the
 * second wins even if the first language's download ends later. Resolves `false` when
 * a later switch superseded this one; rejects when the texts of the latest requested
 * language could not be downloaded (the language stays as it was). Components use
 * `useSetLanguage`, which tells the person when that happens.
 */
export const changeLanguage: (language: Language) => Promise<boolean> = lastRequestWins(
  (language: Language) =>
    Promise.all([loadResources(language), loadCloudscapeMessages(language).catch(() => undefined)]),
  async (language) => {
    await i18n.changeLanguage(language);
    applyLanguage(language);
  },
);
