import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingProgress } from '../lib/loading-progress';

/** Shown while a page's code or the session is loading; the top loading bar runs meanwhile. */
export function PageLoader() {
  const { t } = useTranslation();
  useEffect(() => loadingProgress.begin(), []);
  return (
    <Box textAlign="center" padding="xxl" data-testid="page-loader">
      <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
    </Box>
  );
}
