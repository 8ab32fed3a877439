import { catalogue } from '../../../lambdas/shared/contract/messages';
import webEn from './locales/en.json';
import webZh from './locales/zh.json';

/**
 * i18next resources: the shared catalogue (`errors.*`, `validation.*`) and the web
 * app's own strings, in one namespace. The top-level groups must not overlap (a
 * unit test checks it), so the shallow merge never hides a catalogue entry.
 */
export const resources = {
  en: { translation: { ...catalogue.en, ...webEn } },
  zh: { translation: { ...catalogue.zh, ...webZh } },
} as const;

export const webLocales = { en: webEn, zh: webZh } as const;
