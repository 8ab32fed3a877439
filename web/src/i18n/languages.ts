import type { Language } from '../../../lambdas/shared/contract/messages';

export type { Language };

/**
 * The catalogue's languages (lambdas/shared/contract/messages.ts `languages`; a unit
 * test keeps them equal), written out: importing the catalogue's list would put both
 * languages' texts on every page.
 */
export const languages: readonly Language[] = ['en', 'zh'];

/** The language used when nothing else is known, and the fallback for missing keys. */
export const defaultLanguage: Language = 'en';

/** Name of the localStorage entry and of the cookie that remember the choice. */
export const languageStorageKey = 'lang';

/** How long the language cookie lives: 30 days. */
export const languageCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

/** Per language: `<html lang>`, Cloudscape's locale, the Intl locale and the flag. */
export const languageSettings: Record<
  Language,
  { htmlLang: string; cloudscapeLocale: string; intlLocale: string; flag: string }
> = {
  en: { htmlLang: 'en', cloudscapeLocale: 'en', intlLocale: 'en', flag: '🇺🇸' },
  zh: { htmlLang: 'zh-Hant-TW', cloudscapeLocale: 'zh-TW', intlLocale: 'zh-TW', flag: '🇹🇼' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface LanguageSources {
  /** Value remembered in localStorage, if any. */
  stored?: string | null;
  /** The `document.cookie` string. */
  cookies?: string;
  /** `navigator.languages` (or `[navigator.language]`). */
  browserLanguages?: readonly string[];
}

/**
 * The language to start with: a remembered choice (localStorage, then cookie), else
 * Chinese when the browser's preferred language is any `zh` variant, else English.
 */
export function detectLanguage({
  stored,
  cookies = '',
  browserLanguages = [],
}: LanguageSources): Language {
  if (isLanguage(stored)) return stored;
  const fromCookie = readCookie(cookies, languageStorageKey);
  if (isLanguage(fromCookie)) return fromCookie;
  const preferred = browserLanguages[0]?.toLowerCase();
  return preferred?.startsWith('zh') ? 'zh' : defaultLanguage;
}

/** The `document.cookie` assignment that remembers the language for 30 days. */
export function languageCookie(language: Language, secure: boolean): string {
  const attributes = [
    `${languageStorageKey}=${language}`,
    'Path=/',
    `Max-Age=${languageCookieMaxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
