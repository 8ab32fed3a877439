import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signInSchema } from '../../../../../lambdas/shared/contract/schemas/auth';
import { useToast } from '../../../components/toast/use-toast';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { SignInOutcome } from '../auth-context';
import { useAuth } from '../use-auth';

type Field = 'email' | 'password';

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
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const { showToast } = useToast();
  const form = useSchemaForm<unknown, Field>(signInSchema, { email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<Field>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      inputs.focus(form.firstInvalid(['email', 'password'], result));
      return;
    }
    setSubmitting(true);
    const email = form.values.email.trim();
    const outcome = await signIn({ email, password: form.values.password });
    setSubmitting(false);
    if (outcome.type === 'failed') {
      showToast({ type: 'error', content: t(outcome.messageKey) });
    } else {
      onOutcome(outcome, email);
    }
  }

  const emailError = form.errorText('email');
  const passwordError = form.errorText('password');
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="login-form">
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
          <FormField label={t('auth.login.email')} errorText={emailError} stretch>
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
