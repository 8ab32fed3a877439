import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  errors as enErrors,
  product as enProduct,
  report as enReport,
  validation as enValidation,
} from '../../../../lambdas/shared/contract/messages/en.json';
import {
  errors as zhErrors,
  product as zhProduct,
  report as zhReport,
  validation as zhValidation,
} from '../../../../lambdas/shared/contract/messages/zh.json';
import {
  language as enLanguage,
  reportCenter as enReportCenter,
  toast as enToast,
} from '../../i18n/locales/en.json';
import {
  language as zhLanguage,
  reportCenter as zhReportCenter,
  toast as zhToast,
} from '../../i18n/locales/zh.json';
import { applyLanguage, startLanguage } from '../../i18n/language-storage';
import { defaultLanguage, type Language } from '../../i18n/languages';

/**
 * The Test Report Center's translations. The strings are the app's own: the shared
 * catalogue's groups it shows (errors, validation, report and product labels) and its
 * groups of web/src/i18n/locales; the language choice is the same `lang` cookie. Only
 * the machinery is smaller than i18next, which alone would be an eighth of this page's
 * code: a key lookup with the fallback language and `{{placeholder}}` values, as the
 * catalogue's own `message()`. Named imports keep the other groups out of the bundle.
 */
export const reportCenterResources = {
  en: {
    errors: enErrors,
    validation: enValidation,
    report: enReport,
    product: enProduct,
    reportCenter: enReportCenter,
    language: enLanguage,
    toast: enToast,
  },
  zh: {
    errors: zhErrors,
    validation: zhValidation,
    report: zhReport,
    product: zhProduct,
    reportCenter: zhReportCenter,
    language: zhLanguage,
    toast: zhToast,
  },
} as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the page's strings; anything else does not compile. */
export type ReportCenterKey = Leaves<(typeof reportCenterResources)['en']>;

export type TextParams = Record<string, string | number>;

/** A message to show later, in whatever language is current then. */
export interface TextRef {
  key: ReportCenterKey;
  params?: TextParams;
}

/** Whether `key` names one of the page's strings (an error answer's `messageKey`, say). */
export function isReportCenterKey(key: string): key is ReportCenterKey {
  return lookup(defaultLanguage, key) !== undefined;
}

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = reportCenterResources[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `language` (else English, else the key), placeholders filled. */
export function translate(language: Language, key: ReportCenterKey, params: TextParams = {}) {
  const text = lookup(language, key) ?? lookup(defaultLanguage, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
    name in params ? String(params[name]) : '',
  );
}

export type Translate = (key: ReportCenterKey, params?: TextParams) => string;

interface TextContextValue {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => void;
}

const TextContext = createContext<TextContextValue | null>(null);

/**
 * Holds the page's language: the one this browser chose before (here or in the back
 * office), else the browser's; a switch is remembered for both.
 */
export function TextProvider({ children }: { children: ReactNode }) {
  const [language, setCurrent] = useState(() => {
    const start = startLanguage();
    applyLanguage(start);
    return start;
  });
  const setLanguage = useCallback((next: Language) => {
    applyLanguage(next);
    setCurrent(next);
  }, []);
  const value = useMemo<TextContextValue>(
    () => ({
      language,
      t: (key, params) => translate(language, key, params),
      setLanguage,
    }),
    [language, setLanguage],
  );
  return <TextContext.Provider value={value}>{children}</TextContext.Provider>;
}

/** The page's language, its `t` and the switch. */
export function useText(): TextContextValue {
  const value = use(TextContext);
  if (!value) throw new Error('useText must be used inside <TextProvider>');
  return value;
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
