import { catalogue, type MessageKey } from '../../../lambdas/shared/contract/messages';
import type { MessageRef } from '../../../lambdas/shared/contract/validation';
import { flattenMessages } from '../i18n/flatten';

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** English catalogue entries as patterns, so a message text can be traced back to its key. */
const templates: Template[] = [...flattenMessages(catalogue.en)].flatMap(([key, text]) => {
  if (typeof text !== 'string') return [];
  const names: string[] = [];
  const source = text
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return [{ key: key as MessageKey, pattern: new RegExp(`^${source}$`), names }];
});

/**
 * Finds the catalogue entry an English message was made from, with its placeholder
 * values. The API's field messages carry catalogue text rather than keys; this lets
 * the app show them in the visitor's language.
 */
export function matchCatalogueText(text: string): MessageRef | undefined {
  for (const { key, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return names.length ? { key, params } : { key };
  }
  return undefined;
}
