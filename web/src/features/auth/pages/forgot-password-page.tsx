import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../../../lambdas/shared/contract/schemas/auth';
import { RouterLink } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import { requestPasswordReset } from '../account-api';

/**
 * Asks for a reset link by email. The answer is the same whether or not the email
 * has an account (see `forgotPasswordAnswer`); only a connection failure differs.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const form = useSchemaForm<unknown, 'email'>(forgotPasswordSchema, { email: '' });
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const emailInput = useRef<InputProps.Ref>(null);
  useDocumentTitle(t('auth.forgot.pageTitle'));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      emailInput.current?.focus();
      return;
    }
    setSubmitting(true);
    const answer = await requestPasswordReset(form.values.email.trim());
    setSubmitting(false);
    if (answer === 'sent') {
      showToast({ type: 'success', content: t('auth.forgot.sent') });
      setSent(true);
    } else {
      showToast({ type: 'error', content: t('errors.connectionFailed') });
    }
  }

  const backToLogin = (
    <RouterLink to={paths.login} data-testid="forgot-back">
      {t('auth.forgot.backToLogin')}
    </RouterLink>
  );

  if (sent) {
    return (
      <SpaceBetween size="l">
        <Header variant="h1">{t('auth.forgot.title')}</Header>
        <Alert type="success" header={t('auth.forgot.sentTitle')} data-testid="forgot-sent">
          {t('auth.forgot.sentInfo')}
        </Alert>
        <SpaceBetween direction="horizontal" size="l" alignItems="center">
          {backToLogin}
          <Link onFollow={() => setSent(false)} data-testid="forgot-again">
            {t('auth.forgot.sendAgain')}
          </Link>
        </SpaceBetween>
      </SpaceBetween>
    );
  }

  const emailError = form.errorText('email');
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.forgot.description')}>
        {t('auth.forgot.title')}
      </Header>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="forgot-form">
        <Form
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="forgot-submit"
            >
              {t('auth.forgot.submit')}
            </Button>
          }
        >
          <FormField label={t('auth.forgot.email')} errorText={emailError} stretch>
            <Input
              ref={emailInput}
              data-testid="forgot-email"
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
        </Form>
      </form>
      <Box textAlign="center">{backToLogin}</Box>
    </SpaceBetween>
  );
}
