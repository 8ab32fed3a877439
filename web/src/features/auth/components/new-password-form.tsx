import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordField } from '../../../../../lambdas/shared/contract/schemas/auth';
import { useToast } from '../../../components/toast/use-toast';
import { usePasswordRulesHint } from '../../../lib/password-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { SignInOutcome } from '../auth-context';
import { useAuth } from '../use-auth';

/** The new-password step: the shared password rule, and both entries must match. */
const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string().min(1) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    params: { rule: 'match' },
  });

type Field = 'password' | 'confirmPassword';

interface NewPasswordFormProps {
  onOutcome: (outcome: Exclude<SignInOutcome, { type: 'failed' | 'passwordRejected' }>) => void;
  onCancel: () => void;
}

/**
 * Cognito's NEW_PASSWORD_REQUIRED step, e.g. for an account an administrator created
 * in AWS with a temporary password: the person chooses their own and is signed in.
 */
export function NewPasswordForm({ onOutcome, onCancel }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const { completeNewPassword } = useAuth();
  const { showToast } = useToast();
  const rulesHint = usePasswordRulesHint();
  const form = useSchemaForm<unknown, Field>(newPasswordSchema, {
    password: '',
    confirmPassword: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<Field>();
  useDocumentTitle(t('auth.newPassword.pageTitle'));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      inputs.focus(form.firstInvalid(['password', 'confirmPassword'], result));
      return;
    }
    setSubmitting(true);
    const outcome = await completeNewPassword(form.values.password);
    setSubmitting(false);
    if (outcome.type === 'passwordRejected') {
      form.setFieldErrorKey('password', outcome.messageKey);
      inputs.focus('password');
    } else if (outcome.type === 'failed') {
      showToast({ type: 'error', content: t(outcome.messageKey) });
    } else {
      onOutcome(outcome);
    }
  }

  const passwordError = form.errorText('password');
  const confirmError = form.errorText('confirmPassword');
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.newPassword.description')}>
        {t('auth.newPassword.title')}
      </Header>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        data-testid="new-password-form"
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={onCancel}>
                {t('auth.newPassword.cancel')}
              </Button>
              <Button
                variant="primary"
                formAction="submit"
                loading={submitting}
                data-testid="new-password-submit"
              >
                {t('auth.newPassword.submit')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <FormField
              label={t('auth.newPassword.password')}
              constraintText={rulesHint}
              errorText={passwordError}
              stretch
            >
              <Input
                ref={inputs.field('password')}
                data-testid="new-password"
                type="password"
                name="new-password"
                autoComplete="new-password"
                autoFocus
                value={form.values.password}
                invalid={Boolean(passwordError)}
                onChange={({ detail }) => form.setValue('password', detail.value)}
              />
            </FormField>
            <FormField label={t('auth.newPassword.confirm')} errorText={confirmError} stretch>
              <Input
                ref={inputs.field('confirmPassword')}
                data-testid="new-password-confirm"
                type="password"
                name="confirm-password"
                autoComplete="new-password"
                value={form.values.confirmPassword}
                invalid={Boolean(confirmError)}
                onChange={({ detail }) => form.setValue('confirmPassword', detail.value)}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </SpaceBetween>
  );
}
