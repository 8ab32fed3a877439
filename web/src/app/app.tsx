import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { PreferencesProvider } from '../components/preferences/preferences-provider';
import { LoadingBar } from '../components/shell/loading-bar';
import { toastLabels, type ToastLabels } from '../components/toast/toast-context';
import { ToastProvider } from '../components/toast/toast-provider';
import { AuthProvider } from '../features/auth';
import { CloudscapeI18nProvider } from '../i18n/cloudscape-i18n-provider';
import type { AppConfig } from '../lib/config';
import { ConfigProvider } from '../lib/config-context';
import { router } from '../routes/router';

function useToastLabels(): ToastLabels {
  const { t } = useTranslation();
  return useMemo(() => toastLabels((key) => t(key)), [t]);
}

export function App({ config }: { config: AppConfig }) {
  const toastLabels = useToastLabels();
  return (
    <ConfigProvider config={config}>
      <CloudscapeI18nProvider>
        <PreferencesProvider>
          <LoadingBar />
          <ToastProvider labels={toastLabels}>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </ToastProvider>
        </PreferencesProvider>
      </CloudscapeI18nProvider>
    </ConfigProvider>
  );
}
