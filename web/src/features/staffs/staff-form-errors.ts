import type { ApiError } from '../../lib/api-client';

export type StaffFormField = 'name' | 'email' | 'password' | 'role';

const formFields: readonly string[] = ['name', 'email', 'password', 'role'];

/**
 * Where the API's refusal of a new account is shown: field messages on their fields
 * (a taken email arrives as 409 with `fields.email`), anything else (and fields the
 * form does not have) as the form's message.
 */
export function staffFormFailure(error: ApiError): {
  fields: Partial<Record<StaffFormField, string>>;
  message?: string;
} {
  const fields: Partial<Record<StaffFormField, string>> = {};
  const others: string[] = [];
  for (const [path, text] of Object.entries(error.fields)) {
    if (formFields.includes(path)) fields[path as StaffFormField] = text;
    else others.push(text);
  }
  const hasFields = Object.keys(fields).length > 0;
  if (error.code === 'already-exists' && !hasFields) fields.email = error.message;
  // With every problem on a field, the fields say it all.
  const message =
    Object.keys(fields).length > 0 && others.length === 0
      ? undefined
      : [error.message, ...others].join(' ');
  return { fields, message };
}
