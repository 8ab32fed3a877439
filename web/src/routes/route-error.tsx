import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a page cannot render, most often because its code chunk is gone after
 * a new deployment: reloading fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box padding="xxl">
      <Alert
        type="error"
        header={t('misc.loadFailed.title')}
        action={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
      >
        {t('misc.loadFailed.description')}
      </Alert>
    </Box>
  );
}
