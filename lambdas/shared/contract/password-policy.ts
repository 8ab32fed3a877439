/**
 * Password rules, the same as the user pool's (lib/auth-definition.ts builds the pool
 * from these), so a form refuses what Cognito would refuse, with a clearer message.
 * A module of its own, without zod, so a page can name the rules (the sign-in page's
 * hint) without loading the schemas.
 */
export const passwordPolicy = {
  minLength: 12,
  maxLength: 256,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/**
 * How long a temporary password (typed by an admin, or mailed in an invitation) stays
 * usable for the first sign-in. The user pool's `TemporaryPasswordValidityDays` (7, as
 * lib/auth-definition.ts gives CDK and the local stack); the staff list shows an older
 * invitation as expired.
 */
export const temporaryPasswordValidityDays = 7;
