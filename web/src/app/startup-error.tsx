import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { CloudscapeI18nProvider } from '../i18n/cloudscape-i18n-provider';

/** Shown when the app cannot start, e.g. `/config.json` is missing or invalid. */
export function StartupError() {
  const { t } = useTranslation();
  return (
    <CloudscapeI18nProvider>
      <Box padding="xxl" data-testid="startup-error">
        <Alert
          type="error"
          header={t('app.startupFailedTitle')}
          action={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
        >
          {t('app.startupFailed')}
        </Alert>
      </Box>
    </CloudscapeI18nProvider>
  );
}
