import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountDetails } from '../components/account-details';
import { AuthenticatorApp } from '../components/authenticator-app';
import { ChangePasswordForm } from '../components/change-password-form';
import { SignOutEverywhere } from '../components/sign-out-everywhere';

/**
 * `/pages/account-settings/account`, the Account tab: the signed-in person's name
 * (editable), email and role (read-only), language, password change, the authenticator
 * app (set up, or turned off), and signing out of every device.
 */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.settings.pageTitle'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('account.settings.description')}>
          {t('account.settings.title')}
        </Header>
      }
    >
      <SpaceBetween size="l" data-testid="account-settings">
        <AccountDetails />
        <ChangePasswordForm />
        <AuthenticatorApp />
        <SignOutEverywhere />
      </SpaceBetween>
    </ContentLayout>
  );
}
