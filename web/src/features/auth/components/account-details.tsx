import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { personNameField } from '../../../../../lambdas/shared/contract/schemas/auth';
import { useToast } from '../../../components/toast/use-toast';
import { isLanguage } from '../../../i18n/languages';
import { useLanguage } from '../../../i18n/use-language';
import { useSetLanguage } from '../../../i18n/use-set-language';
import { ApiError } from '../../../lib/api-client';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { changeOwnName } from '../own-account';
import { useAuth } from '../use-auth';

/** The name as the shared staff schema checks it (the admin's form and the API use the same). */
const nameSchema = z.strictObject({ name: personNameField });

/**
 * The Account section: the name (saved through the API, which records the change in the
 * audit log, then read back from a fresh token so the top bar shows it), email and role
 * as they are (only an administrator changes them), and the interface language.
 */
export function AccountDetails() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { user, refreshSession } = useAuth();
  const { language, options } = useLanguage();
  const setLanguage = useSetLanguage();
  const form = useSchemaForm<unknown, 'name'>(nameSchema, { name: user?.name ?? '' });
  const { field: inputRef, focus } = useFieldFocus<'name'>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  if (!user) return null;
  const unchanged = form.values.name.trim() === (user.name ?? '');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(undefined);
    const result = form.submit();
    if (!result.success) {
      focus('name');
      return;
    }
    setSaving(true);
    try {
      await changeOwnName(form.values.name.trim());
      await refreshSession();
      showToast({ type: 'success', content: t('account.details.nameUpdated') });
    } catch (error) {
      // A 401 has already ended the session (the API client's listener).
      const nameError = error instanceof ApiError ? error.fields.name : undefined;
      if (nameError) {
        form.setFieldError('name', nameError);
        focus('name');
      } else {
        setFormError(error instanceof ApiError ? error.message : t('errors.internal'));
      }
    } finally {
      setSaving(false);
    }
  }

  const nameError = form.errorText('name');
  const current = options.find((option) => option.id === language);
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="account-form">
      <Form
        errorText={formError && <Alert type="error">{formError}</Alert>}
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={saving}
            disabled={unchanged}
            data-testid="account-save"
          >
            {t('account.details.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2">{t('account.details.title')}</Header>}>
          <ColumnLayout columns={2}>
            <FormField label={t('account.details.name')} errorText={nameError} stretch>
              <Input
                ref={inputRef('name')}
                data-testid="account-name"
                name="name"
                autoComplete="name"
                value={form.values.name}
                invalid={Boolean(nameError)}
                onChange={({ detail }) => form.setValue('name', detail.value)}
              />
            </FormField>
            <FormField
              label={t('account.details.email')}
              description={t('account.details.emailHint')}
              stretch
            >
              <Input data-testid="account-email" value={user.email} readOnly type="email" />
            </FormField>
            <FormField
              label={t('account.details.role')}
              description={t('account.details.roleHint')}
              stretch
            >
              <Input data-testid="account-role" value={t(`roles.${user.role}`)} readOnly />
            </FormField>
            <FormField
              label={t('account.details.language')}
              description={t('account.details.languageHint')}
              stretch
            >
              <Select
                data-testid="account-language"
                selectedOption={current ? { value: current.id, label: current.text } : null}
                options={options.map((option) => ({ value: option.id, label: option.text }))}
                onChange={({ detail }) => {
                  const chosen = detail.selectedOption.value;
                  if (isLanguage(chosen)) setLanguage(chosen);
                }}
              />
            </FormField>
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
