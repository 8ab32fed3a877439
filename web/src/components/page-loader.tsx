import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or the session is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" padding="xxl" data-testid="page-loader">
      <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
    </Box>
  );
}
