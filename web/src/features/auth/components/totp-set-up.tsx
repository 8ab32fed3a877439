import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { QrCode } from '../../../lib/qr-code';
import { useConfig } from '../../../lib/use-config';
import { paths } from '../../../routes/paths';
import { confirmTotpSetUp, startTotpSetUp } from '../own-account';
import { totpSetUpFailure } from '../own-account-errors';
import { groupedSecret, isTotpCode, normalizeTotpCode, otpauthUri } from '../totp';
import { TotpCodeInput } from './totp-code-input';
import { useAuth } from '../use-auth';
import './totp-set-up.css';

type SetUpState =
  | { type: 'idle' }
  | { type: 'starting' }
  | { type: 'scanning'; secret: string }
  /** Cognito could not start it (no secret): the person may try again. */
  | { type: 'failed'; message: string };

/**
 * Setting an authenticator app up: Cognito makes a secret (`setUpTOTP`), shown as the QR
 * code of our own `otpauth://` address (the product as issuer, the email as account) and
 * as text in groups of four; a code from the app confirms it with Cognito and the API,
 * which ends every session: this browser signs out, and the person signs in again with a
 * code. "Cancel" leaves it (Cognito keeps the unconfirmed secret, which changes nothing).
 */
export function TotpSetUp() {
  const { t } = useTranslation();
  const { appName } = useConfig();
  const { user, endSession, signOut } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<SetUpState>({ type: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const inFlight = useRef(false);

  async function start() {
    setState({ type: 'starting' });
    try {
      setState({ type: 'scanning', secret: await startTotpSetUp() });
    } catch (error) {
      const failure = totpSetUpFailure(error);
      if (failure.type === 'sessionEnded') {
        void endSession();
        return;
      }
      setState({
        type: 'failed',
        message: failure.type === 'api' ? failure.message : t(failure.messageKey),
      });
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(undefined);
    const typed = normalizeTotpCode(code);
    if (!isTotpCode(typed)) {
      setCodeError(t(typed === '' ? 'validation.required' : 'auth.totp.codeFormat'));
      return;
    }
    inFlight.current = true;
    setConfirming(true);
    try {
      await confirmTotpSetUp(typed);
    } catch (error) {
      inFlight.current = false;
      setConfirming(false);
      const failure = totpSetUpFailure(error);
      if (failure.type === 'sessionEnded') void endSession();
      else if (failure.type === 'field') {
        setCodeError(t(failure.messageKey));
        setCode('');
      } else setFormError(failure.type === 'api' ? failure.message : t(failure.messageKey));
      return;
    }
    // The API ended every session of the account, this one's too.
    await signOut();
    showToast({ type: 'success', content: t('account.mfa.enabled') });
    void navigate(paths.login, { replace: true });
  }

  if (state.type === 'idle' || state.type === 'failed') {
    return (
      <SpaceBetween size="s">
        {state.type === 'failed' && (
          <Alert type="error" data-testid="totp-set-up-error">
            {state.message}
          </Alert>
        )}
        <Button data-testid="totp-set-up" onClick={() => void start()}>
          {t('account.mfa.setUp')}
        </Button>
      </SpaceBetween>
    );
  }
  if (state.type === 'starting') {
    return <Button loading>{t('account.mfa.setUp')}</Button>;
  }

  const uri = otpauthUri({ issuer: appName, account: user?.email ?? '', secret: state.secret });
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate data-testid="totp-set-up-form">
      <Form
        header={<Box variant="h3">{t('account.mfa.setUpTitle')}</Box>}
        errorText={formError && <Alert type="error">{formError}</Alert>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="link"
              formAction="none"
              disabled={confirming}
              onClick={() => {
                setState({ type: 'idle' });
                setCode('');
                setCodeError(undefined);
                setFormError(undefined);
              }}
            >
              {t('account.mfa.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={confirming}
              data-testid="totp-set-up-confirm"
            >
              {t('account.mfa.confirm')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Box variant="p">{t('account.mfa.scan')}</Box>
          <div className="totp-set-up__codes">
            <QrCode text={uri} label={t('account.mfa.qrLabel')} className="totp-set-up__qr" />
            <FormField label={t('account.mfa.secret')} stretch>
              <Box variant="code" fontSize="heading-s">
                <span className="totp-set-up__secret" data-testid="totp-secret">
                  {groupedSecret(state.secret)}
                </span>
              </Box>
            </FormField>
          </div>
          <FormField label={t('account.mfa.code')} errorText={codeError}>
            <TotpCodeInput
              testId="totp-set-up-code"
              value={code}
              invalid={Boolean(codeError)}
              onChange={(value) => {
                setCode(value);
                setCodeError(undefined);
              }}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
