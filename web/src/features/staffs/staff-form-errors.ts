import type { ApiError } from '../../lib/api-client';
import { formFailure, type FormFailure } from '../../lib/form-failure';

export type StaffFormField = 'name' | 'email' | 'password' | 'role';

const formFields: readonly StaffFormField[] = ['name', 'email', 'password', 'role'];

/**
 * Where the API's refusal of a new account is shown: field messages on their fields
 * (a taken email arrives as 409 with `fields.email`), anything else (and fields the
 * form does not have) as the form's message.
 */
export function staffFormFailure(error: ApiError): FormFailure<StaffFormField> {
  return formFailure(error, formFields, 'email');
}
