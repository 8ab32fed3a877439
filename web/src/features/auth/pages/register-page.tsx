import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import {
  confirmRegistrationSchema,
  emailField,
  registerSchema,
} from '../../../../../lambdas/shared/contract/schemas/auth';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { settingsApi } from '../../../../../lambdas/shared/contract/api/settings';
import { answerParser } from '../../../lib/api-client';
import { routeUrl } from '../../../lib/api-routes';
import { useApiQuery } from '../../../lib/use-api-query';
import { useConfig } from '../../../lib/use-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import { confirmRegistration, register, resendRegistrationCode } from '../account-api';
import { confirmRegistrationFailure, registerFailure } from '../account-errors';
import { genericFailureMessageKey } from '../cognito-errors';
import { NewPasswordFields } from '../components/new-password-fields';
import { registerConfirmStep, registerEmailParam, registerStepParam } from '../register-path';
import { usePasswordRulesHint } from '../../../lib/password-rules';

type Step = { type: 'details' } | { type: 'code'; email: string } | { type: 'done' };

/** `?step=confirm&email=...` opens the code step (e.g. after signing in unconfirmed). */
function initialStep(search: string): Step {
  const params = new URLSearchParams(search);
  const email = emailField.safeParse(params.get(registerEmailParam) ?? '');
  return params.get(registerStepParam) === registerConfirmStep && email.success
    ? { type: 'code', email: email.data }
    : { type: 'details' };
}

/** `GET /api/sign-up`: whether an admin has sign-up on (a site setting, off by default). */
const signUpPath = routeUrl(settingsApi, 'GET /api/sign-up', {});
const parseSignUpState = answerParser(settingsApi, 'GET /api/sign-up');

