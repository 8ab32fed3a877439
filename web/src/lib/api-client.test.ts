import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
            fields: {
              email: 'The Email field must be a valid email',
              name: 'This field must be at most 100 characters',
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
    });
  });

  it('falls back to the status when the body is not the standard one', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 503 }));
    const error = await failure(apiRequest('/api/dashboard'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('服務暫時無法使用，請稍後再試。');
  });

  it('reports a network failure with the connection message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/api/dashboard'));
    expect(error.code).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe('連線失敗。');
  });

  it('fails as a connection problem when the token cannot be refreshed for now', async () => {
    session.refreshError = Object.assign(new Error('offline'), { name: 'NetworkError' });
    const error = await failure(apiRequest('/api/dashboard'));
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
        { error: { code: 'aborted', message: 'At least one active admin must remain' } },
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
            fields: { email: 'An account with this email already exists' },
          },
        },
        { status: 409 },
      ),
    );
    const error = await failure(apiRequest('/api/staff', { method: 'POST', body: {} }));
    expect(error.code).toBe('already-exists');
    expect(error.fields).toEqual({ email: '此電子郵件已有帳號' });
  });

  it('falls back to the code when the message is not a specific catalogue error', () => {
    expect(
      errorMessageKey('aborted', 'Another change to staff accounts is in progress. Try again.'),
    ).toBe('errors.staffChangeInProgress');
    expect(errorMessageKey('not-found', 'Staff Not Found')).toBe('errors.staffNotFound');
    expect(errorMessageKey('aborted', 'something else')).toBe('errors.aborted');
    expect(errorMessageKey('invalid-argument', 'This field is required')).toBe(
      'errors.invalid-argument',
    );
    expect(errorMessageKey('internal', undefined)).toBe('errors.internal');
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
});
