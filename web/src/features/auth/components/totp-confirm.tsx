import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../routes/paths';
import { confirmTotp } from '../own-account';
import { totpSetUpFailure } from '../own-account-errors';
import { useAuth } from '../use-auth';

/**
 * An authenticator app on in Cognito whose confirmation never reached the API (the set-up
 * stopped between the two): says so, and "Confirm" has the API record it, which ends
 * every session; this browser signs out, and the person signs in again with a code (the
 * same ending as a set-up's).
 */
export function TotpConfirm() {
  const { t } = useTranslation();
  const { endSession, signOut } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setWorking(true);
    setError(undefined);
    try {
      await confirmTotp();
    } catch (caught) {
      inFlight.current = false;
      setWorking(false);
      const failure = totpSetUpFailure(caught);
      if (failure.type === 'sessionEnded') void endSession();
      else setError(failure.type === 'api' ? failure.message : t(failure.messageKey));
      return;
    }
    // The API ended every session of the account, this one's too.
    await signOut();
    showToast({ type: 'success', content: t('account.mfa.enabled') });
    void navigate(paths.login, { replace: true });
  }

  return (
    <SpaceBetween size="m">
      <Alert type="info" data-testid="totp-unconfirmed">
        {t('account.mfa.unconfirmedBody')}
      </Alert>
      {error && (
        <Alert type="error" data-testid="totp-confirm-error">
          {error}
        </Alert>
      )}
      <div>
        <Button
          variant="primary"
          loading={working}
          onClick={() => void confirm()}
          data-testid="totp-confirm"
        >
          {t('account.mfa.confirmApp')}
        </Button>
      </div>
    </SpaceBetween>
  );
}