/**
 * `/register`: only while an admin has sign-up on (the site setting; the PreSignUp trigger
 * refuses sign-ups otherwise, and the page turns to "closed" should that happen after it
 * opened); else it says whom to ask.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { providerName } = useConfig();
  const { search } = useLocation();
  const [step, setStep] = useState<Step>(() => initialStep(search));
  const signUp = useApiQuery(signUpPath, parseSignUpState);
  const [closedSince, setClosedSince] = useState(false);
  useDocumentTitle(t('auth.register.pageTitle'));

  if (signUp.status === 'loading') {
    return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  }
  if (signUp.status === 'error') {
    return (
      <Alert
        type="error"
        action={<Button onClick={signUp.reload}>{t('common.retry')}</Button>}
        data-testid="register-state-error"
      >
        {signUp.error.message}
      </Alert>
    );
  }
  if (!signUp.data.open || closedSince) {
    return (
      <SpaceBetween size="l" data-testid="register-closed">
        <Header variant="h1">{t('auth.register.title')}</Header>
        <Alert type="info" header={t('auth.register.closedTitle')}>
          {t('auth.register.closed', { providerName })}
        </Alert>
        <RouterLink to={paths.login}>{t('auth.register.backToLogin')}</RouterLink>
      </SpaceBetween>
    );
  }

  if (step.type === 'done') {
    return (
      <SpaceBetween size="l" data-testid="register-done">
        <Header variant="h1">{t('auth.register.doneTitle')}</Header>
        <Alert type="success" header={t('auth.register.done')}>
          {t('auth.register.doneHint')}
        </Alert>
        <RouterButton to={paths.login} variant="primary" data-testid="register-go-login">
          {t('auth.register.goToLogin')}
        </RouterButton>
      </SpaceBetween>
    );
  }

  if (step.type === 'code') {
    return <CodeStep email={step.email} onDone={() => setStep({ type: 'done' })} />;
  }

  return (
    <DetailsStep
      onRegistered={(email, codeSent) =>
        setStep(codeSent ? { type: 'code', email } : { type: 'done' })
      }
      onClosed={() => setClosedSince(true)}
    />
  );
}

type DetailsField = 'name' | 'email' | 'password' | 'confirmPassword';
const detailsOrder: readonly DetailsField[] = ['name', 'email', 'password', 'confirmPassword'];

function DetailsStep({
  onRegistered,
  onClosed,
}: {
  onRegistered: (email: string, codeSent: boolean) => void;
  /** Cognito refused: sign-up was turned off after the page opened. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const rulesHint = usePasswordRulesHint();
  const { showToast } = useToast();
  const form = useSchemaForm<unknown, DetailsField>(registerSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const inputs = useFieldFocus<DetailsField>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      inputs.focus(form.firstInvalid(detailsOrder, result));
      return;
    }
    const email = form.values.email.trim();
    setSubmitting(true);
    try {
      const { codeSent } = await register({
        name: form.values.name.trim(),
        email,
        password: form.values.password,
      });
      onRegistered(email, codeSent);
    } catch (error) {
      const failure = registerFailure(error);
      if (failure.type === 'closed') {
        onClosed();
      } else if (failure.type === 'field') {
        form.setFieldErrorKey(failure.field, failure.messageKey);
        inputs.focus(failure.field);
      } else {
        showToast({ type: 'error', content: t(failure.messageKey) });
      }
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: DetailsField) => {
    const errorText = form.errorText(name);
    return {
      errorText,
      input: {
        ref: inputs.field(name),
        value: form.values[name],
        invalid: Boolean(errorText),
        onChange: ({ detail }: { detail: InputProps.ChangeDetail }) =>
          form.setValue(name, detail.value),
      },
    };
  };
  const name = field('name');
  const email = field('email');

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.register.description')}>
        {t('auth.register.title')}
      </Header>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="register-form">
        <Form
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="register-submit"
            >
              {t('auth.register.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('auth.register.name')} errorText={name.errorText} stretch>
              <Input
                {...name.input}
                data-testid="register-name"
                name="name"
                autoComplete="name"
                autoFocus
              />
            </FormField>
            <FormField label={t('auth.register.email')} errorText={email.errorText} stretch>
              <Input
                {...email.input}
                data-testid="register-email"
                type="email"
                inputMode="email"
                name="email"
                autoComplete="username"
                spellcheck={false}
              />
            </FormField>
            <NewPasswordFields
              form={form}
              fieldRef={inputs.field}
              labels={{
                password: t('auth.register.password'),
                confirm: t('auth.register.confirm'),
                rules: rulesHint,
              }}
              testIds={{ password: 'register-password', confirm: 'register-confirm' }}
            />
          </SpaceBetween>
        </Form>
      </form>
      <Box textAlign="center" color="text-body-secondary">
        {t('auth.register.haveAccount')}{' '}
        <RouterLink to={paths.login}>{t('auth.register.signIn')}</RouterLink>
      </Box>
    </SpaceBetween>
  );
}

function CodeStep({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const form = useSchemaForm<unknown, 'email' | 'code'>(confirmRegistrationSchema, {
    email,
    code: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const codeInput = useRef<InputProps.Ref>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = form.submit();
    if (!result.success) {
      codeInput.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await confirmRegistration({ email, code: form.values.code.trim() });
      onDone();
    } catch (error) {
      const failure = confirmRegistrationFailure(error);
      if (failure.type === 'alreadyConfirmed') {
        onDone();
      } else if (failure.type === 'field') {
        form.setFieldErrorKey('code', failure.messageKey);
        codeInput.current?.focus();
      } else {
        showToast({ type: 'error', content: t(failure.messageKey) });
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function handleResend() {
    if (resending) return;
    setResending(true);
    try {
      await resendRegistrationCode(email);
      showToast({ type: 'success', content: t('auth.register.resent') });
    } catch (error) {
      showToast({ type: 'error', content: t(genericFailureMessageKey(error)) });
    } finally {
      setResending(false);
    }
  }

  const codeError = form.errorText('code');
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.register.codeDescription', { email })}>
        {t('auth.register.codeTitle')}
      </Header>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        data-testid="register-code-form"
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                variant="link"
                formAction="none"
                loading={resending}
                onClick={() => void handleResend()}
                data-testid="register-resend"
              >
                {t('auth.register.resend')}
              </Button>
              <Button
                variant="primary"
                formAction="submit"
                loading={submitting}
                data-testid="register-code-submit"
              >
                {t('auth.register.codeSubmit')}
              </Button>
            </SpaceBetween>
          }
        >
          <FormField label={t('auth.register.code')} errorText={codeError} stretch>
            <Input
              ref={codeInput}
              data-testid="register-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellcheck={false}
              autoFocus
              value={form.values.code}
              invalid={Boolean(codeError)}
              onChange={({ detail }) => form.setValue('code', detail.value)}
            />
          </FormField>
        </Form>
      </form>
      <Box textAlign="center">
        <RouterLink to={paths.login}>{t('auth.register.backToLogin')}</RouterLink>
      </Box>
    </SpaceBetween>
  );
}
