import Select from '@cloudscape-design/components/select';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, languageSettings, type Language } from '../../../i18n/languages';

interface MailLanguageSelectProps {
  value: Language;
  onChange: (language: Language) => void;
  ariaLabel?: string;
  'data-testid'?: string;
}

/**
 * The language of a mail sent to a staff member (an invitation, a reset code): each
 * language by its own name. Options carry their language as `data-value` for tests.
 */
export function MailLanguageSelect({
  value,
  onChange,
  ariaLabel,
  ...rest
}: MailLanguageSelectProps) {
  const { t } = useTranslation();
  const options = languages.map((language) => ({
    value: language,
    label: t(`language.${language}`),
    lang: languageSettings[language].htmlLang,
  }));
  return (
    <Select
      {...rest}
      selectedOption={options.find((option) => option.value === value) ?? null}
      options={options}
      ariaLabel={ariaLabel}
      onChange={({ detail }) => {
        if (isLanguage(detail.selectedOption.value)) onChange(detail.selectedOption.value);
      }}
    />
  );
}
