import en from './messages/en.json';
import zh from './messages/zh.json';
import { textOf, type MessageKey } from './message-text';

/**
 * The catalogue of messages shared by the API and the web app. The web app merges
 * these into its i18n resources; the API answers with the English text
 * (./message-text.ts `englishMessage`, which bundles English alone).
 */
export const catalogue = { en, zh } as const;
export type Language = keyof typeof catalogue;
export const languages = Object.keys(catalogue) as Language[];

export type { MessageKey };

/** Looks a key up in the catalogue and fills `{{name}}` placeholders. */
export function message(
  key: MessageKey,
  params: Record<string, string | number> = {},
  language: Language = 'en',
): string {
  return textOf(catalogue[language], key, params);
}
