import { languageSettings, type Language } from '../i18n/languages';

/** A whole number with the language's grouping, e.g. 12,345. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(languageSettings[language].intlLocale).format(value);
}

/** Date and time in the language's style; `undefined` when the value is not a date. */
export function formatDateTime(value: string, language: Language): string | undefined {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(languageSettings[language].intlLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
