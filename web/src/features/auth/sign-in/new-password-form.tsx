import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { passwordPolicy } from '../../../../../lambdas/shared/contract/password-policy';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../light/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import type { SignInOutcome } from '../auth-context';
import { NewPasswordFields } from '../components/new-password-fields';
import { answerNewPassword } from '../sign-in-flow';
import { signInMessage, useText } from './texts';
import { useCheckedForm } from './use-checked-form';

type Field = 'password' | 'confirmPassword';
const fieldOrder: readonly Field[] = ['password', 'confirmPassword'];

interface NewPasswordFormProps {
  onOutcome: (outcome: Exclude<SignInOutcome, { type: 'failed' | 'passwordRejected' }>) => void;
  onCancel: () => void;
  /** The tab's title after the page's own, e.g. the app's name. */
  appTitle: string;
}

/**
 * Cognito's NEW_PASSWORD_REQUIRED step, e.g. for an account an administrator created
 * in AWS with a temporary password: the person chooses their own and is signed in.
 */
export function NewPasswordForm({ onOutcome, onCancel, appTitle }: NewPasswordFormProps) {
  const { t } = useText();
  const { showToast } = useToast();
  const form = useCheckedForm<Field>('newPassword', { password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<Field>();
  useDocumentTitle(`${t('auth.newPassword.pageTitle')} · ${appTitle}`);

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
      const outcome = await answerNewPassword(form.values.password);
      if (outcome.type === 'passwordRejected') {
        form.setServerError('password', { key: signInMessage(outcome.messageKey) });
        inputs.focus('password');
      } else if (outcome.type === 'failed') {
        showToast({ type: 'error', content: t(signInMessage(outcome.messageKey)) });
      } else {
        onOutcome(outcome);
      }
    } catch {
      showToast({ type: 'error', content: t('errors.connectionFailed') });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.newPassword.description')}>
        {t('auth.newPassword.title')}
      </Header>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        onInput={form.prepare}
        onPointerDown={form.prepare}
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
              form={{ values: form.values, errorText: form.errorText, setValue: form.setValue }}
              fieldRef={inputs.field}
              labels={{
                password: t('auth.newPassword.password'),
                confirm: t('auth.newPassword.confirm'),
                rules: t('password.rules', { min: passwordPolicy.minLength }),
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
