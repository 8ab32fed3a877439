import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';

type PasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** The form's state (from `useSchemaForm`), holding at least the two password fields. */
  form: {
    values: Record<PasswordField, string>;
    errorText: (field: PasswordField) => string | undefined;
    setValue: (field: PasswordField, value: string) => void;
  };
  /** `field` of the form's `useFieldFocus`, so a submit can focus either input. */
  fieldRef: (field: PasswordField) => (instance: InputProps.Ref | null) => void;
  /** The labels, and the password rules shown under the first field (`password.rules`). */
  labels: { password: string; confirm: string; rules: string };
  testIds: { password: string; confirm: string };
  /** Whether the new password is the form's first field. */
  autoFocus?: boolean;
}

/**
 * A new password (with the password rules as its hint) and the same password again,
 * as the browser's password manager expects them.
 */
export function NewPasswordFields({
  form,
  fieldRef,
  labels,
  testIds,
  autoFocus,
}: NewPasswordFieldsProps) {
  const passwordError = form.errorText('password');
  const confirmError = form.errorText('confirmPassword');
  return (
    <>
      <FormField
        label={labels.password}
        constraintText={labels.rules}
        errorText={passwordError}
        stretch
      >
        <Input
          ref={fieldRef('password')}
          data-testid={testIds.password}
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus={autoFocus}
          value={form.values.password}
          invalid={Boolean(passwordError)}
          onChange={({ detail }) => form.setValue('password', detail.value)}
        />
      </FormField>
      <FormField label={labels.confirm} errorText={confirmError} stretch>
        <Input
          ref={fieldRef('confirmPassword')}
          data-testid={testIds.confirm}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          invalid={Boolean(confirmError)}
          onChange={({ detail }) => form.setValue('confirmPassword', detail.value)}
        />
      </FormField>
    </>
  );
}
