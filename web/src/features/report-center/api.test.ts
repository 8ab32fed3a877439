import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, type MessageKey } from '../../../../lambdas/shared/contract/messages';
import type {
  ReportRequestCreated,
  ReportVerification,
  SignatureCheck,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { requestTimeoutMs, retryPolicy } from '../../lib/network';
import { createReportRequest, ReportCenterError } from './api';
import { base64Of, checkSignature, verifyReport } from './verify-api';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const input = {
  serialNumber: 'AV-2024-000123',
  email: 'visitor@example.com',
  consent: true as const,
  language: 'zh' as const,
};

type Ref = { key: MessageKey; params?: Record<string, string | number> };

/**
 * The API's error answer as the real handlers send it: the English catalogue text and
 * the entries it comes from. A field given as `{ text }` names an entry this page does not
 * have (a later version of the API).
 */
function errorAnswer(
  status: number,
  code: string,
  ref: Ref,
  fields?: Record<string, Ref | { text: string }>,
  headers: Record<string, string> = {},
) {
  const entries = Object.entries(fields ?? {});
  return Response.json(
    {
      error: {
        code,
        message: message(ref.key, ref.params),
        messageKey: ref.key,
        ...(ref.params ? { params: ref.params } : {}),
        ...(fields
          ? {
              fields: Object.fromEntries(
                entries.map(([name, field]) => [
                  name,
                  'text' in field ? field.text : message(field.key, field.params),
                ]),
              ),
              fieldMessages: Object.fromEntries(
                entries.map(([name, field]) => [
                  name,
                  'text' in field ? { messageKey: 'validation.later' } : { messageKey: field.key },
                ]),
              ),
            }
          : {}),
      },
    },
    { status, headers },
  );
}

async function failure(promise: Promise<unknown>): Promise<ReportCenterError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReportCenterError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const created: ReportRequestCreated = {
  id: 'r1',
  email: 'visitor@example.com',
  reportNumber: 'TR-7K3MQ-9X2HB',
  issuedAt: '2026-11-21T08:00:00.000Z',
  language: 'zh',
  serialNumber: 'AV-2024-000123',
  productionDate: '2024-03-01',
  product: {
    name: 'Gate valve',
    temperatureMin: -20,
    temperatureMax: 180,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: 16,
    pressureWCB: null,
    pressureSUS: null,
    application: null,
    applicationMedium: null,
    gtin: null,
  },
  bodyMaterial: 'FC',
  pressureRating: 16,
  results: [],
  tests: [],
  plan: null,
  verdict: 'untested',
  verificationUrl: 'https://report.example.com/search?verify=TR-7K3MQ-9X2HB',
  identityLink: 'https://report.example.com/id/AV-2024-000123',
  pdfUrl: '/api/report-requests/r1/pdf',
  pdfExpiresAt: '2026-12-21T08:00:00.000Z',
  fingerprint: 'a'.repeat(64),
  signature: { timestamped: true },
  credentialUrl: 'https://report.example.com/api/report-requests/verify/TR-7K3MQ-9X2HB/credential',
};

const facts: ReportVerification = {
  reportNumber: 'TR-7K3MQ-9X2HB',
  serialNumber: 'AV-2024-000123',
  productName: 'Gate valve',
  issuedAt: '2026-11-21T08:00:00.000Z',
  language: 'en',
  fingerprint: 'b'.repeat(64),
  verdict: 'pass',
  newerResultsSince: null,
  voidedSince: null,
  laterVerdict: null,
  signature: { timestamped: false },
  standing: 'superseded',
  credentialUrl: 'https://report.example.com/api/report-requests/verify/TR-7K3MQ-9X2HB/credential',
};

describe('createReportRequest', () => {
  it('posts the request as JSON and returns the created report', async () => {
    fetchMock.mockResolvedValue(Response.json(created, { status: 201 }));
    await expect(createReportRequest(input)).resolves.toEqual(created);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/report-requests');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(input);
  });

  it('turns "Serial Number Not Found" into its catalogue entry', async () => {
    fetchMock.mockResolvedValue(errorAnswer(404, 'not-found', { key: 'errors.serialNotFound' }));
    const error = await failure(createReportRequest(input));
    expect(error).toMatchObject({ code: 'not-found', status: 404 });
    expect(error.messageRef).toEqual({ key: 'errors.serialNotFound' });
  });

  it('keeps the values of a message with placeholders (rate limit)', async () => {
    fetchMock.mockResolvedValue(
      errorAnswer(
        429,
        'resource-exhausted',
        { key: 'errors.reportRateLimited', params: { minutes: 7 } },
        undefined,
        { 'retry-after': '420' },
      ),
    );
    const error = await failure(createReportRequest(input));
    expect(error.code).toBe('resource-exhausted');
    expect(error.messageRef).toEqual({ key: 'errors.reportRateLimited', params: { minutes: 7 } });
  });

  it('takes field messages by their catalogue keys, and keeps unknown ones as text', async () => {
    fetchMock.mockResolvedValue(
      errorAnswer(
        400,
        'invalid-argument',
        { key: 'errors.invalid-argument' },
        {
          email: { key: 'validation.email' },
          serialNumber: { key: 'validation.required' },
          other: { text: 'Something new' },
        },
      ),
    );
    const error = await failure(createReportRequest(input));
    expect(error.fields).toEqual({
      email: { key: 'validation.email' },
      serialNumber: { key: 'validation.required' },
      other: { text: 'Something new' },
    });
    expect(error.messageRef).toEqual({ key: 'errors.invalid-argument' });
  });

  it('refuses an answer of the wrong shape as our own fault, never showing it half-read', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ ...created, fingerprint: undefined, verdict: 'maybe' }, { status: 201 }),
    );
    const error = await failure(createReportRequest(input));
    expect(error).toMatchObject({ code: 'internal', messageRef: { key: 'errors.internal' } });
  });

  it('uses the code’s message for an answer that is not the standard body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(createReportRequest(input));
    expect(error).toMatchObject({ code: 'internal', messageRef: { key: 'errors.internal' } });
  });

  it('says "Connection failed." when no answer comes, and sends a write only once', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(createReportRequest(input));
    expect(error).toMatchObject({ code: 'network', status: 0 });
    expect(error.messageRef).toEqual({ key: 'errors.connectionFailed' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time-out with "Request time out"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const pending = failure(createReportRequest(input));
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ code: 'timeout', messageRef: { key: 'errors.requestTimeout' } });
  });

  it('passes a cancellation by the caller through, not as a failure to show', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = createReportRequest(input, controller.signal);
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ReportCenterError);
  });
});

