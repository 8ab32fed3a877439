import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { resetPasswordSchema } from '../../../../../lambdas/shared/contract/schemas/auth';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import { setNewPassword } from '../account-api';
import { NewPasswordFields } from '../components/new-password-fields';
import { resetPasswordFailure } from '../account-errors';
import { readResetLink } from '../reset-link';
import { useAuth } from '../use-auth';
import { usePasswordRulesHint } from '../../../lib/password-rules';

type Field = 'email' | 'code' | 'password' | 'confirmPassword';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="l" data-testid="reset-invalid">
      <Header variant="h1">{t('auth.reset.title')}</Header>
      <Alert type="error" header={t('auth.reset.invalidTitle')}>
        {t('auth.reset.invalidLink')}
      </Alert>
      <SpaceBetween direction="horizontal" size="l" alignItems="center">
        <RouterButton to={paths.forgotPassword} variant="primary" data-testid="reset-request-new">
          {t('auth.reset.requestNew')}
        </RouterButton>
        <RouterLink to={paths.login}>{t('auth.reset.backToLogin')}</RouterLink>
      </SpaceBetween>
    </SpaceBetween>
  );
}

/** The page of the emailed link (`?email=...&code=...`): choose a new password, then sign in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [link] = useState(() => readResetLink(search));
  const [linkUsable, setLinkUsable] = useState(link !== undefined);
  useDocumentTitle(t('auth.reset.pageTitle'));
  if (!link || !linkUsable) return <InvalidLink />;
  return (
    <ResetPasswordForm
      email={link.email}
      code={link.code}
      onInvalidLink={() => setLinkUsable(false)}
    />
  );
}

function ResetPasswordForm({
  email,
  code,
  onInvalidLink,
}: {
  email: string;
  code: string;
  onInvalidLink: () => void;
}) {
  const { t } = useTranslation();
  const rulesHint = usePasswordRulesHint();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { signIn } = useAuth();
  const form = useSchemaForm<unknown, Field>(resetPasswordSchema, {
    email,
    code,
    password: '',
    confirmPassword: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<Field>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      const field = form.firstInvalid(['password', 'confirmPassword'] as const, result);
      if (field) inputs.focus(field);
      else onInvalidLink();
      return;
    }
    setSubmitting(true);
    const password = form.values.password;
    try {
      await setNewPassword({ email, code, password });
    } catch (error) {
      setSubmitting(false);
      const failure = resetPasswordFailure(error);
      if (failure.type === 'invalidLink') {
        onInvalidLink();
      } else if (failure.type === 'field') {
        form.setFieldErrorKey(failure.field, failure.messageKey);
        inputs.focus('password');
      } else {
        showToast({ type: 'error', content: t(failure.messageKey) });
      }
      return;
    }
    // The password is set: sign in with it, so the person lands where they wanted to go.
    const outcome = await signIn({ email, password });
    setSubmitting(false);
    if (outcome.type === 'signedIn') {
      showToast({ type: 'success', content: t('auth.reset.success') });
      void navigate(paths.dashboard, { replace: true });
    } else {
      // Waiting for approval (shown on the login page), or another step: sign in there.
      const key =
        outcome.type === 'awaitingApproval' ? 'auth.reset.success' : 'auth.reset.signInAgain';
      showToast({ type: 'success', content: t(key) });
      void navigate(paths.login, { replace: true });
    }
  }

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.reset.description')}>
        {t('auth.reset.title')}
      </Header>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="reset-form">
        <Form
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="reset-submit"
            >
              {t('auth.reset.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('auth.reset.email')} stretch>
              <Input
                data-testid="reset-email"
                type="email"
                name="email"
                autoComplete="username"
                readOnly
                value={email}
                onChange={() => undefined}
              />
            </FormField>
            <NewPasswordFields
              form={form}
              fieldRef={inputs.field}
              labels={{
                password: t('auth.reset.password'),
                confirm: t('auth.reset.confirm'),
                rules: rulesHint,
              }}
              testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
              autoFocus
            />
          </SpaceBetween>
        </Form>
      </form>
      <Box textAlign="center">
        <RouterLink to={paths.login}>{t('auth.reset.backToLogin')}</RouterLink>
      </Box>
    </SpaceBetween>
  );
}
