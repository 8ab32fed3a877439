import { languageSettings, type Language } from '../i18n/languages';

/** A whole number with the language's grouping, e.g. 12,345. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(languageSettings[language].intlLocale).format(value);
}

function dateTime(
  value: string,
  language: Language,
  timeStyle: 'short' | 'medium',
): string | undefined {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(languageSettings[language].intlLocale, {
    dateStyle: 'medium',
    timeStyle,
  }).format(date);
}

/** Date and time in the language's style; `undefined` when the value is not a date. */
export function formatDateTime(value: string, language: Language): string | undefined {
  return dateTime(value, language, 'short');
}

/**
 * Date and time to the second, for when something happened (two changes a few seconds
 * apart stay apart); `undefined` when the value is not a date.
 */
export function formatTimestamp(value: string, language: Language): string | undefined {
  return dateTime(value, language, 'medium');
}

/**
 * A measured value (temperature, pressure) with up to two decimals and a true minus
 * sign, e.g. −29 or 1.5.
 */
export function formatDecimal(value: number, language: Language): string {
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    maximumFractionDigits: 2,
  })
    .format(value)
    .replace(/^-/, '\u2212');
}

/**
 * A calendar date (`YYYY-MM-DD`, no time of day) in the language's style, the same
 * day in every time zone; `undefined` when the value is not such a date.
 */
export function formatCalendarDate(value: string, language: Language): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(languageSettings[language].intlLocale, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(date);
}
