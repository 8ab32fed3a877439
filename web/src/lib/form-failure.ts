import type { ApiError } from './api-client';

/** Where an API refusal of a form shows: messages per field, and one for the form. */
export interface FormFailure<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** Undefined when the field messages say it all. */
  message?: string;
}

/**
 * Splits the API's refusal of a form: field messages go on the form's fields;
 * anything else (and messages for fields the form does not have) becomes the form's
 * message. A 409 `already-exists` without field details goes on `conflictField`
 * (the unique value: an email, a product name, a starting serial).
 */
export function formFailure<Field extends string>(
  error: ApiError,
  formFields: readonly Field[],
  conflictField?: Field,
): FormFailure<Field> {
  const fields: Partial<Record<Field, string>> = {};
  const others: string[] = [];
  for (const [path, text] of Object.entries(error.fields)) {
    if ((formFields as readonly string[]).includes(path)) fields[path as Field] = text;
    else others.push(text);
  }
  const hasFields = Object.keys(fields).length > 0;
  if (error.code === 'already-exists' && !hasFields && conflictField) {
    fields[conflictField] = error.message;
  }
  // With every problem on a field, the fields say it all.
  const message =
    Object.keys(fields).length > 0 && others.length === 0
      ? undefined
      : [error.message, ...others].join(' ');
  return { fields, message };
}
