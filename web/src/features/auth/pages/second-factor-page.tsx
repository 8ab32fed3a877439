import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { TotpConfirm } from '../components/totp-confirm';
import { TotpSetUp } from '../components/totp-set-up';
import { useAuth } from '../use-auth';

/**
 * `/authenticator-app`: the only page an admin sees while the session lacks the second
 * factor (the route guard sends them here, `to` kept): set the authenticator app up (then
 * sign in again with a code); confirm one set up in Cognito whose confirmation never
 * reached the API (then sign in again with a code); or, when it is set up, sign in again
 * with it. Leaving is signing out.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const { secondFactor, signOut } = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const signInAgain = secondFactor === 'signInAgain';
  const confirmRequired = secondFactor === 'confirmRequired';
  const title = signInAgain
    ? t('account.mfa.reauthTitle')
    : confirmRequired
      ? t('account.mfa.confirmTitle')
      : t('account.mfa.enrolTitle');
  useDocumentTitle(title);

  /** Out, to sign in again; the sign-in page then returns to the page asked for. */
  async function leave() {
    setLeaving(true);
    await signOut();
    void navigate(`${paths.login}${search}`, { replace: true });
  }

  return (
    <SpaceBetween size="l" data-testid="second-factor-page">
      <Header
        variant="h1"
        description={signInAgain || confirmRequired ? undefined : t('account.mfa.enrolDescription')}
      >
        {title}
      </Header>
      {signInAgain ? (
        <SpaceBetween size="m">
          <Alert type="info">{t('account.mfa.reauthBody')}</Alert>
          <Button
            variant="primary"
            loading={leaving}
            onClick={() => void leave()}
            data-testid="second-factor-sign-in"
          >
            {t('account.mfa.signInAgain')}
          </Button>
        </SpaceBetween>
      ) : (
        <SpaceBetween size="l">
          {confirmRequired ? <TotpConfirm /> : <TotpSetUp />}
          <Box textAlign="center">
            <Button
              variant="link"
              loading={leaving}
              onClick={() => void leave()}
              data-testid="second-factor-sign-out"
            >
              {t('account.mfa.signOut')}
            </Button>
          </Box>
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
