import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/use-online-status';

/**
 * Says so while the browser is offline; reads wait until it is back online. A warning
 * alert (already on every page) rather than a flash: Flashbar's code is loaded with the
 * first toast, which an offline browser could not fetch. The live region is always
 * there, so the message is announced when it appears.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <div data-testid="offline-banner">
          <Alert type="warning" statusIconAriaLabel={t('shell.offlineStatus')}>
            {t('shell.offline')}
          </Alert>
        </div>
      )}
    </div>
  );
}
