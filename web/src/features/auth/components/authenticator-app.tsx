import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, {
  type StatusIndicatorProps,
} from '@cloudscape-design/components/status-indicator';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OwnAccount } from '../../../../../lambdas/shared/contract/schemas/staff';
import { useToast } from '../../../components/toast/use-toast';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useConfig } from '../../../lib/use-config';
import { paths } from '../../../routes/paths';
import { ownAccountPath, parseOwnAccount, totpStatusOf, turnOffTotp } from '../own-account';
import { turnOffTotpFailure } from '../own-account-errors';
import { isTotpCode, normalizeTotpCode } from '../totp';
import { useAuth } from '../use-auth';
import { TotpCodeInput } from './totp-code-input';
import { TotpConfirm } from './totp-confirm';
import { TotpSetUp } from './totp-set-up';

/**
 * The account page's "Authenticator app": off, with "Set up"; on in Cognito but not
 * confirmed to the API (a set-up stopped half-way), with "Confirm"; or on, since when (the
 * API's record of the confirmation), with "Turn off". Administrators are told they must
 * have one (the API refuses their admin calls without it).
 */
export function AuthenticatorApp() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const account = useApiQuery(ownAccountPath, parseOwnAccount);

  let body;
  if (account.status === 'loading') {
    body = <StatusIndicator type="loading">{t('account.mfa.loading')}</StatusIndicator>;
  } else if (account.status === 'error') {
    body = (
      <Alert
        type="error"
        header={t('account.mfa.loadFailed')}
        action={<Button onClick={account.reload}>{t('common.retry')}</Button>}
      >
        {account.error.message}
      </Alert>
    );
  } else if (totpStatusOf(account.data) === 'unconfirmed') {
    body = (
      <SpaceBetween size="m">
        <AppStatus type="pending" testId="authenticator-app-unconfirmed">
          {t('account.mfa.unconfirmed')}
        </AppStatus>
        <TotpConfirm />
      </SpaceBetween>
    );
  } else {
    body = account.data.mfaEnabled ? (
      <AppOn account={account.data} />
    ) : (
      <SpaceBetween size="m">
        <AppStatus type="stopped" testId="authenticator-app-off">
          {t('account.mfa.off')}
        </AppStatus>
        <TotpSetUp />
      </SpaceBetween>
    );
  }

  const description = [
    t('account.mfa.description'),
    user?.role === 'admin' ? t('account.mfa.adminRequired') : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Container
      header={
        <Header variant="h2" description={description}>
          {t('account.mfa.title')}
        </Header>
      }
    >
      <div data-testid="authenticator-app">{body}</div>
    </Container>
  );
}

/** The app's state, as the section's one labelled line ("Status: On since …"). */
function AppStatus({
  type,
  testId,
  children,
}: {
  type: StatusIndicatorProps.Type;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <KeyValuePairs
      columns={1}
      items={[
        {
          label: t('account.mfa.status'),
          value: (
            <StatusIndicator type={type}>
              <span data-testid={testId}>{children}</span>
            </StatusIndicator>
          ),
        },
      ]}
    />
  );
}

function AppOn({ account }: { account: OwnAccount }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [turningOff, setTurningOff] = useState(false);
  const since = account.mfaEnabledAt && formatDateTime(account.mfaEnabledAt, language);
  return (
    <SpaceBetween size="m">
      <AppStatus type="success" testId="authenticator-app-on">
        {since ? t('account.mfa.since', { date: since }) : t('account.mfa.on')}
      </AppStatus>
      <Button data-testid="totp-turn-off" onClick={() => setTurningOff(true)}>
        {t('account.mfa.turnOff')}
      </Button>
      {turningOff && <TurnOffDialog onClose={() => setTurningOff(false)} />}
    </SpaceBetween>
  );
}

type TurnOffField = 'password' | 'code';

/**
 * "Turn off": the password and a code from the app, checked by a sign-in of their own
 * that this browser keeps nothing of; its token asks the API, which removes the app and
 * ends every session. Then this browser signs out.
 */
function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { user, signOut } = useAuth();
  const [values, setValues] = useState<Record<TurnOffField, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<TurnOffField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [working, setWorking] = useState(false);
  const inFlight = useRef(false);

  const setValue = (field: TurnOffField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (inFlight.current || !user) return;
    setFormError(undefined);
    const code = normalizeTotpCode(values.code);
    const found: Partial<Record<TurnOffField, string>> = {};
    if (values.password === '') found.password = t('validation.required');
    if (!isTotpCode(code)) {
      found.code = t(code === '' ? 'validation.required' : 'auth.totp.codeFormat');
    }
    setErrors(found);
    if (found.password || found.code) return;
    inFlight.current = true;
    setWorking(true);
    try {
      await turnOffTotp(config, { email: user.email, password: values.password, code });
    } catch (error) {
      inFlight.current = false;
      setWorking(false);
      const failure = turnOffTotpFailure(error);
      if (failure.type === 'field') {
        setErrors({ [failure.field]: t(failure.messageKey) });
        if (failure.field === 'code') setValue('code', '');
      } else {
        setFormError(failure.type === 'api' ? failure.message : t(failure.messageKey));
      }
      return;
    }
    await signOut();
    showToast({ type: 'success', content: t('account.mfa.turnedOff') });
    void navigate(paths.login, { replace: true });
  }

  const close = () => {
    if (!working) onClose();
  };
  return (
    <Modal
      visible
      onDismiss={close}
      closeAriaLabel={t('common.close')}
      header={t('account.mfa.turnOffTitle')}
      data-testid="totp-turn-off-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close} disabled={working}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={working}
              onClick={() => void submit()}
              data-testid="totp-turn-off-confirm"
            >
              {t('account.mfa.turnOff')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <SpaceBetween size="m">
          <Box>{t('account.mfa.turnOffBody')}</Box>
          {user?.role === 'admin' && <Alert type="warning">{t('account.mfa.turnOffAdmin')}</Alert>}
          <FormField label={t('account.mfa.password')} errorText={errors.password} stretch>
            <Input
              data-testid="totp-turn-off-password"
              type="password"
              name="current-password"
              autoComplete="current-password"
              autoFocus
              value={values.password}
              invalid={Boolean(errors.password)}
              onChange={({ detail }) => setValue('password', detail.value)}
            />
          </FormField>
          <FormField label={t('account.mfa.code')} errorText={errors.code} stretch>
            <TotpCodeInput
              testId="totp-turn-off-code"
              autoFocus={false}
              value={values.code}
              invalid={Boolean(errors.code)}
              onChange={(value) => setValue('code', value)}
            />
          </FormField>
          {formError && (
            <Alert type="error" data-testid="totp-turn-off-error">
              {formError}
            </Alert>
          )}
          {/* Enter in a field submits the dialog. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
