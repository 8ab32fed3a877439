import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toast/use-toast';
import { changeLanguage } from './index';
import type { Language } from './languages';

/**
 * The language switch for menus: switches (the last choice wins) and, when the
 * language's texts cannot be downloaded, says so once in an error toast in the
 * language still shown. Callers just call it.
 */
export function useSetLanguage(): (language: Language) => void {
  const { t } = useTranslation();
  const { showToast } = useToast();
  return useCallback(
    (language: Language) => {
      changeLanguage(language).catch((error: unknown) => {
        console.error(error);
        showToast({ type: 'error', content: t('language.loadFailed') });
      });
    },
    [t, showToast],
  );
}
