import { fetchAuthSession } from 'aws-amplify/auth';
import type { ApiTable } from '../../../lambdas/shared/contract/api-spec';
import type { ErrorBody, ErrorCode } from '../../../lambdas/shared/contract/error-codes';
import type { MessageKey } from '../../../lambdas/shared/contract/messages';
import { i18n } from '../i18n';
import { codeForStatus, isErrorBody, readJson, type MessageRefBody } from './api-errors';
import {
  answerSchema,
  type AnswerReader,
  routeMethod,
  routePath,
  type RouteAnswer,
  type RouteInput,
} from './api-routes';
import { loadingProgress } from './loading-progress';
import {
  requestTimeoutMs,
  retryableStatuses,
  retryDelayMs,
  retryPolicy,
  sleep,
  waitUntilOnline,
} from './network';

/**
 * A standard error code; `network` when no answer arrived at all, `timeout` when none
 * arrived within {@link requestTimeoutMs}.
 */
export type ApiErrorCode = ErrorCode | 'network' | 'timeout';

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
    /** The catalogue entry of `message` (e.g. `errors.lastAdmin`), when known. */
    readonly messageKey?: MessageKey,
    /** The answer's `params` (a refused file's `problems` and `listed` counts). */
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
  }
}

type UnauthenticatedListener = () => void;
let unauthenticatedListener: UnauthenticatedListener | undefined;

/**
 * Registers what happens when the API answers 401 (the session is gone or no longer
 * accepted): the auth provider signs the user out locally, and the route guard then
 * sends them to /login with the current page as `to`. Returns the unregister function.
 */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListener = listener;
  return () => {
    if (unauthenticatedListener === listener) unauthenticatedListener = undefined;
  };
}

type SecondFactorListener = () => void;
let secondFactorListener: SecondFactorListener | undefined;

/**
 * Registers what happens when the API refuses an admin's call for want of a second factor
 * (403 `errors.secondFactorRequired`): the auth provider reads the account again and the
 * route guard takes the admin to set up the authenticator app or to sign in with it.
 * Returns the unregister function.
 */
export function onSecondFactorRequired(listener: SecondFactorListener): () => void {
  secondFactorListener = listener;
  return () => {
    if (secondFactorListener === listener) secondFactorListener = undefined;
  };
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as it is with its content type, instead of a JSON `body` (e.g. a CSV upload); a
   * chosen file goes as its bytes, so the server reads (and names) what is not UTF-8.
   */
  text?: { content: string | Blob; contentType: string };
  /** Added to the path as a query string; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * How long to wait for the answer, for a route that may take longer than
   * {@link requestTimeoutMs} (a catalogue import).
   * @default requestTimeoutMs
   */
  timeoutMs?: number;
  /**
   * The ID token to send instead of the session's: one just obtained for a single call
   * that needs a recent sign-in (turning the authenticator app off).
   * @default the signed-in session's ID token
   */
  idToken?: string;
}

export { codeForStatus };

/**
 * The catalogue entry an error answer names (`messageKey`, e.g. `errors.lastAdmin`), when
 * this app knows it; else the entry of its code.
 */
export function errorMessageKey(code: ErrorCode, messageKey: unknown): MessageKey {
  return typeof messageKey === 'string' && i18n.exists(messageKey)
    ? (messageKey as MessageKey)
    : `errors.${code}`;
}

/**
 * The field messages of an error answer in the current language, from the catalogue
 * entries the answer names; a field whose entry this app does not know keeps the
 * answer's English text.
 */
function translateFields(
  fields: Record<string, string> | undefined,
  refs: Record<string, MessageRefBody> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([path, text]) => {
      const ref = refs && Object.hasOwn(refs, path) ? refs[path] : undefined;
      return [
        path,
        ref && i18n.exists(ref.messageKey)
          ? i18n.t(ref.messageKey as MessageKey, ref.params ?? {})
          : text,
      ];
    }),
  );
}

/**
 * The signed-in user's ID token, refreshed by Amplify when expired; none when nobody
 * is signed in. A refresh that fails for a passing reason (network) fails the call as
 * a connection problem rather than sending it without a token, which would end the
 * session for a blip.
 */
async function idToken(): Promise<string | undefined> {
  try {
    return (await fetchAuthSession()).tokens?.idToken?.toString();
  } catch {
    throw new ApiError('network', i18n.t('errors.connectionFailed'), 0);
  }
}

type Method = NonNullable<ApiRequestOptions['method']>;
/** A request body ready to send. */
type Payload = NonNullable<ApiRequestOptions['text']>;

const networkError = () => new ApiError('network', i18n.t('errors.connectionFailed'), 0);
const timeoutError = () => new ApiError('timeout', i18n.t('errors.requestTimeout'), 0);

/**
 * One attempt: the request with the current token, aborted after
 * {@link requestTimeoutMs}. Resolves with the answer; rejects with an {@link ApiError}
 * (`network`, `timeout`) or, when the caller cancelled, with the caller's reason.
 */
