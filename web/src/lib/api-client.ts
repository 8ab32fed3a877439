import { fetchAuthSession } from 'aws-amplify/auth';
import {
  errorCodes,
  errorStatus,
  type ErrorBody,
  type ErrorCode,
} from '../../../lambdas/shared/contract/error-codes';
import { i18n } from '../i18n';
import { matchCatalogueText } from './catalogue-text';

/** A standard error code, or `network` when no answer arrived at all. */
export type ApiErrorCode = ErrorCode | 'network';

/** A failed API call, with the message already translated for the current language. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when the request did not reach the server. */
    readonly status: number,
    /** Field path -> translated message, for `invalid-argument`. */
    readonly fields: Record<string, string> = {},
    readonly correlationId?: string,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the path as a query string; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as string[]).includes(value);
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && isErrorCode((error as { code?: unknown }).code)
  );
}

/** The code for a status when the body is not the standard one (e.g. a proxy's error page). */
export function codeForStatus(status: number): ErrorCode {
  const match = errorCodes.find((code) => errorStatus[code] === status);
  if (match) return match;
  return status >= 500 ? 'internal' : 'invalid-argument';
}

/** The API sends field messages in English catalogue text; show them in the current language. */
function translateFields(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([path, text]) => {
      const ref = matchCatalogueText(text);
      return [path, ref ? i18n.t(ref.key, ref.params ?? {}) : text];
    }),
  );
}

async function idToken(): Promise<string | undefined> {
  try {
    // Refreshes expired tokens; resolves without tokens when nobody is signed in.
    return (await fetchAuthSession()).tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API: adds the signed-in user's ID token, sends and reads JSON, and turns
 * every failure into an {@link ApiError} carrying the catalogue message.
 */
export async function apiRequest<T>(
  path: `/api/${string}`,
  { method = 'GET', body, query, signal }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = await idToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const url = search.size ? `${path}?${search}` : path;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw new ApiError('network', i18n.t('errors.connectionFailed'), 0);
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  if (isErrorBody(payload)) {
    const { code, fields, correlationId } = payload.error;
    throw new ApiError(
      code,
      i18n.t(`errors.${code}`),
      response.status,
      translateFields(fields),
      correlationId,
    );
  }
  const code = codeForStatus(response.status);
  throw new ApiError(code, i18n.t(`errors.${code}`), response.status);
}
