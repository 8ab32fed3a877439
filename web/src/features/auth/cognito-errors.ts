import { codeMailLimitReason } from '../../../../lambdas/shared/contract/code-mail';
import type { TranslationKey } from '../../i18n/types';

/** The name of an error Amplify threw: Cognito's exception name, or Amplify's own. */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** No answer from Cognito at all: Amplify's `NetworkError`, or fetch's own TypeError. */
export function isNetworkError(error: unknown): boolean {
  return errorName(error) === 'NetworkError' || error instanceof TypeError;
}

const throttlingErrors = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'TooManyFailedAttemptsException',
]);

/**
 * Cognito, or the product's message trigger, asks the person to wait: its throttling
 * errors, or a mail refused because its recipient had its quota of code mails.
 */
export function isThrottlingError(error: unknown): boolean {
  const name = errorName(error);
  if (name === 'UserLambdaValidationException') {
    return error instanceof Error && error.message.includes(codeMailLimitReason);
  }
  return name !== undefined && throttlingErrors.has(name);
}

/** The message for a Cognito failure no flow handles specially. */
export function genericFailureMessageKey(error: unknown): TranslationKey {
  if (isNetworkError(error)) return 'errors.connectionFailed';
  if (isThrottlingError(error)) return 'errors.resource-exhausted';
  return 'errors.internal';
}
