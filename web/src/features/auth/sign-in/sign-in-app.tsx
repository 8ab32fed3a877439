import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { productName } from '../../../../../lambdas/shared/contract/product-name';
import { handToastsToNextPage } from '../../../components/toast/toast-provider';
import { useToast } from '../../../components/toast/use-toast';
import { LanguageSwitch } from '../../../light/language-switch';
import { PageFrame } from '../../../light/page-frame';
import { useDocumentTitle } from '../../../light/use-document-title';
import { paths } from '../../../routes/paths';
import { postSignInPath } from '../../../routes/redirect';
import type { SignInOutcome } from '../auth-context';
import { registerConfirmPath } from '../register-path';
import type { PendingAccount } from '../session';
import { readSession } from '../session-flow';
import { isSignUpOpen } from '../sign-up-state';
import { AwaitingApproval } from './awaiting-approval';
import { LoginForm } from './login-form';
import { NewPasswordForm } from './new-password-form';
import { TotpForm } from './totp-form';
import type { SignInConfig } from './sign-in-config';
import { useText } from './texts';

type Step =
  | { type: 'reading' }
  | { type: 'credentials'; unconfirmedEmail?: string }
  | { type: 'newPassword' }
  | { type: 'totp' }
  | { type: 'awaiting'; account: PendingAccount };

/** Into the back office: the page asked for (`?to=`), else the dashboard; a full page load. */
function enterApp(): void {
  handToastsToNextPage();
  window.location.replace(postSignInPath(window.location.search));
}

/**
 * The sign-in page (login.html, served at /login): a page of its own, built apart from
 * the back office like the Test Report Center, so a fresh tab loads only the form. The
 * session it makes is Amplify's, in localStorage, where the back office reads it.
 */
export function SignInApp({ config }: { config: SignInConfig }) {
  const { t } = useText();
  const { showToast } = useToast();
  const [step, setStep] = useState<Step>({ type: 'reading' });
  // "Create an account" only while an admin has sign-up on (a site setting, off by default).
  const [signUpOpen, setSignUpOpen] = useState(false);
  // The configured name is the brand; the product's own English name is shown translated.
  const appTitle = config.appName === productName ? t('app.name') : config.appName;
  useDocumentTitle(`${t('auth.login.pageTitle')} · ${appTitle}`);

  useEffect(() => {
    let active = true;
    void readSession().then((session) => {
      if (!active) return;
      // Signed in already: on to the page asked for, as the back office's guard does.
      if (session.kind === 'user') enterApp();
      else if (session.kind === 'pending') setStep({ type: 'awaiting', account: session.account });
      else setStep({ type: 'credentials' });
    });
    void isSignUpOpen().then((open) => {
      if (active) setSignUpOpen(open);
    });
    return () => {
      active = false;
    };
  }, []);

  // The toast goes with the tab to the back office (ToastProvider carries it over).
  const finishSignIn = () => {
    showToast({ type: 'success', content: t('auth.login.success') });
    enterApp();
  };

  const handleOutcome = (outcome: Exclude<SignInOutcome, { type: 'failed' }>, email?: string) => {
    switch (outcome.type) {
      case 'signedIn':
        finishSignIn();
        break;
      case 'newPasswordRequired':
        setStep({ type: 'newPassword' });
        break;
      case 'totpRequired':
        setStep({ type: 'totp' });
        break;
      case 'confirmSignUp':
        setStep({ type: 'credentials', unconfirmedEmail: email ?? '' });
        break;
      case 'awaitingApproval':
        setStep({ type: 'awaiting', account: outcome.account });
        break;
      case 'expired':
        showToast({
          type: 'error',
          content: t(
            step.type === 'totp' ? 'auth.totp.sessionExpired' : 'auth.newPassword.sessionExpired',
          ),
        });
        setStep({ type: 'credentials' });
        break;
      default:
        setStep({ type: 'credentials' });
    }
  };

  const welcome = t('auth.login.welcome', { appName: appTitle });
  let content;
  switch (step.type) {
    case 'reading':
      content = null;
      break;
    case 'awaiting':
      content = (
        <SpaceBetween size="l">
          <Header variant="h1">{welcome}</Header>
          <AwaitingApproval
            account={step.account}
            onApproved={finishSignIn}
            onSignedOut={() => setStep({ type: 'credentials' })}
          />
        </SpaceBetween>
      );
      break;
    case 'newPassword':
      content = (
        <NewPasswordForm
          appTitle={appTitle}
          onOutcome={handleOutcome}
          onCancel={() => setStep({ type: 'credentials' })}
        />
      );
      break;
    case 'totp':
      content = (
        <TotpForm
          appTitle={appTitle}
          onOutcome={handleOutcome}
          onCancel={() => setStep({ type: 'credentials' })}
        />
      );
      break;
    case 'credentials':
      content = (
        <SpaceBetween size="l">
          <Header variant="h1" description={t('auth.login.prompt')}>
            {welcome}
          </Header>
          {step.unconfirmedEmail !== undefined && (
            <Alert
              type="warning"
              statusIconAriaLabel={t('toast.warning')}
              data-testid="login-not-confirmed"
            >
              <SpaceBetween size="xs">
                <span>{t('auth.login.notConfirmed')}</span>
                <Link href={registerConfirmPath(step.unconfirmedEmail)}>
                  {t('auth.login.enterCode')}
                </Link>
              </SpaceBetween>
            </Alert>
          )}
          <LoginForm
            onOutcome={handleOutcome}
            passwordInfo={
              <Link href={paths.forgotPassword} variant="info" data-testid="forgot-link">
                {t('auth.login.forgotLink')}
              </Link>
            }
          />
          {signUpOpen && (
            <Box textAlign="center" color="text-body-secondary">
              {t('auth.login.registerPrompt')}{' '}
              <Link href={paths.register} data-testid="register-link">
                {t('auth.login.registerLink')}
              </Link>
            </Box>
          )}
          <Box textAlign="center" color="text-body-secondary">
            {t('auth.login.reportCenterPrompt')}{' '}
            <Link href={paths.search} data-testid="report-center-link">
              {t('auth.login.reportCenterLink')}
            </Link>
          </Box>
        </SpaceBetween>
      );
  }

  return (
    <PageFrame
      brand={appTitle}
      languageSwitch={
        <LanguageSwitch
          label={t('language.menuLabel')}
          names={{ en: t('language.en'), zh: t('language.zh') }}
        />
      }
      layout="card"
      testId="sign-in-page"
    >
      <Container>{content}</Container>
    </PageFrame>
  );
}
