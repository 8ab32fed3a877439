import { temporaryPasswordValidityDays } from '../lambdas/shared/contract/password-policy';
import { passwordPolicy } from '../lambdas/shared/contract/schemas/auth';

/**
 * The user pool's definition, used by CDK (lib/constructs/auth.ts) and by the local
 * set-up (bin/local/provision.ts), so cognito-local gets the same attributes,
 * password rules and client flows as AWS.
 */
export const userPoolDefinition = {
  /** Custom attributes; Cognito prefixes them with `custom:` in tokens. */
  customAttributes: {
    // Schema attributes cannot change after creation: the bounds leave room for roles.
    role: { type: 'String', mutable: true, minLength: 1, maxLength: 32 },
  },
  /**
   * A changed email replaces the old one (the sign-in name) only once the new one is
   * verified with the code Cognito mails to it (CDK `keepOriginal`, the API's
   * `AttributesRequireVerificationBeforeUpdate`).
   */
  verifyBeforeUpdate: ['email'],
  /**
   * Standard attributes every account has (CDK `standardAttributes`, `required`): Cognito
   * refuses to delete them ("Required attribute cannot be deleted").
   */
  requiredAttributes: ['email'],
  /**
   * Multi-factor sign-in: optional per account (TOTP only), so each person turns it on from
   * their account page; admins must (the API refuses admin routes without it,
   * docs/access-control.md). `ON` would force every account and ask through the MFA_SETUP
   * challenge, which the web app and cognito-local do not use.
   */
  mfa: 'OPTIONAL',
  /**
   * How long a temporary password (typed by an admin or mailed in an invitation) stays
   * usable before its first sign-in: Cognito then refuses it and an admin resends the
   * invitation. CDK's `tempPasswordValidity`; the local stack checks it too.
   */
  tempPasswordValidityDays: temporaryPasswordValidityDays,
  /** The same rules the forms check (lambdas/shared/contract/schemas/auth.ts). */
  passwordPolicy: {
    minLength: passwordPolicy.minLength,
    requireLowercase: passwordPolicy.requireLowercase,
    requireUppercase: passwordPolicy.requireUppercase,
    requireDigits: passwordPolicy.requireDigits,
    requireSymbols: passwordPolicy.requireSymbols,
  },
  client: {
    /** SRP does not run against cognito-local; password auth over TLS in AWS. */
    authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    /** Attributes the app client may read (Cognito names). */
    readAttributes: ['email', 'email_verified', 'name', 'custom:role'],
    /**
     * Attributes a user may write through the app client (sign-up, their own profile).
     * Never `custom:role`: roles are granted by admins only. The local stack refuses every
     * other attribute write as Cognito does (bin/local/cognito.ts).
     */
    writeAttributes: ['email', 'name'],
    idTokenValidityMinutes: 60,
    accessTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
} as const;