describe('verifyReport', () => {
  it('asks for the number, encoded', async () => {
    fetchMock.mockImplementation(async () => Response.json(facts));
    await expect(verifyReport('TR-7K3MQ-9X2HB')).resolves.toEqual(facts);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/report-requests/verify/TR-7K3MQ-9X2HB');
    await verifyReport('a/b');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/report-requests/verify/a%2Fb');
  });

  it('tries a read again after a passing failure, as the back office does', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(errorAnswer(503, 'unavailable', { key: 'errors.unavailable' }))
      .mockResolvedValueOnce(Response.json(facts));
    const pending = verifyReport('TR-7K3MQ-9X2HB');
    await vi.advanceTimersByTimeAsync(retryPolicy.initialDelayMs * 3);
    await expect(pending).resolves.toEqual(facts);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a not-found', async () => {
    fetchMock.mockResolvedValue(errorAnswer(404, 'not-found', { key: 'errors.reportNotFound' }));
    const error = await failure(verifyReport('TR-7K3MQ-9X2HB'));
    expect(error.messageRef).toEqual({ key: 'errors.reportNotFound' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('verifyReport’s answer', () => {
  it('keeps the signature, standing and credential, and reads an older report without them', async () => {
    fetchMock.mockImplementation(async () => Response.json(facts));
    await expect(verifyReport('TR-7K3MQ-9X2HB')).resolves.toMatchObject({
      signature: { timestamped: false },
      standing: 'superseded',
      credentialUrl: facts.credentialUrl,
    });
    // A report issued before signing: the answer may leave its signature out.
    const older: Partial<ReportVerification> = { ...facts, credentialUrl: null };
    delete older.signature;
    fetchMock.mockImplementation(async () => Response.json(older));
    await expect(verifyReport('TR-7K3MQ-9X2HB')).resolves.toMatchObject({
      signature: null,
      credentialUrl: null,
    });
  });

  it('refuses a standing it does not know as our own fault', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...facts, standing: 'withdrawn' }));
    const error = await failure(verifyReport('TR-7K3MQ-9X2HB'));
    expect(error.code).toBe('internal');
  });
});

describe('checkSignature', () => {
  const outcome: SignatureCheck = {
    signed: true,
    valid: true,
    wholeDocument: true,
    trusted: true,
    signer: { commonName: 'Report signing', organization: 'Example Valves' },
    signedAt: '2026-11-21T08:00:01.000Z',
    timestamped: true,
  };

  it('posts the file as base64 JSON and returns what its signature proves', async () => {
    fetchMock.mockResolvedValue(Response.json(outcome));
    const pdf = new TextEncoder().encode('%PDF-1.7 …');
    await expect(checkSignature(pdf)).resolves.toEqual(outcome);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/report-requests/signature-check');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    const body = JSON.parse(init?.body as string) as { pdf: string };
    expect(Uint8Array.from(atob(body.pdf), (char) => char.charCodeAt(0))).toEqual(pdf);
  });

  it('encodes a file larger than one slice, every byte value', () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 5 }, (_, index) => index % 256);
    const decoded = Uint8Array.from(atob(base64Of(bytes)), (char) => char.charCodeAt(0));
    expect(decoded).toEqual(bytes);
    expect(base64Of(new Uint8Array([0xff, 0x00, 0x41]))).toBe('/wBB');
    expect(base64Of(new Uint8Array())).toBe('');
  });

  it('says an unsigned file is unsigned, as the answer says', async () => {
    const unsigned: SignatureCheck = {
      signed: false,
      valid: false,
      wholeDocument: false,
      trusted: false,
      signer: null,
      signedAt: null,
      timestamped: false,
    };
    fetchMock.mockResolvedValue(Response.json(unsigned));
    await expect(checkSignature(new Uint8Array([1, 2, 3]))).resolves.toEqual(unsigned);
  });

  it('turns an error answer into its catalogue message, without retrying it', async () => {
    fetchMock.mockResolvedValue(
      errorAnswer(400, 'invalid-argument', { key: 'errors.invalid-argument' }),
    );
    const error = await failure(checkSignature(new Uint8Array([1])));
    expect(error.code).toBe('invalid-argument');
    expect(error.messageRef).toEqual({ key: 'errors.invalid-argument' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries again after a passing failure: the check changes nothing', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(errorAnswer(503, 'unavailable', { key: 'errors.unavailable' }))
      .mockResolvedValueOnce(Response.json(outcome));
    const pending = checkSignature(new Uint8Array([1]));
    await vi.advanceTimersByTimeAsync(retryPolicy.initialDelayMs * 3);
    await expect(pending).resolves.toEqual(outcome);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer of the wrong shape as our own fault', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...outcome, signed: 'yes' }));
    const error = await failure(checkSignature(new Uint8Array([1])));
    expect(error.code).toBe('internal');
  });
});
