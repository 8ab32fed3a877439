import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { useFieldFocus } from '../../../lib/use-field-focus';
import type { SignInOutcome } from '../auth-context';
import { signInWithPassword } from '../sign-in-flow';
import { signInMessage, useText } from './texts';
import { useCheckedForm } from './use-checked-form';

type Field = 'email' | 'password';
const fieldOrder: readonly Field[] = ['email', 'password'];

interface LoginFormProps {
  /** Every outcome but a failure (which the form shows itself as a toast). */
  onOutcome: (outcome: Exclude<SignInOutcome, { type: 'failed' }>, email: string) => void;
  /** Shown next to the password label, e.g. the "Forgot password?" link. */
  passwordInfo?: ReactNode;
}

/**
 * Email and password sign-in. Checked with the shared schema on submit (and live
 * after the first submit), so the messages match the API's.
 */
export function LoginForm({ onOutcome, passwordInfo }: LoginFormProps) {
  const { t } = useText();
  const { showToast } = useToast();
  const form = useCheckedForm<Field>('signIn', { email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<Field>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const checked = await form.submit();
      if (!checked.success) {
        inputs.focus(form.firstInvalid(fieldOrder, checked));
        return;
      }
      const email = form.values.email.trim();
      const outcome = await signInWithPassword({ email, password: form.values.password });
      if (outcome.type === 'failed') {
        showToast({ type: 'error', content: t(signInMessage(outcome.messageKey)) });
      } else {
        onOutcome(outcome, email);
      }
    } catch {
      // The check's chunk could not be fetched (offline).
      showToast({ type: 'error', content: t('errors.connectionFailed') });
    } finally {
      setSubmitting(false);
    }
  }

  const emailError = form.errorText('email');
  const passwordError = form.errorText('password');
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      onInput={form.prepare}
      onPointerDown={form.prepare}
      noValidate
      aria-busy={submitting}
      data-testid="login-form"
    >
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={submitting}
            data-testid="login-submit"
          >
            {t('auth.login.submit')}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <FormField
            label={t('auth.login.email')}
            errorText={emailError}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
            stretch
          >
            <Input
              ref={inputs.field('email')}
              data-testid="login-email"
              type="email"
              inputMode="email"
              name="email"
              autoComplete="username"
              spellcheck={false}
              autoFocus
              value={form.values.email}
              invalid={Boolean(emailError)}
              onChange={({ detail }) => form.setValue('email', detail.value)}
            />
          </FormField>
          <FormField
            label={t('auth.login.password')}
            info={passwordInfo}
            errorText={passwordError}
            i18nStrings={{ errorIconAriaLabel: t('toast.error') }}
            stretch
          >
            <Input
              ref={inputs.field('password')}
              data-testid="login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={form.values.password}
              invalid={Boolean(passwordError)}
              onChange={({ detail }) => form.setValue('password', detail.value)}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
