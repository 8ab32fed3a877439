import en from './messages/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key into the catalogue, e.g. `errors.not-found`. */
export type MessageKey = Leaves<typeof en>;

function lookUp(texts: unknown, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text at `key` in one language's catalogue, `{{name}}` placeholders filled. As in
 * i18next (which the web app reads the same catalogue with), a `$t(key, {"count": n})`
 * in a text is the text at `key` with `count` (its `_one` form for 1, else its `_other`
 * form): "This range has $t(counts.testResults, {"count": 5})" reads "... 5 test results".
 */
export function textOf(
  texts: unknown,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const filled = (lookUp(texts, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
  return filled.replace(
    /\$t\(([\w.-]+),\s*(\{[^()]*\})\s*\)/g,
    (whole, nested: string, json: string) => {
      let options: Record<string, string | number>;
      try {
        options = JSON.parse(json) as Record<string, string | number>;
      } catch {
        return whole;
      }
      const form = options.count === 1 ? `${nested}_one` : `${nested}_other`;
      const found = lookUp(texts, form) !== undefined ? form : nested;
      return textOf(texts, found as MessageKey, options);
    },
  );
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
