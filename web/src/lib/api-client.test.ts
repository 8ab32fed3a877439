import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes, errorStatus } from '../../../lambdas/shared/contract/error-codes';
import { resources } from '../i18n/resources';

const session = vi.hoisted(() => ({
  token: undefined as string | undefined,
  refreshError: undefined as Error | undefined,
}));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => {
    if (session.refreshError) throw session.refreshError;
    return { tokens: session.token ? { idToken: { toString: () => session.token } } : undefined };
  },
}));

const { i18n } = await import('../i18n');
const { ApiError, apiRequest, codeForStatus, errorMessageKey, onUnauthenticated } =
  await import('./api-client');
const { retryDelayMs, retryPolicy } = await import('./network');

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await i18n.init({
    resources,
    lng: 'zh',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
  });
});

beforeEach(() => {
  session.token = undefined;
  session.refreshError = undefined;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<typeof ApiError>;
  }
  throw new Error('expected a failure');
}

describe('apiRequest', () => {
  it('sends the ID token and JSON, and returns the JSON answer', async () => {
    session.token = 'id-token';
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await expect(
      apiRequest('/api/products', {
        method: 'POST',
        body: { name: 'V1' },
        query: { limit: 5, cursor: undefined },
      }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/products?limit=5');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer id-token',
      'content-type': 'application/json',
    });
    expect(init?.body).toBe('{"name":"V1"}');
  });

  it('sends a text body as it is, with its own content type', async () => {
    fetchMock.mockResolvedValue(Response.json({ stored: 1 }));
    await apiRequest('/api/machine-data', {
      method: 'POST',
      text: { content: 'a,b\r\n1,2\r\n', contentType: 'text/csv' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ 'content-type': 'text/csv' });
    expect(init?.body).toBe('a,b\r\n1,2\r\n');
  });

  it('sends a chosen file as its bytes, not as text read here', async () => {
    fetchMock.mockResolvedValue(Response.json({ rows: 1 }));
    const file = new Blob([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff])]);
    await apiRequest('/api/products/import', {
      method: 'POST',
      text: { content: file, contentType: 'text/csv' },
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(file);
  });

  it('keeps the counts an error answer gives (a refused file’s problems)', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'invalid-argument',
            message:
              'Nothing was stored: fix the problems listed (1510 in all) and import the file again.',
            messageKey: 'errors.importRefused',
            params: { problems: 1510, listed: 1000 },
            fields: { 'row 3.name': 'This field is required' },
          },
        },
        { status: 400 },
      ),
    );
    const error = await failure(apiRequest('/api/products/import', { method: 'POST' }));
    expect(error.params).toEqual({ problems: 1510, listed: 1000 });
    expect(error.messageKey).toBe('errors.importRefused');
    expect(error.message).toContain('1510');
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(Response.json({}));
    await apiRequest('/api/health');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
  });

  it('turns the standard error body into a translated ApiError', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'invalid-argument',
            message: 'Some of the information is not valid. Check the highlighted fields.',
            messageKey: 'errors.invalid-argument',
            fields: {
              email: 'The Email field must be a valid email',
              name: 'This field must be at most 100 characters',
              later: 'A message of a later version of the API',
            },
            fieldMessages: {
              email: { messageKey: 'validation.email' },
              name: { messageKey: 'validation.tooLong', params: { max: 100 } },
              later: { messageKey: 'validation.notYetKnownHere' },
            },
          },
        },
        { status: 400 },
      ),
    );
    const error = await failure(apiRequest('/api/products', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('invalid-argument');
    expect(error.status).toBe(400);
    expect(error.message).toBe('部分資料不正確，請檢查標示的欄位。');
    expect(error.fields).toEqual({
      email: '電子郵件欄位必須是有效的電子郵件地址',
      name: '此欄位最多 100 個字元',
      // A key this app does not know: the answer's own text.
      later: 'A message of a later version of the API',
    });
  });

  it('falls back to the status when the body is not the standard one', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 503 }));
    const error = await failure(apiRequest('/api/dashboard', { method: 'DELETE' }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('服務暫時無法使用，請稍後再試。');
  });

  it('reports a network failure with the connection message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/api/products', { method: 'POST', body: {} }));
    expect(error.code).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe('連線失敗。');
  });

  it('fails as a connection problem when the token cannot be refreshed for now', async () => {
    session.refreshError = Object.assign(new Error('offline'), { name: 'NetworkError' });
    const error = await failure(apiRequest('/api/products/1', { method: 'PUT', body: {} }));
    expect(error.code).toBe('network');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets a cancellation through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiRequest('/api/dashboard', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('staff errors', () => {
  it('shows the specific catalogue message the API sent, in the current language', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'aborted',
            message: 'At least one active admin must remain',
            messageKey: 'errors.lastAdmin',
          },
        },
        { status: 409 },
      ),
    );
    const error = await failure(apiRequest('/api/staff/1', { method: 'PATCH', body: {} }));
    expect(error.code).toBe('aborted');
    expect(error.messageKey).toBe('errors.lastAdmin');
    expect(error.message).toBe('至少必須保留一位啟用中的管理員');
  });

  it('translates the field message of a taken email', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'already-exists',
            message: 'An account with this email already exists',
            messageKey: 'errors.staffEmailTaken',
            fields: { email: 'An account with this email already exists' },
            fieldMessages: { email: { messageKey: 'errors.staffEmailTaken' } },
          },
        },
        { status: 409 },
      ),
    );
    const error = await failure(apiRequest('/api/staff', { method: 'POST', body: {} }));
    expect(error.code).toBe('already-exists');
    expect(error.fields).toEqual({ email: '此電子郵件已有帳號' });
  });

  it('uses the catalogue entry the answer names, else the entry of its code', () => {
    expect(errorMessageKey('aborted', 'errors.staffChangeInProgress')).toBe(
      'errors.staffChangeInProgress',
    );
    expect(errorMessageKey('not-found', 'errors.staffNotFound')).toBe('errors.staffNotFound');
    expect(errorMessageKey('aborted', 'errors.somethingNewer')).toBe('errors.aborted');
    expect(errorMessageKey('internal', undefined)).toBe('errors.internal');
  });

  it('fills the values of a message with placeholders in the current language', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'already-exists',
            message: 'This range overlaps A-1 – A-9',
            messageKey: 'errors.serialRangeOverlap',
            params: { conflict: 'A-1 – A-9' },
          },
        },
        { status: 409 },
      ),
    );
    const error = await failure(apiRequest('/api/serial-numbers', { method: 'POST', body: {} }));
    expect(error.message).toContain('A-1 – A-9');
    expect(error.message).not.toBe('This range overlaps A-1 – A-9');
  });
});

