import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { useSetLanguage } from '../i18n/use-set-language';

/** Language switch for pages without the top navigation (login, misc pages). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, options } = useLanguage();
  const setLanguage = useSetLanguage();
  const current = options.find((option) => option.id === language);
  return (
    <ButtonDropdown
      variant="normal"
      data-testid="language-menu"
      // The accessible name starts with the visible text (WCAG 2.5.3, "label in name").
      ariaLabel={`${t(`language.${language}`)}, ${t('language.menuLabel')}`}
      items={options.map((option) => ({ id: option.id, text: option.text }))}
      onItemClick={({ detail }) => {
        if (isLanguage(detail.id)) setLanguage(detail.id);
      }}
    >
      {current?.text}
    </ButtonDropdown>
  );
}
