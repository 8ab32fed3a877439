/**
 * The standard error codes of the API contract and their HTTP statuses: every code of
 * the specification (Google's canonical codes, written in kebab case) plus
 * `payload-too-large`, which the product answers for bodies over its limit.
 * Shared by the handlers (to answer) and the web app (to translate).
 *
 * Several codes share a status (400, 409, 500); {@link codeForStatusPreference} says
 * which one a bare status (e.g. a proxy's error page) stands for.
 */
export const errorStatus = {
  'invalid-argument': 400,
  'failed-precondition': 400,
  'out-of-range': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'payload-too-large': 413,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unknown: 500,
  'data-loss': 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/**
 * The code a status alone stands for, where several codes share it: a 409 without the
 * standard body is a conflict with another writer (`aborted`), as the specification
 * maps it; 400 and 500 take their most general code.
 */
export const codeForStatusPreference: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid-argument',
  409: 'aborted',
  500: 'internal',
};

/** A catalogue message by its key, with the values of its `{{placeholders}}`. */
export interface ErrorMessageRef {
  messageKey: string;
  params?: Record<string, string | number>;
}

/**
 * The body of every error answer: `{ error: { code, message, messageKey, params?,
 * fields?, fieldMessages? } }`. `message` and `fields` are the English texts; `messageKey`
 * (and `fieldMessages`) name the catalogue entries they come from, with their `params`, so
 * a client shows them in its own language without reading the English.
 */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    messageKey: string;
    params?: Record<string, string | number>;
    /** Field name -> catalogue message, for `invalid-argument`. */
    fields?: Record<string, string>;
    /** Field name -> the catalogue entry of its message. */
    fieldMessages?: Record<string, ErrorMessageRef>;
    /** Present on `internal` errors so a report can be matched to the logs. */
    correlationId?: string;
  };
}
