import {
  detectLanguage,
  languageCookie,
  languageSettings,
  languageStorageKey,
  type Language,
} from './languages';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(languageStorageKey);
  } catch {
    return null; // storage blocked (privacy mode): fall back to cookie and browser
  }
}

/**
 * The language this browser starts with: the one remembered (localStorage, then the
 * `lang` cookie), else the browser's. Shared by the back office and the public Test
 * Report Center, so a choice made on one holds on the other.
 */
export function startLanguage(): Language {
  return detectLanguage({
    stored: readStoredLanguage(),
    cookies: document.cookie,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

/** Remembers the language (localStorage and cookie) and sets `<html lang>`. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = languageSettings[language].htmlLang;
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage blocked: the cookie still remembers the choice
  }
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}
