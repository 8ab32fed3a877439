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
    idTokenValidityMinutes: 60,
    accessTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
} as const;
