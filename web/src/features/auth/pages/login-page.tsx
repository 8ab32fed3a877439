import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { RouterLink } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { useAppTitle, useConfig } from '../../../lib/use-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { postSignInPath } from '../../../routes/redirect';
import type { SignInOutcome } from '../auth-context';
import { AwaitingApproval } from '../components/awaiting-approval';
import { LoginForm } from '../components/login-form';
import { NewPasswordForm } from '../components/new-password-form';
import { registerConfirmPath } from '../register-path';
import { useAuth } from '../use-auth';

type Step =
  { type: 'credentials' } | { type: 'newPassword' } | { type: 'confirmSignUp'; email: string };

export default function LoginPage() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const { selfRegistration } = useConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { showToast } = useToast();
  const { pendingAccount } = useAuth();
  const [step, setStep] = useState<Step>({ type: 'credentials' });
  useDocumentTitle(t('auth.login.pageTitle'));

  const finishSignIn = () => {
    showToast({ type: 'success', content: t('auth.login.success') });
    void navigate(postSignInPath(search), { replace: true });
  };

  const handleOutcome = (outcome: Exclude<SignInOutcome, { type: 'failed' }>, email?: string) => {
    switch (outcome.type) {
      case 'signedIn':
        finishSignIn();
        break;
      case 'newPasswordRequired':
        setStep({ type: 'newPassword' });
        break;
      case 'confirmSignUp':
        setStep({ type: 'confirmSignUp', email: email ?? '' });
        break;
      case 'expired':
        setStep({ type: 'credentials' });
        showToast({ type: 'error', content: t('auth.newPassword.sessionExpired') });
        break;
      // awaitingApproval: the auth state now holds the pending account, shown below.
      default:
        setStep({ type: 'credentials' });
    }
  };

  if (pendingAccount) {
    return (
      <SpaceBetween size="l">
        <Header variant="h1">{t('auth.login.welcome', { appName: appTitle })}</Header>
        <AwaitingApproval account={pendingAccount} onApproved={finishSignIn} />
      </SpaceBetween>
    );
  }

  if (step.type === 'newPassword') {
    return (
      <NewPasswordForm
        onOutcome={handleOutcome}
        onCancel={() => setStep({ type: 'credentials' })}
      />
    );
  }

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.login.prompt')}>
        {t('auth.login.welcome', { appName: appTitle })}
      </Header>
      {step.type === 'confirmSignUp' && (
        <Alert type="warning" data-testid="login-not-confirmed">
          <SpaceBetween size="xs">
            <span>{t('auth.login.notConfirmed')}</span>
            <RouterLink to={registerConfirmPath(step.email)}>
              {t('auth.login.enterCode')}
            </RouterLink>
          </SpaceBetween>
        </Alert>
      )}
      <LoginForm
        onOutcome={handleOutcome}
        passwordInfo={
          <RouterLink to={paths.forgotPassword} variant="info" data-testid="forgot-link">
            {t('auth.login.forgotLink')}
          </RouterLink>
        }
      />
      {selfRegistration && (
        <Box textAlign="center" color="text-body-secondary">
          {t('auth.login.registerPrompt')}{' '}
          <RouterLink to={paths.register} data-testid="register-link">
            {t('auth.login.registerLink')}
          </RouterLink>
        </Box>
      )}
      <Box textAlign="center" color="text-body-secondary">
        {t('auth.login.reportCenterPrompt')}{' '}
        {/* A plain link: the Test Report Center is another page, loaded afresh (no router). */}
        <Link href={paths.search} data-testid="report-center-link">
          {t('auth.login.reportCenterLink')}
        </Link>
      </Box>
    </SpaceBetween>
  );
}
