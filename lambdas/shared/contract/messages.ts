import en from './messages/en.json';
import zh from './messages/zh.json';

/**
 * The catalogue of messages shared by the API and the web app. The web app merges
 * these into its i18n resources; the API answers with the English text.
 */
export const catalogue = { en, zh } as const;
export type Language = keyof typeof catalogue;
export const languages = Object.keys(catalogue) as Language[];

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key into the catalogue, e.g. `errors.not-found`. */
export type MessageKey = Leaves<typeof en>;

/** Looks a key up in the catalogue and fills `{{name}}` placeholders. */
export function message(
  key: MessageKey,
  params: Record<string, string | number> = {},
  language: Language = 'en',
): string {
  let node: unknown = catalogue[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
