import { languages, languageSettings } from '../../../i18n/languages';
import { useText } from '../i18n';

/**
 * English / 中文, both always in view (a visitor may not read the current one). Plain
 * buttons rather than a Cloudscape dropdown, which would add a tenth to the page's
 * code. The choice is shared with the back office through the `lang` cookie.
 */
export function LanguageSwitch() {
  const { t, language, setLanguage } = useText();
  return (
    <div className="language-switch" role="group" aria-label={t('language.menuLabel')}>
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
          {t(`reportCenter.languageNames.${id}`)}
        </button>
      ))}
    </div>
  );
}
