import en from './messages/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key into the catalogue, e.g. `errors.not-found`. */
export type MessageKey = Leaves<typeof en>;

/** The text at `key` in one language's catalogue, `{{name}}` placeholders filled. */
export function textOf(
  texts: unknown,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = texts;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * A catalogue message in English, the language of the API's error bodies: what the API's
 * functions bundle, without the other languages' texts (./messages.ts has them all, for
 * mails, the resolver and the web app).
 */
export function englishMessage(
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return textOf(en, key, params);
}
