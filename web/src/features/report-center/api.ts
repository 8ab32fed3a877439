import type { reportRequestApi } from '../../../../lambdas/shared/contract/api/report-requests';
import type { ErrorCode } from '../../../../lambdas/shared/contract/error-codes';
import type {
  CreateReportRequestInput,
  ReportRequestCreated,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { isReportCenterKey, type TextRef } from './i18n';
import { codeForStatus, isErrorBody, readJson, type MessageRefBody } from '../../lib/api-errors';
import { answerSchema, routeUrls, type RouteAnswer } from '../../lib/api-routes';
import { requestTimeoutMs } from '../../lib/network';

/**
 * The Test Report Center's calls to the public report-request API. Deliberately not
 * the back office's client (lib/api-client.ts): that one signs calls with Amplify,
 * which this page must not download. The behaviour a visitor sees is the same: a 15 s
 * time-out, "Connection failed." without an answer, catalogue messages for errors,
 * reads retried on passing failures, writes sent once. Paths and answers come from the
 * routes' contract (contract/api/report-requests.ts).
 */

type ReportRequestApi = typeof reportRequestApi;
export type ReportRequestRoute = keyof ReportRequestApi & string;

/** A route's URL; the contract is a type here (its schemas are not in the page's first load). */
export const reportRequestUrl = routeUrls<ReportRequestApi>();

/**
 * The contract with its answer schemas (zod): loaded with the first answer, in a chunk of
 * its own, never with the page (fetched while the request is under way).
 */
const loadContract = () => import('../../../../lambdas/shared/contract/api/report-requests');

/** A standard error code; `network` when no answer came, `timeout` when none came in time. */
export type ReportCenterErrorCode = ErrorCode | 'network' | 'timeout';

/**
 * A failed call. Messages are catalogue references rather than text, so what is on
 * screen follows a language switch.
 */
export class ReportCenterError extends Error {
  override name = 'ReportCenterError';

  constructor(
    readonly code: ReportCenterErrorCode,
    readonly messageRef: TextRef,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** Field -> message, for `invalid-argument` (fields the catalogue does not know keep their text). */
    readonly fields: Record<string, TextRef | { text: string }> = {},
  ) {
    super(messageRef.key);
  }
}

/** A catalogue entry an answer names, when this page has it. */
function textRef(ref: MessageRefBody | undefined): TextRef | undefined {
  if (!ref || !isReportCenterKey(ref.messageKey)) return undefined;
  return ref.params ? { key: ref.messageKey, params: ref.params } : { key: ref.messageKey };
}

/** The message of an error answer: the entry it names (with its values), else its code's. */
export function errorTextRef(code: ErrorCode, ref: Partial<MessageRefBody>): TextRef {
  return (ref.messageKey && textRef(ref as MessageRefBody)) || { key: `errors.${code}` };
}

function fieldMessages(
  fields: Record<string, string> | undefined,
  refs: Record<string, MessageRefBody> | undefined,
): Record<string, TextRef | { text: string }> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([field, text]) => [
      field,
      textRef(refs && Object.hasOwn(refs, field) ? refs[field] : undefined) ?? { text },
    ]),
  );
}

/** Turns a non-2xx answer into the error a visitor is shown. */
export async function answerError(response: Response): Promise<ReportCenterError> {
  const payload = await readJson(response);
  if (isErrorBody(payload)) {
    const { code, messageKey, params, fields, fieldMessages: refs } = payload.error;
    return new ReportCenterError(
      code,
      errorTextRef(code, { messageKey, params }),
      response.status,
      fieldMessages(fields, refs),
    );
  }
  const code = codeForStatus(response.status);
  return new ReportCenterError(code, { key: `errors.${code}` }, response.status);
}

const networkError = () => new ReportCenterError('network', { key: 'errors.connectionFailed' }, 0);
const timeoutError = () => new ReportCenterError('timeout', { key: 'errors.requestTimeout' }, 0);

/** One attempt, aborted after {@link requestTimeoutMs}; failures without an answer are errors. */
export async function attempt(
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), requestTimeoutMs);
  const signals = signal ? [signal, timeout.signal] : [timeout.signal];
  try {
    return await fetch(url, {
      ...init,
      signal: AbortSignal.any(signals),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled: nothing to report
    throw timeout.signal.aborted ? timeoutError() : networkError();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer of route `key`, read with its answer schema, or the error a visitor is shown.
 * An answer of the wrong shape is a defect on our side (`internal`), never shown half-read.
 */
export async function readAnswer<K extends ReportRequestRoute>(
  response: Response,
  key: K,
): Promise<RouteAnswer<ReportRequestApi[K]>> {
  if (!response.ok) throw await answerError(response);
  const contract = loadContract().catch(() => {
    throw networkError();
  });
  const [body, { reportRequestApi }] = await Promise.all([readJson(response), contract]);
  const read = answerSchema(reportRequestApi, key)?.safeParse(body);
  if (!read?.success) {
    throw new ReportCenterError('internal', { key: 'errors.internal' }, response.status);
  }
  return read.data;
}

/**
 * `POST /api/report-requests`: the report of one unit, shown and mailed in
 * `input.language`. Sent once: a repeat could send a second mail.
 */
export async function createReportRequest(
  input: CreateReportRequestInput,
  signal?: AbortSignal,
): Promise<ReportRequestCreated> {
  // The answer's schema, fetched meanwhile (a failure shows when the answer is read).
  loadContract().catch(() => undefined);
  const response = await attempt(
    reportRequestUrl('POST /api/report-requests', {}),
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    },
    signal,
  );
  return readAnswer(response, 'POST /api/report-requests');
}
