import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isRole } from '../../../../../lambdas/shared/contract/roles';
import {
  createStaffSchema,
  type CreateStaffInput,
} from '../../../../../lambdas/shared/contract/schemas/staff';
import { RouterButton } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { isLanguage } from '../../../i18n/languages';
import { useLanguage } from '../../../i18n/use-language';
import { usePasswordRulesHint } from '../../../lib/password-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useRecordFormSubmit } from '../../../lib/use-record-form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import { createStaff } from '../api';
import { MailLanguageSelect } from '../components/mail-language-select';
import { RoleSelect } from '../components/role-select';
import { staffConflictField, staffFormFields, type StaffFormField } from '../staff-form-errors';
import { firstPassword, staffCreatedMessage, staffFormInput } from '../staff-form';

/**
 * An administrator creates an account with its role. Its first password is a temporary
 * one: typed here (the person replaces it at first sign-in), or, left empty, mailed to
 * the person in an invitation, in the language chosen.
 */
export default function AddStaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { language } = useLanguage();
  const rulesHint = usePasswordRulesHint();
  const form = useSchemaForm<CreateStaffInput, StaffFormField>(
    createStaffSchema,
    { name: '', email: '', role: 'staff', password: '', language },
    staffFormInput,
  );
  const { field: inputRef, focus } = useFieldFocus<StaffFormField>();
  const { submitting, formError, handleSubmit } = useRecordFormSubmit({
    form,
    formFields: staffFormFields,
    conflictField: staffConflictField,
    focus,
    onSave: async (fields) => {
      await createStaff(fields);
      showToast({
        type: 'success',
        content: t(staffCreatedMessage(fields), {
          email: fields.email,
          language: t(`language.${fields.language}`),
        }),
      });
      void navigate(paths.staffs);
    },
  });
  useDocumentTitle(t('addStaff.pageTitle'));

  const invitation = firstPassword(form.values) === 'invitation';
  const errors = {
    name: form.errorText('name'),
    email: form.errorText('email'),
    role: form.errorText('role'),
    password: form.errorText('password'),
    language: form.errorText('language'),
  };
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('addStaff.description')}>
          {t('addStaff.title')}
        </Header>
      }
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="staff-form">
        <Form
          errorText={formError && <Alert type="error">{formError}</Alert>}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RouterButton to={paths.staffs} variant="link" data-testid="staff-cancel">
                {t('addStaff.cancel')}
              </RouterButton>
              <Button
                variant="primary"
                formAction="submit"
                loading={submitting}
                data-testid="staff-submit"
              >
                {t('addStaff.submit')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">{t('addStaff.details')}</Header>}>
              <SpaceBetween size="l">
                <FormField label={t('addStaff.name')} errorText={errors.name}>
                  <Input
                    ref={inputRef('name')}
                    data-testid="staff-name"
                    name="name"
                    autoComplete="off"
                    autoFocus
                    value={form.values.name}
                    invalid={Boolean(errors.name)}
                    onChange={({ detail }) => form.setValue('name', detail.value)}
                  />
                </FormField>
                <FormField label={t('addStaff.email')} errorText={errors.email}>
                  <Input
                    ref={inputRef('email')}
                    data-testid="staff-email"
                    type="email"
                    inputMode="email"
                    name="email"
                    autoComplete="off"
                    spellcheck={false}
                    value={form.values.email}
                    invalid={Boolean(errors.email)}
                    onChange={({ detail }) => form.setValue('email', detail.value)}
                  />
                </FormField>
                <FormField label={t('addStaff.role')} errorText={errors.role}>
                  <RoleSelect
                    value={isRole(form.values.role) ? form.values.role : 'staff'}
                    onChange={(role) => form.setValue('role', role)}
                    invalid={Boolean(errors.role)}
                    data-testid="staff-role"
                  />
                </FormField>
              </SpaceBetween>
            </Container>
            <Container
              header={
                <Header variant="h2" description={t('addStaff.firstSignIn.description')}>
                  {t('addStaff.firstSignIn.title')}
                </Header>
              }
            >
              <SpaceBetween size="l">
                <FormField
                  label={
                    <>
                      {t('addStaff.password')} <i>{t('addStaff.optional')}</i>
                    </>
                  }
                  description={t('addStaff.passwordHint')}
                  constraintText={rulesHint}
                  errorText={errors.password}
                >
                  <Input
                    ref={inputRef('password')}
                    data-testid="staff-password"
                    type="password"
                    name="new-password"
                    autoComplete="new-password"
                    value={form.values.password}
                    invalid={Boolean(errors.password)}
                    onChange={({ detail }) => form.setValue('password', detail.value)}
                  />
                </FormField>
                {invitation && (
                  <FormField
                    label={t('addStaff.mailLanguage')}
                    description={t('addStaff.mailLanguageHint')}
                    errorText={errors.language}
                  >
                    <MailLanguageSelect
                      value={isLanguage(form.values.language) ? form.values.language : language}
                      onChange={(chosen) => form.setValue('language', chosen)}
                      data-testid="staff-language"
                    />
                  </FormField>
                )}
                <Box variant="p" color="text-body-secondary" data-testid="staff-first-sign-in">
                  {t(invitation ? 'addStaff.willInvite' : 'addStaff.willUseTemporary')}
                </Box>
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
