import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { newPasswordField } from '../../../../../lambdas/shared/contract/schemas/auth';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { SignInOutcome } from '../auth-context';
import { useAuth } from '../use-auth';
import { NewPasswordFields } from './new-password-fields';

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
            <NewPasswordFields
              form={form}
              fieldRef={inputs.field}
              labels={{
                password: t('auth.newPassword.password'),
                confirm: t('auth.newPassword.confirm'),
              }}
              testIds={{ password: 'new-password', confirm: 'new-password-confirm' }}
              autoFocus
            />
          </SpaceBetween>
        </Form>
      </form>
    </SpaceBetween>
  );
}
