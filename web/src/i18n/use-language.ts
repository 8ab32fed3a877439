import { useTranslation } from 'react-i18next';
import { changeLanguage } from './index';
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

/** The current language, the choices for a language menu, and the switch. */
export function useLanguage(): {
  language: Language;
  options: LanguageOption[];
  setLanguage: (language: Language) => Promise<void>;
} {
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguage(resolved) ? resolved : defaultLanguage;
  const options = languages.map((id) => ({
    id,
    text: `${languageSettings[id].flag} ${t(`language.${id}`)}`,
  }));
  return { language, options, setLanguage: changeLanguage };
}
