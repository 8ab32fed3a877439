import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProfileFacts } from '../components/profile-facts';

/**
 * `/pages/user-profile/profile`, the Profile tab: who you are. The page is a list of
 * sections; the audit trail's "Recent activity" (`GET /api/audit?entity=staff&id=…`,
 * a later issue) becomes the next one.
 */
export default function UserProfilePage() {
  const { t } = useTranslation();
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
      </SpaceBetween>
    </ContentLayout>
  );
}
