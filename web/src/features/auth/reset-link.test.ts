import { describe, expect, it } from 'vitest';
import { readResetLink } from './reset-link';

describe('readResetLink', () => {
  it('reads the email and code of the emailed link', () => {
    expect(readResetLink('?email=ann%2Btest%40example.com&code=123456')).toEqual({
      email: 'ann+test@example.com',
      code: '123456',
    });
  });

  it('reads a `+` the link left unencoded', () => {
    expect(readResetLink('?email=ann+test@example.com&code=1')?.email).toBe('ann+test@example.com');
  });

  it('refuses a link with a missing or broken part', () => {
    expect(readResetLink('')).toBeUndefined();
    expect(readResetLink('?email=ann%40example.com')).toBeUndefined();
    expect(readResetLink('?code=123456')).toBeUndefined();
    expect(readResetLink('?email=not-an-email&code=123456')).toBeUndefined();
    expect(readResetLink('?email=ann%40example.com&code=')).toBeUndefined();
    expect(readResetLink(`?email=ann%40example.com&code=${'9'.repeat(33)}`)).toBeUndefined();
  });
});
