import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useText } from './i18n';

/** Shown when the page cannot start, e.g. `/config.json` is missing or invalid. */
export function StartupFailure() {
  const { t } = useText();
  return (
    <Box padding="xxl" data-testid="startup-error">
      <Alert
        type="error"
        statusIconAriaLabel={t('toast.error')}
        header={t('reportCenter.startupFailedTitle')}
        action={
          <Button onClick={() => window.location.reload()}>{t('reportCenter.reload')}</Button>
        }
      >
        {t('reportCenter.startupFailed')}
      </Alert>
    </Box>
  );
}
