import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../routes/paths';
import { revokeOwnSessions } from '../own-account';
import { revokeSessionsFailure } from '../own-account-errors';
import { useAuth } from '../use-auth';

/**
 * "Sign out of all devices": after a confirmation, the API ends every session of the
 * account (`POST /api/account/sessions/revoke`): it refuses every token issued before
 * now, and Cognito renews none of them. This browser signs out at once; the others at
 * their next call. If the API cannot be reached, nothing is signed out and the dialog
 * says so.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  // The guard reads a ref: two presses in one tick see the first one.
  const inFlight = useRef(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setWorking(true);
    setError(undefined);
    try {
      await revokeOwnSessions('signOutEverywhere');
    } catch (failure) {
      const outcome = revokeSessionsFailure(failure);
      if (outcome.type !== 'alreadySignedOut') {
        setError(outcome.type === 'api' ? outcome.message : t(outcome.messageKey));
        inFlight.current = false;
        setWorking(false);
        return;
      }
    }
    await signOut();
    showToast({ type: 'success', content: t('account.sessions.done') });
    void navigate(paths.login, { replace: true });
  }

  const close = () => {
    if (working) return;
    setConfirming(false);
    setError(undefined);
  };

  return (
    <Container
      header={
        <Header variant="h2" description={t('account.sessions.description')}>
          {t('account.sessions.title')}
        </Header>
      }
    >
      <Button data-testid="sign-out-everywhere" onClick={() => setConfirming(true)}>
        {t('account.sessions.button')}
      </Button>
      <Modal
        visible={confirming}
        onDismiss={close}
        closeAriaLabel={t('common.close')}
        header={t('account.sessions.confirmTitle')}
        data-testid="sign-out-everywhere-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={close} disabled={working}>
                {t('common.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={working}
                onClick={() => void confirm()}
                data-testid="sign-out-everywhere-confirm"
              >
                {t('account.sessions.confirm')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box>{t('account.sessions.confirmBody')}</Box>
          {error && (
            <Alert type="error" data-testid="sign-out-everywhere-error">
              {error}
            </Alert>
          )}
        </SpaceBetween>
      </Modal>
    </Container>
  );
}