async function attempt(
  url: string,
  method: Method,
  body: Payload | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  givenToken: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = givenToken ?? (await idToken());
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = body.contentType;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signals = signal ? [signal, timeout.signal] : [timeout.signal];
  try {
    return await fetch(url, {
      method,
      headers,
      body: body?.content,
      signal: AbortSignal.any(signals),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw timeout.signal.aborted ? timeoutError() : networkError();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a request; a GET that meets a network failure or a 429/503/504 is tried again
 * after 1 s, 1.5 s, 2.25 s ({@link retryPolicy}), and waits for the browser to be
 * online first. Writes are sent once: repeating one could apply it twice.
 */
async function send(
  url: string,
  method: Method,
  body: Payload | undefined,
  signal: AbortSignal | undefined,
  timeoutMs = requestTimeoutMs,
  givenToken?: string,
): Promise<Response> {
  const retries = method === 'GET' ? retryPolicy.maxAttempts - 1 : 0;
  for (let retry = 0; ; retry += 1) {
    if (method === 'GET') await waitUntilOnline(signal);
    let retryable: boolean;
    try {
      const response = await attempt(url, method, body, signal, timeoutMs, givenToken);
      retryable = retryableStatuses.has(response.status);
      if (!retryable || retry >= retries) return response;
    } catch (error) {
      retryable = error instanceof ApiError && error.code === 'network';
      if (!retryable || retry >= retries) throw error;
    }
    await sleep(retryDelayMs(retry + 1), signal);
  }
}

/**
 * Calls the API: adds the signed-in user's ID token, sends and reads JSON, and turns
 * every failure into an {@link ApiError} carrying the catalogue message. The top
 * loading bar runs while the call is under way.
 */
export function apiRequest<T>(path: `/api/${string}`, options: ApiRequestOptions = {}): Promise<T> {
  return loadingProgress.track(request<T>(path, options));
}

async function request<T>(
  path: `/api/${string}`,
  { method = 'GET', body, text, query, signal, timeoutMs, idToken: token }: ApiRequestOptions,
): Promise<T> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const url = search.size ? `${path}?${search}` : path;

  const sent =
    text ??
    (body === undefined
      ? undefined
      : { content: JSON.stringify(body), contentType: 'application/json' });
  const response = await send(url, method, sent, signal, timeoutMs, token);
  const payload = await readJson(response);
  if (response.ok) return payload as T;
  throw failure(response, payload);
}

/**
 * The {@link ApiError} of a standard error body's `error`, in the current language: a failed
 * answer's (with its HTTP status), or one an answer carries (an import's outcome).
 */
export function apiErrorOf(error: ErrorBody['error'], status: number): ApiError {
  const { code, messageKey: named, params, fields, fieldMessages, correlationId } = error;
  const messageKey = errorMessageKey(code, named);
  return new ApiError(
    code,
    i18n.t(messageKey, messageKey === named ? (params ?? {}) : {}),
    status,
    translateFields(fields, fieldMessages),
    correlationId,
    messageKey,
    params ?? {},
  );
}

/** The {@link ApiError} of a failed answer (its JSON body already read). */
function failure(response: Response, payload: unknown): ApiError {
  // Whatever the body says (API Gateway's own answer is `{"message":"Unauthorized"}`).
  if (response.status === 401) {
    unauthenticatedListener?.();
    return new ApiError('unauthenticated', i18n.t('errors.unauthenticated'), 401);
  }

  if (isErrorBody(payload)) {
    if (response.status === 403 && payload.error.messageKey === 'errors.secondFactorRequired') {
      secondFactorListener?.();
    }
    return apiErrorOf(payload.error, response.status);
  }
  const code = codeForStatus(response.status);
  return new ApiError(
    code,
    i18n.t(`errors.${code}`),
    response.status,
    {},
    undefined,
    `errors.${code}`,
  );
}

/**
 * GETs a file (a PDF) the way {@link apiRequest} calls the API: the token, the retries and
 * the same errors; answers the bytes and the answer's headers.
 */
export async function apiDownload(
  path: `/api/${string}`,
  { query, signal }: Pick<ApiRequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const response = await loadingProgress.track(
    send(search.size ? `${path}?${search}` : path, 'GET', undefined, signal),
  );
  if (response.ok) return { blob: await response.blob(), headers: response.headers };
  throw failure(response, await readJson(response));
}

/**
 * Checks an answer's shape with its schema. An answer of the wrong shape is a defect
 * on our side, reported to the user as such (`internal`), never shown half-read.
 */
export function parseAnswer<T>(schema: AnswerReader<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError('internal', i18n.t('errors.internal'), 200);
}

/**
 * Calls a route of the API's contract (`api(productApi, 'GET /api/products/{id}', { params:
 * { id } })`): builds its path and query string, sends the token and the body, and reads
 * the answer with the route's answer schema, every failure an {@link ApiError} as with
 * {@link apiRequest}.
 */
export async function api<T extends ApiTable, K extends keyof T & string>(
  table: T,
  key: K,
  input: RouteInput<T[K]>,
): Promise<RouteAnswer<T[K]>> {
  const { params, query, body, text, signal, timeoutMs } = input as {
    params?: Record<string, unknown>;
    query?: ApiRequestOptions['query'];
    body?: unknown;
    text?: ApiRequestOptions['text'];
    signal?: AbortSignal;
    timeoutMs?: number;
  };
  const answer = await apiRequest<unknown>(routePath(key, params) as `/api/${string}`, {
    method: routeMethod(key),
    query,
    body,
    text,
    signal,
    timeoutMs,
  });
  const schema = answerSchema(table, key);
  return schema ? parseAnswer(schema, answer) : (undefined as RouteAnswer<T[K]>);
}

/** The reader of a route's answer, for {@link useApiQuery} (made once, at module level). */
export function answerParser<T extends ApiTable, K extends keyof T & string>(
  table: T,
  key: K,
): (body: unknown) => RouteAnswer<T[K]> {
  const schema = answerSchema(table, key);
  if (!schema) throw new Error(`${key} answers no JSON`);
  return (body) => parseAnswer(schema, body);
}
