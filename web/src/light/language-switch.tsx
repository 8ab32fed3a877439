import { languages, languageSettings, type Language } from '../i18n/languages';
import { useLanguage } from './text';
import './light-page.css';

interface LanguageSwitchProps {
  /** The group's accessible name ("Change language"). */
  label: string;
  /** Each language's name, as the page's strings give it. */
  names: Record<Language, string>;
}

/**
 * English / 中文, both always in view (a visitor may not read the current one). Plain
 * buttons rather than a Cloudscape dropdown, which would add a tenth to a light page's
 * code. The choice is shared with every page through the `lang` entry and cookie.
 */
export function LanguageSwitch({ label, names }: LanguageSwitchProps) {
  const { language, setLanguage } = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={label}>
      {languages.map((id) => (
        <button
          key={id}
          type="button"
          className="language-switch__option"
          lang={languageSettings[id].htmlLang}
          aria-pressed={id === language}
          data-testid={`language-${id}`}
          onClick={() => setLanguage(id)}
        >
          {names[id]}
        </button>
      ))}
    </div>
  );
}
