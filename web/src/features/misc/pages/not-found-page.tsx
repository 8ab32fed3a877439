import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../components/status-message';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      id="not-found"
      title={t('misc.notFound.title')}
      description={t('misc.notFound.description')}
    />
  );
}
