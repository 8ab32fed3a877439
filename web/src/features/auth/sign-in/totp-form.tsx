import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../light/use-document-title';
import type { SignInOutcome } from '../auth-context';
import { TotpCodeInput } from '../components/totp-code-input';
import { answerTotpCode } from '../sign-in-flow';
import { isTotpCode, normalizeTotpCode } from '../totp';
import { signInMessage, useText, type SignInTextRef } from './texts';

interface TotpFormProps {
  onOutcome: (outcome: Exclude<SignInOutcome, { type: 'failed' | 'codeRejected' }>) => void;
  onCancel: () => void;
  /** The tab's title after the page's own, e.g. the app's name. */
  appTitle: string;
}

/**
 * Cognito's SOFTWARE_TOKEN_MFA step: the 6-digit code of the account's authenticator app.
 * A wrong code is shown on the field and the step stays open for the next one; the
 * browser may offer the code itself (`one-time-code`).
 */
export function TotpForm({ onOutcome, onCancel, appTitle }: TotpFormProps) {
  const { t } = useText();
  const { showToast } = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<SignInTextRef>();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(`${t('auth.totp.pageTitle')} · ${appTitle}`);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const typed = normalizeTotpCode(code);
    if (!isTotpCode(typed)) {
      setError({ key: typed === '' ? 'validation.required' : 'auth.totp.codeFormat' });
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await answerTotpCode(typed);
      if (outcome.type === 'codeRejected') {
        setError({ key: signInMessage(outcome.messageKey) });
        setCode('');
      } else if (outcome.type === 'failed') {
        showToast({ type: 'error', content: t(signInMessage(outcome.messageKey)) });
      } else {
        onOutcome(outcome);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.totp.description')}>
        {t('auth.totp.title')}
      </Header>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-busy={submitting}
        data-testid="totp-form"
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={onCancel}>
                {t('auth.totp.cancel')}
              </Button>
              <Button
                variant="primary"
                formAction="submit"
                loading={submitting}
                data-testid="totp-submit"
              >
                {t('auth.totp.submit')}
              </Button>
            </SpaceBetween>
          }
        >
          <FormField
            label={t('auth.totp.code')}
            errorText={error && t(error.key, error.params)}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
            stretch
          >
            <TotpCodeInput
              testId="totp-code"
              value={code}
              invalid={Boolean(error)}
              onChange={(value) => {
                setCode(value);
                setError(undefined);
              }}
            />
          </FormField>
        </Form>
      </form>
    </SpaceBetween>
  );
}
