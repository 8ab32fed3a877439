import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { formFailure } from '../../lib/form-failure';
import { staffConflictField, staffFormFields } from './staff-form-errors';

/** Where the add-staff form (through `useRecordFormSubmit`) shows the API's refusal. */
const staffFormFailure = (error: ApiError) =>
  formFailure(error, staffFormFields, staffConflictField);

describe('the add-staff form’s failures', () => {
  it('puts a taken email on the email field', () => {
    const error = new ApiError('already-exists', 'This item already exists.', 409, {
      email: 'An account with this email already exists',
    });
    expect(staffFormFailure(error)).toEqual({
      fields: { email: 'An account with this email already exists' },
      message: undefined,
    });
  });

  it('puts a 409 without field details on the email field too', () => {
    const error = new ApiError('already-exists', 'An account with this email already exists', 409);
    expect(staffFormFailure(error).fields).toEqual({
      email: 'An account with this email already exists',
    });
  });

  it('maps 400 field messages to the form fields and keeps the rest for the form', () => {
    const error = new ApiError('invalid-argument', 'Check the highlighted fields.', 400, {
      name: 'This field is required',
      password: 'The password must contain a digit',
      extra: 'This field is not allowed',
    });
    expect(staffFormFailure(error)).toEqual({
      fields: { name: 'This field is required', password: 'The password must contain a digit' },
      message: 'Check the highlighted fields. This field is not allowed',
    });
  });

  it('shows other failures as the form message', () => {
    const error = new ApiError('network', 'Connection failed.', 0);
    expect(staffFormFailure(error)).toEqual({ fields: {}, message: 'Connection failed.' });
  });
});
