import {
  codeForStatusPreference,
  errorCodes,
  errorStatus,
  type ErrorBody,
  type ErrorCode,
  type ErrorMessageRef,
} from '../../../lambdas/shared/contract/error-codes';

/** A catalogue entry an error answer names: `{ messageKey, params? }`. */
export type MessageRefBody = ErrorMessageRef;

/**
 * Reading the API's error answers, without the signed-in client's dependencies
 * (Amplify): the back-office client and the public Test Report Center share it.
 */

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as string[]).includes(value);
}

/** Whether an answer's body is the standard `{ error: { code, message, messageKey, ... } }`. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && isErrorCode((error as { code?: unknown }).code)
  );
}

/** The code for a status when the body is not the standard one (e.g. a proxy's error page). */
export function codeForStatus(status: number): ErrorCode {
  const preferred = codeForStatusPreference[status];
  if (preferred) return preferred;
  const match = errorCodes.find((code) => errorStatus[code] === status);
  if (match) return match;
  return status >= 500 ? 'internal' : 'invalid-argument';
}

/** The body of an answer as JSON; `undefined` when it is empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
