import type { ReportVerification } from '../../../../lambdas/shared/contract/schemas/report-request';
import { retryableStatuses, retryDelayMs, retryPolicy, sleep } from '../../lib/network';
import { attempt, readAnswer, ReportCenterError, reportRequestUrl } from './api';

/**
 * Verify mode's read of the public report-request API, in verify mode's own chunk (the
 * search's first load never needs it): tried again on passing failures, as the back office
 * retries its reads.
 */

/** A read: tried again on a network failure or 429/503/504, as the back office does. */
async function get(url: string, signal?: AbortSignal): Promise<Response> {
  for (let retry = 0; ; retry += 1) {
    const last = retry >= retryPolicy.maxAttempts - 1;
    try {
      const response = await attempt(url, { headers: { accept: 'application/json' } }, signal);
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
  const response = await get(reportRequestUrl(key, { params: { reportNumber } }), signal);
  return readAnswer(response, key);
}
