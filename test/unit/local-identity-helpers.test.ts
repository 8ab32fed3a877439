import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword } from '../../bin/local/cognito-admin';
import { passwordPolicyViolation } from '../../bin/local/cognito';
import {
  temporaryPasswordExpiresAt,
  temporaryPasswordSetAt,
} from '../../bin/local/cognito-sign-in';
import { defaultAdmin } from '../../bin/local/settings';
import { totpSecretProblem, totpSetupUri } from '../../bin/local/totp';
import { userPoolDefinition } from '../../lib/auth-definition';

const { passwordPolicy } = userPoolDefinition;
/** The pool's policy as the local pool stores it (bin/local/provision.ts). */
const storedPolicy = {
  MinimumLength: passwordPolicy.minLength,
  RequireLowercase: passwordPolicy.requireLowercase,
  RequireUppercase: passwordPolicy.requireUppercase,
  RequireNumbers: passwordPolicy.requireDigits,
  RequireSymbols: passwordPolicy.requireSymbols,
};

describe('generated temporary passwords (AdminCreateUser without one)', () => {
  it('always pass the pool policy, differ, and hold nothing a mail or a replacement changes', () => {
    const made = Array.from({ length: 300 }, () => generateTemporaryPassword(storedPolicy));
    for (const password of made) {
      expect(passwordPolicyViolation(password, storedPolicy), password).toBeUndefined();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).not.toMatch(/[<>&"'$\s]/);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('are as long as a longer policy minimum', () => {
    expect(generateTemporaryPassword({ MinimumLength: 20 })).toHaveLength(20);
  });
});

describe('temporary password validity', () => {
  const day = 24 * 60 * 60 * 1000;
  const pool = { options: { Policies: { PasswordPolicy: { TemporaryPasswordValidityDays: 7 } } } };

  it('counts from when the password was set, the pool validity long', () => {
    expect(temporaryPasswordExpiresAt({ [temporaryPasswordSetAt]: 1_000 }, pool)).toBe(
      1_000 + 7 * day,
    );
  });

  it("counts from the account's creation when the time was never kept, with the definition's validity", () => {
    const created = '2026-03-01T00:00:00.000Z';
    expect(temporaryPasswordExpiresAt({ UserCreateDate: created }, { options: {} })).toBe(
      Date.parse(created) + userPoolDefinition.tempPasswordValidityDays * day,
    );
  });
});

describe('ADMIN_TOTP_SECRET', () => {
  it('accepts the default and other base32 secrets of whole bytes from 16 bytes', () => {
    expect(totpSecretProblem(defaultAdmin.totpSecret)).toBeUndefined();
    expect(totpSecretProblem('JBSWY3DPEHPK3PXPJBSWY3DPEA')).toBeUndefined();
    expect(totpSecretProblem('A'.repeat(40))).toBeUndefined();
  });

  it.each([
    ['too short (otplib refuses under 16 bytes)', 'JBSWY3DPEHPK3PXP', /at least 26/],
    ['not base32', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PX1', /base32/],
    ['lower case', defaultAdmin.totpSecret.toLowerCase(), /base32/],
    ['padded', `${defaultAdmin.totpSecret}======`, /base32/],
    ['not a whole number of bytes', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3', /not a usable secret/],
    ['over 64 bytes', 'A'.repeat(120), /not a usable secret/],
  ])('refuses one %s', (_, secret, reason) => {
    expect(totpSecretProblem(secret)).toMatch(reason);
  });

  it('has the otpauth:// link an authenticator app reads', () => {
    expect(totpSetupUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'admin+ops@example.com')).toBe(
      'otpauth://totp/Test%20Report%20Center:admin%2Bops%40example.com' +
        '?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Test%20Report%20Center' +
        '&algorithm=SHA1&digits=6&period=30',
    );
  });
});
