import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import type { Language } from './languages';

type Messages = I18nProviderProps.Messages;

/** Each language's Cloudscape strings load on demand, so a visitor downloads one set. */
const loaders: Record<Language, () => Promise<Messages>> = {
  en: () => import('@cloudscape-design/components/i18n/messages/all.en').then((m) => m.default),
  zh: () => import('@cloudscape-design/components/i18n/messages/all.zh-TW').then((m) => m.default),
};

const loaded = new Map<Language, Messages>();

/** Loads (once) the Cloudscape messages of a language. */
export async function loadCloudscapeMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const messages = await loaders[language]();
  loaded.set(language, messages);
  return messages;
}

/** The messages of a language if already loaded, else none (components use their defaults). */
export function loadedCloudscapeMessages(language: Language): readonly Messages[] {
  const messages = loaded.get(language);
  return messages ? [messages] : [];
}
