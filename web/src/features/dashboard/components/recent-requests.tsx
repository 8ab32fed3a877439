import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusIndicator } from '../../../components/delivery-status';
import { BreakableEmail } from '../../../components/table-cells';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import type { Dashboard } from '../api';
import './recent-requests.css';

/** The last requests, newest first (emails as the API gives them: masked for staff). */
export function RecentRequests({ requests }: { requests: Dashboard['recentRequests'] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (requests.length === 0) {
    return (
      <Box textAlign="center" color="text-body-secondary" data-testid="dashboard-recent">
        {t('dashboard.recent.empty')}
      </Box>
    );
  }
  return (
    <div className="recent-requests__scroll">
      <table
        className="recent-requests"
        data-testid="dashboard-recent"
        aria-label={t('dashboard.recent.title')}
      >
        <thead>
          <tr>
            <th scope="col">{t('dashboard.recent.requestedAt')}</th>
            <th scope="col">{t('dashboard.recent.email')}</th>
            <th scope="col">{t('dashboard.recent.serialNumber')}</th>
            <th scope="col">{t('dashboard.recent.status')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request, index) => (
            <tr key={`${request.requestedAt}-${index}`}>
              <td className="recent-requests__nowrap">
                {formatDateTime(request.requestedAt, language) ?? request.requestedAt}
              </td>
              <td>
                <BreakableEmail email={request.email} />
              </td>
              <td className="recent-requests__nowrap">{request.serialNumber}</td>
              <td className="recent-requests__nowrap">
                <DeliveryStatusIndicator status={request.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
