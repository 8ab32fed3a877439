import type { Language } from '../i18n/languages';
import { StartupFailure } from '../light/startup-failure';

/**
 * This page's own texts: it is shown when the app's texts may not have downloaded, so
 * it cannot rely on i18next.
 */
const startupErrorTexts: Record<
  Language,
  { title: string; message: string; reload: string; error: string }
> = {
  en: {
    title: 'The application could not start',
    message: 'Check your connection and try again.',
    reload: 'Reload',
    error: 'Error',
  },
  zh: {
    title: '無法啟動應用程式',
    message: '請檢查網路連線後再試一次。',
    reload: '重新載入',
    error: '錯誤',
  },
};

/**
 * Shown when the app cannot start: `/config.json` or the texts could not be loaded.
 * `language` is the one the app would have started with (`startLanguage()`).
 */
export function StartupError({ language }: { language: Language }) {
  return <StartupFailure texts={startupErrorTexts[language]} />;
}
