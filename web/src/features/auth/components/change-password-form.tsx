import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { changePasswordSchema, type ChangePasswordFormField } from '../change-password';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../routes/paths';
import { changeOwnPassword, revokeOwnSessions } from '../own-account';
import { changePasswordFailure, revokeSessionsFailure } from '../own-account-errors';
import { useAuth } from '../use-auth';
import { NewPasswordFields } from './new-password-fields';
import { usePasswordRulesHint } from '../../../lib/password-rules';

const fieldOrder: readonly ChangePasswordFormField[] = [
  'currentPassword',
  'password',
  'confirmPassword',
];
const empty = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Change password: the current one, then the new one twice, checked against the
 * password rules (shown under the field) before Cognito checks them again. A wrong
 * current password is shown on its field; Cognito counts it toward its lockout. Once
 * changed, every session of the account ends (`POST /api/account/sessions/revoke`), this
 * one too: the person signs in with the new password. Should the API not be reached, the
 * sessions stay and the page says to end them with "Sign out of all devices".
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { endSession, signOut } = useAuth();
  // A new form after a change, so nothing typed stays behind.
  const [generation, setGeneration] = useState(0);

  async function afterChange() {
    try {
      await revokeOwnSessions('passwordChanged');
    } catch (error) {
      if (revokeSessionsFailure(error).type !== 'alreadySignedOut') {
        showToast({ type: 'warning', content: t('account.password.changedSessionsLeft') });
        setGeneration((count) => count + 1);
        return;
      }
    }
    await signOut();
    showToast({ type: 'success', content: t('account.password.changedSignIn') });
    void navigate(paths.login, { replace: true });
  }

  return (
    <PasswordForm
      key={generation}
      onChanged={afterChange}
      onSessionEnded={() => void endSession()}
    />
  );
}

function PasswordForm({
  onChanged,
  onSessionEnded,
}: {
  onChanged: () => Promise<void>;
  onSessionEnded: () => void;
}) {
  const { t } = useTranslation();
  const rulesHint = usePasswordRulesHint();
  const form = useSchemaForm<unknown, ChangePasswordFormField>(changePasswordSchema, empty);
  const { field: inputRef, focus } = useFieldFocus<ChangePasswordFormField>();
  const [submitting, setSubmitting] = useState(false);
  // The guard reads a ref: Enter pressed twice in one tick sees the first press.
  const inFlight = useRef(false);
  const [formError, setFormError] = useState<string>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(undefined);
    const result = form.submit();
    if (!result.success) {
      focus(form.firstInvalid(fieldOrder, result));
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      await changeOwnPassword(form.values.currentPassword, form.values.password);
    } catch (error) {
      inFlight.current = false;
      setSubmitting(false);
      const failure = changePasswordFailure(error);
      if (failure.type === 'sessionEnded') {
        onSessionEnded();
      } else if (failure.type === 'field') {
        form.setFieldErrorKey(failure.field, failure.messageKey);
        focus(failure.field);
      } else {
        setFormError(t(failure.messageKey));
      }
      return;
    }
    await onChanged();
  }

  const currentError = form.errorText('currentPassword');
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      data-testid="change-password-form"
    >
      <Form
        errorText={
          formError && (
            <Alert type="error" data-testid="change-password-error">
              {formError}
            </Alert>
          )
        }
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={submitting}
            data-testid="change-password-submit"
          >
            {t('account.password.submit')}
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description={t('account.password.description')}>
              {t('account.password.title')}
            </Header>
          }
        >
          <SpaceBetween size="l">
            {/* The password manager's hint: whose password this is. */}
            <FormField label={t('account.password.current')} errorText={currentError} stretch>
              <Input
                ref={inputRef('currentPassword')}
                data-testid="current-password"
                type="password"
                name="current-password"
                autoComplete="current-password"
                value={form.values.currentPassword}
                invalid={Boolean(currentError)}
                onChange={({ detail }) => form.setValue('currentPassword', detail.value)}
              />
            </FormField>
            <NewPasswordFields
              form={form}
              fieldRef={inputRef}
              labels={{
                password: t('account.password.new'),
                confirm: t('account.password.confirm'),
                rules: rulesHint,
              }}
              testIds={{ password: 'new-password', confirm: 'confirm-new-password' }}
            />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
