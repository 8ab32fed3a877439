import { catalogue, type MessageKey } from '../../../lambdas/shared/contract/messages';
import type { MessageRef } from '../../../lambdas/shared/contract/validation';
import { flattenMessages } from '../i18n/flatten';

interface Template<Key extends string> {
  key: Key;
  pattern: RegExp;
  names: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A matcher that traces an English message back to its entry among `messages` (nested
 * English catalogue groups), with its placeholder values. The API's field messages
 * carry catalogue text rather than keys; this lets a page show them in its language.
 * The public Test Report Center passes only the groups it needs.
 */
export function catalogueTextMatcher<Key extends string = MessageKey>(
  messages: object,
): (text: string) => { key: Key; params?: MessageRef['params'] } | undefined {
  const templates: Template<Key>[] = [...flattenMessages(messages)].flatMap(([key, text]) => {
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
    return [{ key: key as Key, pattern: new RegExp(`^${source}$`), names }];
  });
  return (text) => {
    for (const { key, pattern, names } of templates) {
      const match = pattern.exec(text);
      if (!match) continue;
      const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
      return names.length ? { key, params } : { key };
    }
    return undefined;
  };
}

/**
 * Finds the catalogue entry (any group) an English message was made from. Marked pure:
 * a page that never calls it does not bundle the whole catalogue for it.
 */
export const matchCatalogueText = /* @__PURE__ */ catalogueTextMatcher<MessageKey>(catalogue.en);
