import { useTranslation } from 'react-i18next';
import {
  defaultLanguage,
  isLanguage,
  languages,
  languageSettings,
  type Language,
} from './languages';

export interface LanguageOption {
  id: Language;
  /** Flag and the language's own name, e.g. "🇹🇼 繁體中文". */
  text: string;
}

/**
 * The current language and the choices for a language menu (the switch itself is
 * `useSetLanguage`).
 */
export function useLanguage(): {
  language: Language;
  options: LanguageOption[];
} {
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguage(resolved) ? resolved : defaultLanguage;
  const options = languages.map((id) => ({
    id,
    text: `${languageSettings[id].flag} ${t(`language.${id}`)}`,
  }));
  return { language, options };
}
