import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  signInSchema,
  type SignInInput,
} from '../../../../../lambdas/shared/contract/schemas/auth';
import { validate, type MessageRef } from '../../../../../lambdas/shared/contract/validation';
import { useToast } from '../../../components/toast/use-toast';
import { useAuth } from '../use-auth';
import type { AuthUser } from '../session';

type Field = keyof SignInInput;

interface LoginFormProps {
  onSignedIn: (user: AuthUser) => void;
}

/**
 * Email and password sign-in. Checked with the shared schema on submit (and live
 * after the first submit), so the messages match the API's.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const { showToast } = useToast();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const emailInput = useRef<InputProps.Ref>(null);
  const passwordInput = useRef<InputProps.Ref>(null);

  const validation = validate(signInSchema, values);
  const fieldErrors: Record<string, MessageRef> =
    submitted && !validation.success ? validation.fields : {};
  const errorText = (field: Field) => {
    const ref = fieldErrors[field];
    return ref ? t(ref.key, ref.params ?? {}) : undefined;
  };
  const update = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const result = validate(signInSchema, values);
    if (!result.success) {
      (result.fields.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setSubmitting(true);
    const outcome = await signIn(result.data);
    setSubmitting(false);
    if (outcome.ok) {
      onSignedIn(outcome.user);
    } else {
      showToast({ type: 'error', content: t(outcome.messageKey) });
    }
  }

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
          <FormField label={t('auth.login.email')} errorText={errorText('email')} stretch>
            <Input
              ref={emailInput}
              data-testid="login-email"
              type="email"
              inputMode="email"
              name="email"
              autoComplete="username"
              spellcheck={false}
              autoFocus
              value={values.email}
              invalid={Boolean(fieldErrors.email)}
              onChange={({ detail }) => update('email')(detail.value)}
            />
          </FormField>
          <FormField label={t('auth.login.password')} errorText={errorText('password')} stretch>
            <Input
              ref={passwordInput}
              data-testid="login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={values.password}
              invalid={Boolean(fieldErrors.password)}
              onChange={({ detail }) => update('password')(detail.value)}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
