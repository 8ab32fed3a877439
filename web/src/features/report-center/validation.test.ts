import { describe, expect, it } from 'vitest';
import { checkReportRequest } from './validation';

const valid = {
  serialNumber: ' AV-2024-000123 ',
  email: 'visitor@example.com',
  consent: true,
  language: 'en',
};

describe('checkReportRequest (the shared schema, as the form shows it)', () => {
  it('asks for both fields when they are empty', () => {
    expect(checkReportRequest({ ...valid, serialNumber: '  ', email: '' })).toEqual({
      success: false,
      fields: {
        serialNumber: { key: 'validation.required' },
        email: { key: 'validation.required' },
      },
    });
  });

  it('says when the email is not one', () => {
    expect(checkReportRequest({ ...valid, email: 'not-an-email' })).toEqual({
      success: false,
      fields: { email: { key: 'validation.email' } },
    });
  });

  it('refuses without consent', () => {
    expect(checkReportRequest({ ...valid, consent: false })).toEqual({
      success: false,
      fields: { consent: { key: 'validation.consent' } },
    });
  });

  it('gives what the API takes: trimmed, with consent and language', () => {
    expect(checkReportRequest(valid)).toEqual({
      success: true,
      data: { ...valid, serialNumber: 'AV-2024-000123', consent: true },
    });
  });
});
