import { describe, expect, it } from 'vitest';
import { pageMode, verifyPath } from './page-mode';

describe('pageMode', () => {
  it('is the search form, pre-filled from ?serial= (a nameplate QR code)', () => {
    expect(pageMode('')).toEqual({ kind: 'search', serial: '' });
    expect(pageMode('?serial=AV-2024-000123')).toEqual({
      kind: 'search',
      serial: 'AV-2024-000123',
    });
    expect(pageMode('?serial=%20AV%202024%20')).toEqual({ kind: 'search', serial: 'AV 2024' });
  });

  it('takes no more of a linked serial than the form accepts', () => {
    expect(pageMode(`?serial=${'9'.repeat(500)}`)).toEqual({
      kind: 'search',
      serial: '9'.repeat(64),
    });
  });

  it('verifies a report with ?verify=, whatever the letter case', () => {
    expect(pageMode('?verify=tr-7k3mq-9x2hb')).toEqual({
      kind: 'verify',
      reportNumber: 'TR-7K3MQ-9X2HB',
    });
    expect(pageMode('?serial=AV-1&verify=TR-7K3MQ-9X2HB')).toMatchObject({ kind: 'verify' });
    // Only ASCII letters change case: a look-alike (ſ, ı) must not become a real number.
    expect(pageMode('?verify=tr-7k3mq-9x2h\u017f')).toEqual({
      kind: 'verify',
      reportNumber: 'TR-7K3MQ-9X2H\u017f',
    });
  });

  it("treats an empty ?verify= (a unit's verification link) as a request for the number", () => {
    expect(pageMode('?verify=&serial=AV-1')).toEqual({ kind: 'verify', reportNumber: '' });
    expect(pageMode('?verify=%20')).toEqual({ kind: 'verify', reportNumber: '' });
    expect(pageMode('?serial=AV-1')).toEqual({ kind: 'search', serial: 'AV-1' });
  });

  it('builds the verification address the report page reads back', () => {
    const number = 'TR-7K3MQ-9X2HB';
    expect(verifyPath(number)).toBe('/search?verify=TR-7K3MQ-9X2HB');
    expect(pageMode(new URL(verifyPath('a&b'), 'https://x').search)).toEqual({
      kind: 'verify',
      reportNumber: 'A&B',
    });
  });
});
