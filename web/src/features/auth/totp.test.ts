import { describe, expect, it } from 'vitest';
import { groupedSecret, isTotpCode, normalizeTotpCode, otpauthUri } from './totp';

describe('otpauthUri', () => {
  it('names the issuer and account and says the code parameters', () => {
    const uri = otpauthUri({
      issuer: 'Test Report Center',
      account: 'admin@example.com',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    expect(uri).toBe(
      'otpauth://totp/Test%20Report%20Center:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Test%20Report%20Center&algorithm=SHA1&digits=6&period=30',
    );
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Test Report Center');
  });

  it('keeps a colon or an ampersand inside the issuer or account from splitting the address', () => {
    const uri = otpauthUri({ issuer: 'A:B & C', account: 'x:y@example.com', secret: 'abcd efgh' });
    expect(uri.startsWith('otpauth://totp/A%3AB%20%26%20C:x%3Ay%40example.com?')).toBe(true);
    const query = new URLSearchParams(uri.split('?')[1]);
    expect(query.get('issuer')).toBe('A:B & C');
    expect(query.get('secret')).toBe('ABCDEFGH');
  });
});

describe('codes and secrets as people type and read them', () => {
  it('accepts six digits, spaces and dashes left out', () => {
    expect(isTotpCode(normalizeTotpCode(' 123 456 '))).toBe(true);
    expect(isTotpCode(normalizeTotpCode('123-456'))).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });

  it('groups the secret by four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});
