import Flashbar from '@cloudscape-design/components/flashbar';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/use-online-status';

/** Says so while the browser is offline; reads wait until it is back online. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div data-testid="offline-banner">
      <Flashbar
        items={[
          {
            id: 'offline',
            type: 'warning',
            content: t('shell.offline'),
            statusIconAriaLabel: t('shell.offlineStatus'),
            ariaRole: 'status',
          },
        ]}
      />
    </div>
  );
}
