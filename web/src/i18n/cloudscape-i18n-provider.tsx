import { I18nProvider } from '@cloudscape-design/components/i18n';
import type { ReactNode } from 'react';
import { useLanguage } from './use-language';
import { languageSettings } from './languages';
import { loadedCloudscapeMessages } from './cloudscape-messages';

/** Gives Cloudscape components their strings (ARIA labels, ...) in the current language. */
export function CloudscapeI18nProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <I18nProvider
      locale={languageSettings[language].cloudscapeLocale}
      messages={loadedCloudscapeMessages(language)}
    >
      {children}
    </I18nProvider>
  );
}
