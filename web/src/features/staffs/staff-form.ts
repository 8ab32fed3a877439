import type { CreateStaffInput } from '../../../../lambdas/shared/contract/schemas/staff';
import type { StaffFormField } from './staff-form-errors';

/** The add-staff form's values as typed. */
export type StaffFormValues = Record<StaffFormField, string>;

/**
 * How the person gets their first password: `temporary`, the one the administrator
 * typed (the person replaces it at first sign-in); `invitation`, none typed, so the
 * person is mailed one.
 */
export type FirstPassword = 'temporary' | 'invitation';

export function firstPassword(values: Pick<StaffFormValues, 'password'>): FirstPassword {
  return values.password === '' ? 'invitation' : 'temporary';
}

/**
 * What the form sends (`POST /api/staff`, read by its schema): without a password when
 * none was typed (an invitation is then mailed in `language`).
 */
export function staffFormInput(values: StaffFormValues): unknown {
  if (firstPassword(values) === 'temporary') return values;
  const { name, email, role, language } = values;
  return { name, email, role, language };
}

/** What the toast after the save says happened, and to whom. */
export function staffCreatedMessage(
  input: Pick<CreateStaffInput, 'password'>,
): 'addStaff.createdTemporary' | 'addStaff.createdInvited' {
  return input.password === undefined ? 'addStaff.createdInvited' : 'addStaff.createdTemporary';
}
