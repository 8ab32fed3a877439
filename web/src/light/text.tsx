import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { applyLanguage, startLanguage } from '../i18n/language-storage';
import { defaultLanguage, type Language } from '../i18n/languages';

/**
 * The text machinery of the light pages (the public Test Report Center, search.html, and
 * the sign-in page, login.html): pages built apart from the back office, without
 * i18next, which alone would be an eighth of such a page's code. The strings are the
 * app's own (the shared catalogue's groups and those of web/src/i18n/locales, imported by
 * name so the other groups stay out of the bundle); the language choice is the same
 * `lang` entry and cookie as the back office's. Only the machinery is smaller: a key
 * lookup with the fallback language and `{{placeholder}}` values, as the catalogue's own
 * `message()`.
 */

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A page's strings: the same groups in each language. */
export type PageResources = Record<Language, object>;

/** A key of a page's strings (English holds every key); anything else does not compile. */
export type TextKey<R extends PageResources> = Leaves<R['en']>;

export type TextParams = Record<string, string | number>;

/** A message to show later, in whatever language is current then. */
export interface TextRef<Key extends string> {
  key: Key;
  params?: TextParams;
}

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Holds a light page's language: the one this browser chose before (on any page of the
 * site), else the browser's; a switch is remembered for every page.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setCurrent] = useState(() => {
    const start = startLanguage();
    applyLanguage(start);
    return start;
  });
  const setLanguage = useCallback((next: Language) => {
    applyLanguage(next);
    setCurrent(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The page's language and the switch. */
export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return value;
}

function lookup(resources: PageResources, language: Language, key: string): string | undefined {
  let node: unknown = resources[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A page's `translate`, `isTextKey` and `useText` over its resources, typed by their
 * keys. Every page shares {@link LanguageProvider}'s language.
 */
export function createTexts<const R extends PageResources>(resources: R) {
  type Key = TextKey<R>;

  /** The text of `key` in `language` (else English, else the key), placeholders filled. */
  function translate(language: Language, key: Key, params: TextParams = {}): string {
    const text = lookup(resources, language, key) ?? lookup(resources, defaultLanguage, key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
      name in params ? String(params[name]) : '',
    );
  }

  /** Whether `key` names one of the page's strings (an error answer's `messageKey`, say). */
  function isTextKey(key: string): key is Key {
    return lookup(resources, defaultLanguage, key) !== undefined;
  }

  /** The page's language, its `t` and the switch. */
  function useText() {
    const { language, setLanguage } = useLanguage();
    const t = useCallback(
      (key: Key, params?: TextParams) => translate(language, key, params),
      [language],
    );
    return { language, setLanguage, t };
  }

  return { resources, translate, isTextKey, useText };
}

/**
 * A translated text with inline markup: `<policy>privacy policy</policy>` in the text
 * becomes `tags.policy('privacy policy')`, so a link keeps its place in either
 * language's word order.
 */
export function RichText({
  text,
  tags,
}: {
  text: string;
  tags: Record<string, (content: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [whole, name = '', content = ''] = match;
    parts.push(text.slice(last, match.index));
    const render = tags[name];
    parts.push(render ? <span key={match.index}>{render(content)}</span> : content);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
