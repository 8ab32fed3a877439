export type StaffFormField = 'name' | 'email' | 'role' | 'password' | 'language';

/** The new-account form's fields in page order: the first one with a message gets the focus. */
export const staffFormFields: readonly StaffFormField[] = [
  'name',
  'email',
  'role',
  'password',
  'language',
];

/**
 * Where a 409 `already-exists` without field details shows: the email, the account's
 * unique value. Field messages go on their fields; anything else (and fields the form
 * does not have) becomes the form's message (`formFailure`, used by `useRecordFormSubmit`).
 */
export const staffConflictField: StaffFormField = 'email';
