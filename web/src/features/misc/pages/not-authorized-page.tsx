import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../components/status-message';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      id="not-authorized"
      title={t('misc.notAuthorized.title')}
      description={t('misc.notAuthorized.description')}
    />
  );
}
