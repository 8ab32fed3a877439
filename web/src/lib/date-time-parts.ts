import { languageSettings, type Language } from '../i18n/languages';

/**
 * A moment as its date and its time of day, each in the language's style (the same
 * styles as `formatDateTime`, or `formatTimestamp` with `seconds`), so a narrow column can
 * break between them and never inside one; undefined when the value is not a date.
 */
export function dateTimeParts(
  value: string,
  language: Language,
  { seconds = false }: { seconds?: boolean } = {},
): { date: string; time: string } | undefined {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return undefined;
  const locale = languageSettings[language].intlLocale;
  return {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(moment),
    time: new Intl.DateTimeFormat(locale, { timeStyle: seconds ? 'medium' : 'short' }).format(
      moment,
    ),
  };
}