describe('a 401 answer', () => {
  it('tells the registered listener (the auth provider) and fails as unauthenticated', async () => {
    const listener = vi.fn();
    const stop = onUnauthenticated(listener);
    try {
      fetchMock.mockResolvedValue(Response.json({ message: 'Unauthorized' }, { status: 401 }));
      const error = await failure(apiRequest('/api/staff'));
      expect(error.code).toBe('unauthenticated');
      expect(error.message).toBe('您的登入已逾時，請重新登入。');
      expect(listener).toHaveBeenCalledTimes(1);

      fetchMock.mockResolvedValue(Response.json({}, { status: 403 }));
      await failure(apiRequest('/api/staff'));
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
    fetchMock.mockResolvedValue(Response.json({}, { status: 401 }));
    await failure(apiRequest('/api/staff'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('codeForStatus', () => {
  it('maps statuses to standard codes', () => {
    expect(codeForStatus(401)).toBe('unauthenticated');
    expect(codeForStatus(404)).toBe('not-found');
    expect(codeForStatus(429)).toBe('resource-exhausted');
    expect(codeForStatus(502)).toBe('internal');
    expect(codeForStatus(418)).toBe('invalid-argument');
  });

  it('knows every status of the specification, one code for statuses codes share', () => {
    expect(
      [400, 401, 403, 404, 409, 413, 429, 499, 500, 501, 503, 504].map((status) =>
        codeForStatus(status),
      ),
    ).toEqual([
      'invalid-argument',
      'unauthenticated',
      'permission-denied',
      'not-found',
      'aborted',
      'payload-too-large',
      'resource-exhausted',
      'cancelled',
      'internal',
      'unimplemented',
      'unavailable',
      'deadline-exceeded',
    ]);
  });
});

describe('the error catalogue', () => {
  it('has every standard code of the specification with its HTTP status', () => {
    expect(errorStatus).toEqual({
      cancelled: 499,
      unknown: 500,
      'invalid-argument': 400,
      'deadline-exceeded': 504,
      'not-found': 404,
      'already-exists': 409,
      'permission-denied': 403,
      unauthenticated: 401,
      'resource-exhausted': 429,
      'failed-precondition': 400,
      aborted: 409,
      'out-of-range': 400,
      unimplemented: 501,
      internal: 500,
      unavailable: 503,
      'data-loss': 500,
      // Not a code of the specification: the product's answer to an oversized body.
      'payload-too-large': 413,
    });
  });

  it('shows each code of a standard error body in the current language (zh here)', async () => {
    for (const code of errorCodes) {
      fetchMock.mockResolvedValueOnce(
        Response.json({ error: { code, message: 'x' } }, { status: errorStatus[code] }),
      );
      const error = await failure(apiRequest('/api/products', { method: 'POST', body: {} }));
      expect(error.code, code).toBe(code);
      expect(error.status, code).toBe(errorStatus[code]);
      expect(error.message, code).toBe(i18n.t(`errors.${code}`, { lng: 'zh' }));
      expect(error.message, code).not.toBe(i18n.t(`errors.${code}`, { lng: 'en' }));
    }
  });
});

describe('retries, timeout and offline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** When (in fake ms since the start) each fetch was made. */
  function recordCallTimes(): number[] {
    const start = Date.now();
    const times: number[] = [];
    fetchMock.mockImplementation(() => {
      times.push(Date.now() - start);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    return times;
  }

  it('waits 1 s, 1.5 s, 2.25 s … capped at 60 s between retries', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry))).toEqual([1000, 1500, 2250, 3375]);
    expect(retryDelayMs(30)).toBe(60_000);
    expect(retryPolicy.maxAttempts).toBeGreaterThan(1);
  });

  it('retries a GET after a network failure on that schedule, then gives up', async () => {
    const times = recordCallTimes();
    const result = failure(apiRequest('/api/dashboard'));
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error.code).toBe('network');
    expect(error.message).toBe('連線失敗。');
    expect(times).toEqual([0, 1000, 2500, 4750]);
  });

  it('retries a GET on 503, 504 and 429 and returns the answer that succeeds', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('', { status: 504 }))
      .mockResolvedValueOnce(new Response('', { status: 429 }))
      .mockResolvedValueOnce(Response.json({ ok: 1 }));
    const result = apiRequest('/api/dashboard');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry other failures of a GET', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const result = failure(apiRequest('/api/dashboard'));
    await vi.runAllTimersAsync();
    expect((await result).code).toBe('internal');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    const times = recordCallTimes();
    const result = failure(apiRequest('/api/products', { method, body: {} }));
    await vi.runAllTimersAsync();
    expect((await result).code).toBe('network');
    expect(times).toEqual([0]);
  });

  it('stops waiting for a retry when the caller cancels', async () => {
    const times = recordCallTimes();
    const controller = new AbortController();
    const result = apiRequest('/api/dashboard', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new DOMException('left the page', 'AbortError'));
    await vi.runAllTimersAsync();
    expect(((await result) as DOMException).name).toBe('AbortError');
    expect(times).toEqual([0]);
  });

  it('fails with "Request time out" after 15 s without an answer', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const result = failure(apiRequest('/api/products', { method: 'POST', body: {} }));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('請求逾時');
    await i18n.changeLanguage('en');
    expect(i18n.t('errors.requestTimeout')).toBe('Request time out');
    expect(i18n.t('errors.connectionFailed')).toBe('Connection failed.');
    await i18n.changeLanguage('zh');
  });

  it('waits longer for a call that says so (an import)', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const result = failure(
      apiRequest('/api/products/import', { method: 'POST', body: {}, timeoutMs: 35_000 }),
    );
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(34_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).code).toBe('timeout');
  });

  it('holds a GET while the browser is offline and sends it once it is online', async () => {
    const events = new EventTarget();
    let online = false;
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
    vi.stubGlobal('window', events);
    fetchMock.mockResolvedValue(Response.json({ ok: 1 }));
    const result = apiRequest('/api/dashboard');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).not.toHaveBeenCalled();
    online = true;
    events.dispatchEvent(new Event('online'));
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
