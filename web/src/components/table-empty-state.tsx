import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/api-client';

interface TableEmptyStateProps {
  /** The list could not be loaded: the message and a retry button instead. */
  error?: ApiError;
  onRetry: () => void;
  /** Test hook of the retry button, e.g. `staff-retry`. */
  retryTestId?: string;
  /** Set when a filter hides every record: shows the hint and a clear button. */
  filterHint?: string;
  onClearFilter: () => void;
}

/** What a back-office table shows without rows: "No Data Found", or why it failed. */
export function TableEmptyState({
  error,
  onRetry,
  retryTestId,
  filterHint,
  onClearFilter,
}: TableEmptyStateProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
        <SpaceBetween size="s">
          <StatusIndicator type="error">{error.message}</StatusIndicator>
          <Button onClick={onRetry} data-testid={retryTestId}>
            {t('common.retry')}
          </Button>
        </SpaceBetween>
      </Box>
    );
  }
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
      <SpaceBetween size="xxs">
        <Box variant="strong" color="inherit">
          {t('table.empty')}
        </Box>
        {filterHint && (
          <>
            <Box variant="p" color="text-body-secondary">
              {filterHint}
            </Box>
            <Box>
              <Button onClick={onClearFilter}>{t('table.clearFilter')}</Button>
            </Box>
          </>
        )}
      </SpaceBetween>
    </Box>
  );
}
