import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RecentActivity } from '../../audit';
import { ProfileFacts } from '../components/profile-facts';
import { useAuth } from '../use-auth';

/**
 * `/pages/user-profile/profile`, the Profile tab: who you are (the account facts), then
 * your "Recent activity" from the audit trail (`GET /api/audit?actor=<own id>`, the last
 * 30 days, newest first, "Load more" for older entries). The activity table is a chunk of
 * its own, fetched once the facts show.
 */
export default function UserProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('account.profilePage.pageTitle'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('account.profilePage.description')}>
          {t('account.profilePage.title')}
        </Header>
      }
    >
      <SpaceBetween size="l" data-testid="user-profile">
        <ProfileFacts />
        {user && <RecentActivity actor={user.id} />}
      </SpaceBetween>
    </ContentLayout>
  );
}
