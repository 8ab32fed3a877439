import type {
  ReportVerification,
  SignatureCheck,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { retryableStatuses, retryDelayMs, retryPolicy, sleep } from '../../lib/network';
import { attempt, readAnswer, ReportCenterError, reportRequestUrl } from './api';

/**
 * Verify mode's read of the public report-request API, in verify mode's own chunk (the
 * search's first load never needs it): tried again on passing failures, as the back office
 * retries its reads.
 */

/**
 * A call that changes nothing (a read, the signature check): tried again on a network failure
 * or 429/503/504, as the back office does.
 */
async function send(
  url: string,
  signal?: AbortSignal,
  init: RequestInit = { headers: { accept: 'application/json' } },
): Promise<Response> {
  for (let retry = 0; ; retry += 1) {
    const last = retry >= retryPolicy.maxAttempts - 1;
    try {
      const response = await attempt(url, init, signal);
      if (last || !retryableStatuses.has(response.status)) return response;
    } catch (error) {
      if (last || !(error instanceof ReportCenterError) || error.code !== 'network') throw error;
    }
    await sleep(retryDelayMs(retry + 1), signal);
  }
}

/** `GET /api/report-requests/verify/{reportNumber}`: the public facts of an issued report. */
export async function verifyReport(
  reportNumber: string,
  signal?: AbortSignal,
): Promise<ReportVerification> {
  const key = 'GET /api/report-requests/verify/{reportNumber}';
  const response = await send(reportRequestUrl(key, { params: { reportNumber } }), signal);
  return readAnswer(response, key);
}

/** Base64 of `bytes`, in slices (one `String.fromCharCode` call per slice stays in bounds). */
export function base64Of(bytes: Uint8Array): string {
  const slice = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}

/**
 * `POST /api/report-requests/signature-check`: what the signature of a PDF file proves. The
 * caller refuses files above `signatureCheckMaxBytes` first (the server would too).
 */
export async function checkSignature(
  pdf: Uint8Array,
  signal?: AbortSignal,
): Promise<SignatureCheck> {
  const key = 'POST /api/report-requests/signature-check';
  const body = JSON.stringify({ pdf: base64Of(pdf) });
  const response = await send(reportRequestUrl(key, {}), signal, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body,
  });
  return readAnswer(response, key);
}
