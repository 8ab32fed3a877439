import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../i18n/resources';

const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({
    tokens: session.token ? { idToken: { toString: () => session.token } } : undefined,
  }),
}));

const { i18n } = await import('../i18n');
const { ApiError, apiRequest, codeForStatus } = await import('./api-client');

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

  it('lets a cancellation through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiRequest('/api/dashboard', { signal: controller.signal })).rejects.toBe(abort);
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
