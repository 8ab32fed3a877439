import { errorName } from './cognito-errors';

/**
 * Refresh failures that mean the session is over (Amplify clears the tokens for the
 * same list): an expired or revoked refresh token, a deleted, disabled or reset account.
 * Network and service errors are not among them: the session survives those.
 */
const sessionEndingErrors = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

export function isSessionEndingError(error: unknown): boolean {
  const name = errorName(error) ?? (error as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && sessionEndingErrors.some((prefix) => name.startsWith(prefix));
}
