import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formFailure } from './form-failure';

const fields = ['name', 'startSerial'] as const;

describe('formFailure', () => {
  it('puts field messages on the fields, with no form message', () => {
    const error = new ApiError('already-exists', 'This item already exists.', 409, {
      startSerial: 'This range overlaps AV-1 – AV-9',
    });
    expect(formFailure(error, fields, 'startSerial')).toEqual({
      fields: { startSerial: 'This range overlaps AV-1 – AV-9' },
      message: undefined,
    });
  });

  it('puts a bare conflict on the conflict field', () => {
    const error = new ApiError('already-exists', 'A product with this name already exists', 409);
    expect(formFailure(error, fields, 'name').fields).toEqual({
      name: 'A product with this name already exists',
    });
    expect(formFailure(error, fields).message).toBe('A product with this name already exists');
  });

  it('keeps messages of unknown fields and other failures for the form', () => {
    const error = new ApiError('invalid-argument', 'Check the fields.', 400, {
      name: 'Required',
      version: 'This field is required',
    });
    expect(formFailure(error, fields)).toEqual({
      fields: { name: 'Required' },
      message: 'Check the fields. This field is required',
    });
    const stale = new ApiError('aborted', 'Someone else changed this item.', 409);
    expect(formFailure(stale, fields, 'name')).toEqual({
      fields: {},
      message: 'Someone else changed this item.',
    });
  });
});
