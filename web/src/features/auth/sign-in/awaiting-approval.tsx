import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import type { PendingAccount } from '../session';
import { signOutQuietly } from '../session-flow';
import { checkApproval } from '../sign-in-flow';
import { signInMessage, useText } from './texts';

interface AwaitingApprovalProps {
  account: PendingAccount;
  onApproved: () => void;
  /** The session ended (signed out here, or Cognito no longer accepts it). */
  onSignedOut: () => void;
}

/**
 * Someone signed in whose account has no role yet. They stay signed out for the app;
 * "Check again" fetches fresh tokens and continues once a role has been given.
 */
export function AwaitingApproval({ account, onApproved, onSignedOut }: AwaitingApprovalProps) {
  const { t } = useText();
  const { showToast } = useToast();
  const [checking, setChecking] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  async function handleCheck() {
    if (checking) return;
    setChecking(true);
    const outcome = await checkApproval();
    setChecking(false);
    if (outcome.type === 'signedIn') onApproved();
    else if (outcome.type === 'awaitingApproval')
      showToast({ type: 'info', content: t('auth.awaiting.stillWaiting') });
    else if (outcome.type === 'failed') {
      showToast({ type: 'error', content: t(signInMessage(outcome.messageKey)) });
      if (outcome.messageKey === 'errors.unauthenticated') onSignedOut();
    }
  }

  async function handleSignOut() {
    setSigningOut(true);
    await signOutQuietly();
    onSignedOut();
  }

  return (
    <Alert
      type="info"
      statusIconAriaLabel={t('toast.info')}
      header={t('auth.awaiting.title')}
      data-testid="awaiting-approval"
    >
      <SpaceBetween size="m">
        <Box variant="p">
          <strong>{t('auth.awaiting.message')}</strong>
        </Box>
        <Box variant="p">{t('auth.awaiting.signedInAs', { email: account.email })}</Box>
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Button
            loading={checking}
            onClick={() => void handleCheck()}
            data-testid="awaiting-check"
          >
            {t('auth.awaiting.checkAgain')}
          </Button>
          <Button
            variant="link"
            loading={signingOut}
            onClick={() => void handleSignOut()}
            data-testid="awaiting-signout"
          >
            {t('auth.awaiting.signOut')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Alert>
  );
}
