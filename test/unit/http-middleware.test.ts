import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as RoutesModule from '../../lambdas/routes';
import type { HttpEvent } from '../../lambdas/shared/http';

// A route table of the shapes the middleware must handle, standing in for the real one.
vi.mock('../../lambdas/routes', async (importOriginal) => {
  const original = await importOriginal<typeof RoutesModule>();
  const routes = [
    { method: 'POST', path: '/api/things', handler: 'x.ts', access: ['staff', 'admin'] },
    { method: 'GET', path: '/api/admin-only', handler: 'x.ts', access: ['admin'] },
    { method: 'GET', path: '/api/open', handler: 'x.ts', access: 'public' },
  ] as const;
  return {
    ...original,
    findRouteByKey: (key: string) => routes.find((route) => original.routeKey(route) === key),
  };
});

const { createHttpHandler, ok, created, maxBodyBytes } = await import('../../lambdas/shared/http');
const { ConflictError, NotFoundError } = await import('../../lambdas/shared/errors');

function event(routeKey: string, init: Partial<HttpEvent> & { role?: string | null } = {}) {
  const { role, ...rest } = init;
  const claims =
    role === undefined ? undefined : { sub: 'user-1', email: 'a@example.com', 'custom:role': role };
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-123',
      routeKey,
      authorizer: claims ? { jwt: { claims } } : undefined,
    },
    ...rest,
  } as unknown as HttpEvent;
}

const thingSchema = z.strictObject({ name: z.string().trim().min(1).max(10), email: z.email() });

describe('createHttpHandler', () => {
  beforeEach(() => {
    process.env.LOG_LEVEL = 'silent';
  });

  const create = createHttpHandler({ body: thingSchema }, async ({ body, caller }) =>
    created({ ...body, by: caller?.role }),
  );

  it('passes the parsed body and the caller to the use case', async () => {
    const result = await create(
      event('POST /api/things', {
        role: 'staff',
        body: JSON.stringify({ name: ' Valve ', email: 'x@example.com' }),
      }),
    );
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body!)).toEqual({
      name: 'Valve',
      email: 'x@example.com',
      by: 'staff',
    });
    expect(result.headers).toMatchObject({ 'x-correlation-id': 'req-123' });
  });

  it('decodes base64 bodies', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'A', email: 'x@example.com' })).toString(
      'base64',
    );
    const result = await create(
      event('POST /api/things', { role: 'admin', body, isBase64Encoded: true }),
    );
    expect(result.statusCode).toBe(201);
  });

  it.each([
    ['no claims at all', undefined],
    ['a token without a role', null],
    ['an unknown role', 'superuser'],
  ])('treats %s as signed out (401)', async (_, role) => {
    const result = await create(event('POST /api/things', { role: role as string | null }));
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body!).error.code).toBe('unauthenticated');
  });

  it('refuses a role the route does not list with 403', async () => {
    const handler = createHttpHandler({}, async () => ok({ secret: true }));
    const result = await handler(event('GET /api/admin-only', { role: 'staff' }));
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!)).toEqual({
      error: { code: 'permission-denied', message: 'You do not have permission to do this.' },
    });
  });

  it('lets anyone call a public route', async () => {
    const handler = createHttpHandler({}, async ({ caller }) => ok({ caller: caller ?? null }));
    const result = await handler(event('GET /api/open'));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({ caller: null });
  });

  it('answers malformed JSON with 400 invalid-argument', async () => {
    const result = await create(event('POST /api/things', { role: 'admin', body: '{"name": ' }));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toEqual({
      error: { code: 'invalid-argument', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers schema failures with field messages from the catalogue', async () => {
    const result = await create(
      event('POST /api/things', {
        role: 'admin',
        body: JSON.stringify({ name: '', email: 'nope', extra: '<script>' }),
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'invalid-argument',
      message: 'Some of the information is not valid. Check the highlighted fields.',
      fields: {
        name: 'This field is required',
        email: 'The Email field must be a valid email',
        extra: 'This field is not allowed',
      },
    });
  });

  it('refuses an empty body where one is required', async () => {
    const result = await create(event('POST /api/things', { role: 'admin' }));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error.fields).toEqual({ _: 'This field is required' });
  });

  it('refuses bodies over the size limit before parsing (413)', async () => {
    const result = await create(
      event('POST /api/things', { role: 'admin', body: 'x'.repeat(maxBodyBytes + 1) }),
    );
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body!).error.code).toBe('payload-too-large');
  });

  it.each([
    [new NotFoundError(), 404, 'not-found'],
    [new ConflictError(), 409, 'already-exists'],
  ])('maps domain error %s to its code', async (error, status, code) => {
    const handler = createHttpHandler({}, async () => {
      throw error;
    });
    const result = await handler(event('GET /api/open'));
    expect(result.statusCode).toBe(status);
    expect(JSON.parse(result.body!).error.code).toBe(code);
  });

  it('hides unknown errors behind internal 500 with a correlation id', async () => {
    const handler = createHttpHandler({}, async () => {
      throw new Error('database password is hunter2');
    });
    const result = await handler(event('GET /api/open'));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('hunter2');
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
      correlationId: 'req-123',
    });
  });

  it('answers 503 unavailable when a dependency cannot be reached', async () => {
    const handler = createHttpHandler({}, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
        code: 'ECONNREFUSED',
      });
    });
    const result = await handler(event('GET /api/open'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).error.code).toBe('unavailable');
  });

  it('fails closed for a route missing from the route table', async () => {
    const handler = createHttpHandler({}, async () => ok({}));
    const result = await handler(event('GET /api/not-in-table', { role: 'admin' }));
    expect(result.statusCode).toBe(500);
  });
});

describe('field messages', () => {
  it('keeps a field named __proto__ as a field', async () => {
    const { validate } = await import('../../lambdas/shared/contract/validation');
    const result = validate(thingSchema, JSON.parse('{"name":"a","email":"a@b.co","__proto__":1}'));
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.fields)).toEqual(['__proto__']);
  });
});

describe('choice fields', () => {
  it('calls an empty choice required and a wrong one invalid', async () => {
    const { validate } = await import('../../lambdas/shared/contract/validation');
    const schema = z.strictObject({ fluid: z.enum(['water', 'oil']) });
    expect(validate(schema, { fluid: '' })).toMatchObject({
      fields: { fluid: { key: 'validation.required' } },
    });
    expect(validate(schema, { fluid: 'lava' })).toMatchObject({
      fields: { fluid: { key: 'validation.invalid' } },
    });
  });
});
