import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable as contractRoutes } from '../../lambdas/routes';
import { anyAnswers } from './any-answers';
import type { HttpEvent } from '../../lambdas/shared/http';

Object.assign(process.env, {
  LOG_LEVEL: 'silent',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'reports@example.com',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

/** The real routes, answering any body: these tests are about the pipeline. */
const routeTable = anyAnswers(contractRoutes);
const { createHttpHandler, ok, created, maxBodyBytes } = await import('../../lambdas/shared/http');
const { createPublicHttpHandler } = await import('../../lambdas/shared/http/public');
const { forgetStanding } = await import('../../lambdas/shared/http/standing');
const { maxReportedFields } = await import('../../lambdas/shared/contract/validation');
const { ConflictError, NotFoundError } = await import('../../lambdas/shared/errors');

const cognito = mockClient(CognitoIdentityProviderClient);
const documents = mockClient(DynamoDBDocumentClient);

/** A token's times: signed in a minute ago, issued now (epoch seconds). */
const tokenIssuedAt = Math.floor(Date.now() / 1000);
const tokenAuthTime = tokenIssuedAt - 60;

/**
 * The account as Cognito answers AdminGetUser: enabled with a role, an email and a name,
 * unless told otherwise (`attributes` replaces the email and name).
 */
function account(
  role: string | null,
  enabled = true,
  attributes: { Name: string; Value: string }[] = [
    { Name: 'email', Value: 'a@example.com' },
    { Name: 'name', Value: 'Ann Lee' },
  ],
) {
  return {
    Username: 'user-1',
    Enabled: enabled,
    UserAttributes: [...(role ? [{ Name: 'custom:role', Value: role }] : []), ...attributes],
  };
}

function event(routeKey: string, init: Partial<HttpEvent> & { role?: string | null } = {}) {
  const { role, ...rest } = init;
  const claims =
    role === undefined
      ? undefined
      : {
          sub: 'user-1',
          email: 'a@example.com',
          'custom:role': role,
          auth_time: tokenAuthTime,
          iat: tokenIssuedAt,
        };
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    // What every client sends with a JSON body; a test of another label sets its own.
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-123',
      routeKey,
      authorizer: claims ? { jwt: { claims } } : undefined,
    },
    ...rest,
  } as unknown as HttpEvent;
}

const product = {
  name: ' Valve ',
  temperatureMin: -10,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
};

beforeEach(() => {
  cognito.reset();
  documents.reset();
  forgetStanding();
  cognito.on(AdminGetUserCommand).resolves(account('staff'));
  // No security record: never revoked, no second factor confirmed.
  documents.on(GetCommand).resolves({});
});

describe('createHttpHandler', () => {
  const create = createHttpHandler(routeTable, 'POST /api/products', async ({ body, caller }) =>
    created({ name: body.name, pressureFC: body.pressureFC, by: caller.role }),
  );

  it('passes the parsed body and the caller with their current role to the use case', async () => {
    const result = await create(
      event('POST /api/products', { role: 'staff', body: JSON.stringify(product) }),
    );
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body!)).toEqual({ name: 'Valve', pressureFC: null, by: 'staff' });
    expect(result.headers).toMatchObject({ 'x-correlation-id': 'req-123' });
    expect(cognito).toReceiveCommandWith(AdminGetUserCommand, {
      UserPoolId: 'pool',
      Username: 'user-1',
    });
  });

  it("passes the caller's name only as the name rule allows it (set past the forms in Cognito)", async () => {
    const echo = createHttpHandler(routeTable, 'POST /api/products', async ({ caller }) =>
      ok({ name: caller.name ?? null }),
    );
    const named = async (name: string) => {
      forgetStanding();
      cognito.on(AdminGetUserCommand).resolves(
        account('staff', true, [
          { Name: 'email', Value: 'a@example.com' },
          { Name: 'name', Value: name },
        ]),
      );
      const request = event('POST /api/products', { role: 'staff', body: JSON.stringify(product) });
      return JSON.parse((await echo(request)).body!).name as string | null;
    };
    expect(await named('Ann Lee')).toBe('Ann Lee');
    expect(await named('A\u202eB\u0000 \r\n C')).toBe('AB C');
    expect(await named('\u0007\u200b')).toBeNull();
  });

  it("takes the caller's email and name from the account now, not from the token", async () => {
    const echo = createHttpHandler(routeTable, 'POST /api/products', async ({ caller }) =>
      ok({ email: caller.email, name: caller.name ?? null }),
    );
    const request = event('POST /api/products', { role: 'staff', body: JSON.stringify(product) });
    Object.assign(request.requestContext.authorizer!.jwt!.claims, {
      email: 'old@example.com',
      name: 'Old Name',
    });
    expect(JSON.parse((await echo(request)).body!)).toEqual({
      email: 'a@example.com',
      name: 'Ann Lee',
    });
  });

  it('signs out an account left without an email (its writes could not name it)', async () => {
    cognito.on(AdminGetUserCommand).resolves(account('staff', true, []));
    const result = await create(
      event('POST /api/products', { role: 'staff', body: JSON.stringify(product) }),
    );
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body!).error.code).toBe('unauthenticated');
  });

  it('decodes base64 bodies', async () => {
    const body = Buffer.from(JSON.stringify(product)).toString('base64');
    const result = await create(
      event('POST /api/products', { role: 'admin', body, isBase64Encoded: true }),
    );
    expect(result.statusCode).toBe(201);
  });

  it.each([
    ['no claims at all', undefined],
    ['a token without a role', null],
    ['an unknown role', 'superuser'],
  ])('treats %s as signed out (401), without reading the account', async (_, role) => {
    const result = await create(event('POST /api/products', { role: role as string | null }));
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body!).error.code).toBe('unauthenticated');
    expect(cognito).toReceiveCommandTimes(AdminGetUserCommand, 0);
  });

  it.each([
    ['disabled', account('admin', false)],
    ['left without a role', account(null)],
  ])('signs out an account %s since its token was issued (401)', async (_, now) => {
    cognito.on(AdminGetUserCommand).resolves(now);
    const result = await create(
      event('POST /api/products', { role: 'admin', body: JSON.stringify(product) }),
    );
    expect(result.statusCode).toBe(401);
  });

  it('signs out a deleted account (401)', async () => {
    cognito
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));
    const result = await create(
      event('POST /api/products', { role: 'admin', body: JSON.stringify(product) }),
    );
    expect(result.statusCode).toBe(401);
  });

  it('refuses an admin demoted to staff on an admin route (403), though the token says admin', async () => {
    const handler = createHttpHandler(routeTable, 'GET /api/staff', async () =>
      ok({ secret: true }),
    );
    const result = await handler(event('GET /api/staff', { role: 'admin' }));
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!)).toEqual({
      error: {
        code: 'permission-denied',
        message: 'You do not have permission to do this.',
        messageKey: 'errors.permission-denied',
      },
    });
  });

  it('reads the standing at most every few seconds per account', async () => {
    const handler = createHttpHandler(routeTable, 'GET /api/dashboard', async () => ok({}));
    for (let i = 0; i < 3; i++) await handler(event('GET /api/dashboard', { role: 'staff' }));
    expect(cognito).toReceiveCommandTimes(AdminGetUserCommand, 1);
  });

  it('answers 503 when the user pool cannot be reached and no standing was read', async () => {
    const handler = createHttpHandler(routeTable, 'GET /api/dashboard', async () => ok({}));
    const unreachable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    cognito.on(AdminGetUserCommand).rejects(unreachable);
    expect((await handler(event('GET /api/dashboard', { role: 'staff' }))).statusCode).toBe(503);
  });

  it('keeps the last standing read for ten minutes while the user pool cannot be reached', async () => {
    const { currentStanding } = await import('../../lambdas/shared/http/standing');
    const start = 1_000_000;
    const read = {
      active: true,
      role: 'staff',
      email: 'a@example.com',
      name: 'Ann Lee',
      mfaEnabled: false,
      security: { sub: 'user-1' },
    };
    expect(await currentStanding('user-1', start)).toEqual(read);
    const unreachable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    cognito.on(AdminGetUserCommand).rejects(unreachable);
    expect(await currentStanding('user-1', start + 9 * 60_000)).toEqual(read);
    await expect(currentStanding('user-1', start + 11 * 60_000)).rejects.toThrow(/ECONNREFUSED/);
    // A refusal other than "unreachable" is never covered by an old standing.
    cognito.on(AdminGetUserCommand).rejects(new Error('AccessDenied'));
    await expect(currentStanding('user-1', start + 6_000)).rejects.toThrow(/AccessDenied/);
  });

  it('lets anyone call a public route', async () => {
    const handler = createPublicHttpHandler(routeTable, 'GET /api/health', async ({ caller }) =>
      ok({ caller: caller ?? null }),
    );
    const result = await handler(event('GET /api/health'));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({ caller: null });
    expect(cognito).toReceiveCommandTimes(AdminGetUserCommand, 0);
  });

  it('answers malformed JSON with 400 invalid-argument', async () => {
    const result = await create(event('POST /api/products', { role: 'admin', body: '{"name": ' }));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toEqual({
      error: {
        code: 'invalid-argument',
        message: 'The request body is not valid JSON.',
        messageKey: 'errors.malformedJson',
      },
    });
  });

  it('reads a JSON body only when it is labelled JSON, in any letter case', async () => {
    const body = JSON.stringify(product);
    const refused = {
      error: {
        code: 'invalid-argument',
        message: 'The request body must be sent as JSON (Content-Type: application/json).',
        messageKey: 'errors.jsonContentType',
      },
    };
    // What another site's form or `text/plain` fetch sends without a CORS preflight.
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'text/json',
      // A parameter must not smuggle "+json" into a type browsers send without asking.
      'application/x-www-form-urlencoded;+json',
      'application/x-www-form-urlencoded; a=b+json',
      'text/plain;+json',
      'multipart/form-data; boundary=+json',
      undefined,
    ]) {
      const headers = contentType === undefined ? {} : { 'content-type': contentType };
      const result = await create(event('POST /api/products', { role: 'admin', body, headers }));
      expect(result.statusCode, contentType).toBe(400);
      expect(JSON.parse(result.body!), contentType).toEqual(refused);
    }
    for (const contentType of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/merge-patch+json',
      ' application/vnd.api+json ;charset=utf-8',
    ]) {
      const headers = { 'content-type': contentType };
      const result = await create(event('POST /api/products', { role: 'admin', body, headers }));
      expect(JSON.parse(result.body!).error?.messageKey, contentType).not.toBe(
        'errors.jsonContentType',
      );
    }
  });

  it('answers schema failures with field messages from the catalogue, and their keys', async () => {
    const result = await create(
      event('POST /api/products', {
        role: 'admin',
        body: JSON.stringify({ ...product, name: '', temperatureMin: 1e-200, extra: '<script>' }),
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'invalid-argument',
      message: 'Some of the information is not valid. Check the highlighted fields.',
      messageKey: 'errors.invalid-argument',
      fields: {
        name: 'This field is required',
        temperatureMin: 'Use at most 2 decimal places',
        extra: 'This field is not allowed',
      },
      fieldMessages: {
        name: { messageKey: 'validation.required' },
        temperatureMin: { messageKey: 'validation.decimals', params: { max: 2 } },
        extra: { messageKey: 'validation.unknownField' },
      },
    });
  });

  it('names at most 50 fields, so a body of many unknown keys gets a short answer', async () => {
    const keys = Array.from({ length: 100_000 }, (_, index) => `k${index.toString(36)}`);
    const body = JSON.stringify({ ...product, ...Object.fromEntries(keys.map((key) => [key, 0])) });
    expect(body.length).toBeLessThan(maxBodyBytes);
    const result = await create(event('POST /api/products', { role: 'admin', body }));
    expect(result.statusCode).toBe(400);
    const { fields, fieldMessages } = JSON.parse(result.body!).error;
    expect(Object.keys(fields)).toEqual(keys.slice(0, maxReportedFields));
    expect(Object.keys(fieldMessages)).toEqual(keys.slice(0, maxReportedFields));
    expect(result.body!.length).toBeLessThan(10_000);
  });

  it('refuses an empty body where one is required', async () => {
    const result = await create(event('POST /api/products', { role: 'admin' }));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error.fields).toEqual({ _: 'This field is required' });
  });

  it('refuses bodies over the size limit before parsing (413)', async () => {
    const result = await create(
      event('POST /api/products', { role: 'admin', body: 'x'.repeat(maxBodyBytes + 1) }),
    );
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body!).error.code).toBe('payload-too-large');
  });

  it("passes a text body's bytes as they came (a CSV upload): its reader decodes them", async () => {
    const upload = createHttpHandler(routeTable, 'POST /api/machine-data', async ({ body }) =>
      ok({ bytes: [...body] }),
    );
    const text = await upload(event('POST /api/machine-data', { role: 'staff', body: 'a,é' }));
    expect(JSON.parse(text.body!)).toEqual({ bytes: [0x61, 0x2c, 0xc3, 0xa9] });
    // Windows-1252 "café", base64-encoded by API Gateway: not decoded here, so not replaced.
    const latin = await upload(
      event('POST /api/machine-data', {
        role: 'staff',
        body: Buffer.from([0x63, 0x61, 0x66, 0xe9]).toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(JSON.parse(latin.body!)).toEqual({ bytes: [0x63, 0x61, 0x66, 0xe9] });
    const tooBig = await upload(
      event('POST /api/machine-data', {
        role: 'staff',
        body: Buffer.alloc(maxBodyBytes + 1).toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(tooBig.statusCode).toBe(413);
  });

  it('answers an invalid path parameter as not-found, after the body', async () => {
    const update = createHttpHandler(routeTable, 'PUT /api/products/{id}', async () => ok({}));
    const tooLong = { pathParameters: { id: 'x'.repeat(65) } };
    const badBody = await update(
      event('PUT /api/products/{id}', { role: 'staff', body: '{}', ...tooLong }),
    );
    expect(badBody.statusCode).toBe(400);
    const good = JSON.stringify({ ...product, version: 1 });
    const result = await update(
      event('PUT /api/products/{id}', { role: 'staff', body: good, ...tooLong }),
    );
    expect(result.statusCode).toBe(404);
  });

  it.each([
    [new NotFoundError(), 404, 'not-found'],
    [new ConflictError(), 409, 'already-exists'],
  ])('maps domain error %s to its code', async (error, status, code) => {
    const handler = createPublicHttpHandler(routeTable, 'GET /api/health', async () => {
      throw error;
    });
    const result = await handler(event('GET /api/health'));
    expect(result.statusCode).toBe(status);
    expect(JSON.parse(result.body!).error.code).toBe(code);
  });

  it('hides unknown errors behind internal 500 with a correlation id', async () => {
    const handler = createPublicHttpHandler(routeTable, 'GET /api/health', async () => {
      throw new Error('database password is hunter2');
    });
    const result = await handler(event('GET /api/health'));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('hunter2');
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
      messageKey: 'errors.internal',
      correlationId: 'req-123',
    });
  });

  it('answers 503 unavailable when a dependency cannot be reached', async () => {
    const handler = createPublicHttpHandler(routeTable, 'GET /api/health', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
        code: 'ECONNREFUSED',
      });
    });
    const result = await handler(event('GET /api/health'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).error.code).toBe('unavailable');
  });

  it('refuses to build a handler without the standing check for a route with roles', () => {
    expect(() =>
      createPublicHttpHandler(routeTable, 'GET /api/dashboard' as 'GET /api/health', async () =>
        ok({}),
      ),
    ).toThrow(/GET \/api\/dashboard has roles/);
  });

  it('refuses to build a handler for a route missing from the route table', () => {
    expect(() =>
      createPublicHttpHandler(routeTable, 'GET /api/not-in-table' as 'GET /api/health', async () =>
        ok({}),
      ),
    ).toThrow(/not in the route table/);
  });
});

describe('second factor and revoked sessions', () => {
  /** What a handler learns of its caller. */
  const echo = (key: 'GET /api/staff' | 'GET /api/dashboard' | 'GET /api/account') =>
    createHttpHandler(routeTable, key, async ({ caller }) =>
      ok({ role: caller.role, secondFactor: caller.secondFactor, authTime: caller.authTime }),
    );
  const adminOnly = echo('GET /api/staff');
  const staffOrAdmin = echo('GET /api/dashboard');
  const ownAccount = echo('GET /api/account');

  /** The account in Cognito (authenticator app on or off) and its security record. */
  function holds(
    role: 'admin' | 'staff',
    { mfa, record }: { mfa: boolean; record?: { mfaEnabledAt?: number; revokedBefore?: number } },
  ) {
    cognito.on(AdminGetUserCommand).resolves({
      ...account(role),
      ...(mfa ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } : {}),
    });
    documents
      .on(GetCommand)
      .resolves(record ? { Item: { pk: 'ACCOUNTSEC', sk: 'user-1', ...record } } : {});
    documents.on(UpdateCommand).resolves({});
  }

  async function call(
    handler: typeof adminOnly,
    key: string,
    role: 'admin' | 'staff',
    times: Record<string, unknown> = {},
  ) {
    const request = event(key, { role });
    Object.assign(request.requestContext.authorizer!.jwt!.claims, times);
    const result = await handler(request);
    return { status: result.statusCode, body: JSON.parse(result.body!) };
  }

  const refusedFor2fa = {
    status: 403,
    body: {
      error: {
        code: 'permission-denied',
        message:
          'Admin actions need a sign-in with your authenticator app. Set it up on your account page, then sign in again.',
        messageKey: 'errors.secondFactorRequired',
      },
    },
  };
  const asStaff = {
    status: 200,
    body: { role: 'staff', secondFactor: false, authTime: tokenAuthTime },
  };
  const asAdmin = {
    status: 200,
    body: { role: 'admin', secondFactor: true, authTime: tokenAuthTime },
  };

  it.each([
    ['no authenticator app', { mfa: false }],
    ['an app set up in Cognito but never confirmed', { mfa: true }],
    [
      'an app confirmed after this sign-in',
      { mfa: true, record: { mfaEnabledAt: tokenAuthTime + 1 } },
    ],
    [
      'a confirmation Cognito no longer backs (app turned off)',
      { mfa: false, record: { mfaEnabledAt: tokenAuthTime - 100 } },
    ],
  ])(
    'refuses an admin with %s on admin-only routes, and answers them as staff elsewhere',
    async (_, standing) => {
      holds('admin', standing);
      expect(await call(adminOnly, 'GET /api/staff', 'admin')).toEqual(refusedFor2fa);
      forgetStanding();
      expect(await call(staffOrAdmin, 'GET /api/dashboard', 'admin')).toEqual(asStaff);
    },
  );

  it('gives an admin their powers when this sign-in came at or after the confirmation', async () => {
    for (const mfaEnabledAt of [tokenAuthTime, tokenAuthTime - 3600]) {
      forgetStanding();
      holds('admin', { mfa: true, record: { mfaEnabledAt } });
      expect(await call(adminOnly, 'GET /api/staff', 'admin')).toEqual(asAdmin);
      expect(await call(staffOrAdmin, 'GET /api/dashboard', 'admin')).toEqual(asAdmin);
    }
  });

  it('reads claims HTTP API passes as strings as numbers', async () => {
    holds('admin', { mfa: true, record: { mfaEnabledAt: tokenAuthTime } });
    const strings = { auth_time: String(tokenAuthTime), iat: String(tokenIssuedAt) };
    expect(await call(adminOnly, 'GET /api/staff', 'admin', strings)).toEqual(asAdmin);
    forgetStanding();
    holds('admin', { mfa: true, record: { mfaEnabledAt: tokenAuthTime + 1 } });
    expect(await call(adminOnly, 'GET /api/staff', 'admin', strings)).toEqual(refusedFor2fa);
  });

  it('takes the time a token was issued for its sign-in when it names none', async () => {
    holds('admin', { mfa: true, record: { mfaEnabledAt: tokenIssuedAt } });
    const result = await call(adminOnly, 'GET /api/staff', 'admin', { auth_time: undefined });
    expect(result).toEqual({ ...asAdmin, body: { ...asAdmin.body, authTime: tokenIssuedAt } });
  });

  it.each([
    ['no time of issue', { iat: undefined, auth_time: undefined }],
    ['an unreadable time of issue', { iat: 'yesterday' }],
    ['an unreadable sign-in time', { auth_time: 'x' }],
  ])('signs out a token with %s (401)', async (_, times) => {
    holds('staff', { mfa: false });
    expect((await call(staffOrAdmin, 'GET /api/dashboard', 'staff', times)).status).toBe(401);
  });

  it.each([
    ['admin', 'GET /api/staff'],
    ['admin', 'GET /api/account'],
    ['staff', 'GET /api/dashboard'],
  ] as const)(
    'signs out a %s token on %s signed in or issued before the sessions were revoked',
    async (role, key) => {
      const handler =
        key === 'GET /api/staff'
          ? adminOnly
          : key === 'GET /api/account'
            ? ownAccount
            : staffOrAdmin;
      const record = { mfaEnabledAt: tokenAuthTime - 10 };
      holds(role, { mfa: true, record: { ...record, revokedBefore: tokenAuthTime + 1 } });
      const signedOut = await call(handler, key, role);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.error.messageKey).toBe('errors.unauthenticated');
      // Issued before, though signed in after (a refresh's times, however Cognito sets them).
      forgetStanding();
      holds(role, { mfa: true, record: { ...record, revokedBefore: tokenIssuedAt + 1 } });
      expect((await call(handler, key, role, { auth_time: tokenIssuedAt + 1 })).status).toBe(401);
      // Signed in and issued at the revocation or after: a new session.
      forgetStanding();
      holds(role, { mfa: true, record: { ...record, revokedBefore: tokenAuthTime } });
      expect((await call(handler, key, role)).status).toBe(200);
    },
  );

  it('leaves staff as they are, with or without an authenticator app', async () => {
    holds('staff', { mfa: false });
    expect(await call(staffOrAdmin, 'GET /api/dashboard', 'staff')).toEqual(asStaff);
    forgetStanding();
    holds('staff', { mfa: true, record: { mfaEnabledAt: tokenAuthTime } });
    expect(await call(staffOrAdmin, 'GET /api/dashboard', 'staff')).toEqual({
      status: 200,
      body: { role: 'staff', secondFactor: true, authTime: tokenAuthTime },
    });
    // Staff on an admin-only route: refused for the role, not for a second factor.
    const refused = await call(adminOnly, 'GET /api/staff', 'staff');
    expect(refused.status).toBe(403);
    expect(refused.body.error.messageKey).toBe('errors.permission-denied');
  });

  it("shows an admin's own-account routes the admin role without the second factor", async () => {
    holds('admin', { mfa: false });
    expect(await call(ownAccount, 'GET /api/account', 'admin')).toEqual({
      status: 200,
      body: { role: 'admin', secondFactor: false, authTime: tokenAuthTime },
    });
  });

  it('clears a confirmation Cognito no longer backs, on condition it is still the one read', async () => {
    holds('admin', { mfa: false, record: { mfaEnabledAt: 1_700_000_000 } });
    await call(staffOrAdmin, 'GET /api/dashboard', 'admin');
    expect(cognito).toReceiveCommandTimes(AdminGetUserCommand, 2);
    expect(documents).toReceiveCommandWith(GetCommand, {
      Key: { pk: 'ACCOUNTSEC', sk: 'user-1' },
      ConsistentRead: true,
    });
    expect(documents).toReceiveCommandWith(UpdateCommand, {
      Key: { pk: 'ACCOUNTSEC', sk: 'user-1' },
      UpdateExpression: 'REMOVE #n0',
      ConditionExpression: '#n0 = :v0',
      ExpressionAttributeNames: { '#n0': 'mfaEnabledAt' },
      ExpressionAttributeValues: { ':v0': 1_700_000_000 },
    });
  });

  it('keeps a confirmation when the second read of the account finds the app on', async () => {
    holds('admin', { mfa: false, record: { mfaEnabledAt: tokenAuthTime } });
    // Set up and confirmed while the first read was on its way.
    cognito
      .on(AdminGetUserCommand)
      .resolvesOnce(account('admin'))
      .resolves({ ...account('admin'), UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(await call(adminOnly, 'GET /api/staff', 'admin')).toEqual(asAdmin);
    expect(documents).toReceiveCommandTimes(UpdateCommand, 0);
  });

  it('still answers when the stale confirmation cannot be cleared', async () => {
    holds('admin', { mfa: false, record: { mfaEnabledAt: tokenAuthTime } });
    documents.on(UpdateCommand).rejects(new Error('throttled'));
    expect(await call(staffOrAdmin, 'GET /api/dashboard', 'admin')).toEqual(asStaff);
  });

  it('runs before the body is read or checked: a refused admin learns nothing of it', async () => {
    holds('admin', { mfa: false });
    const create = createHttpHandler(routeTable, 'POST /api/staff', async () => created({}));
    const result = await create(event('POST /api/staff', { role: 'admin', body: '{"bad json' }));
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!).error.messageKey).toBe('errors.secondFactorRequired');
  });
});

describe('field messages', () => {
  const thingSchema = z.strictObject({ name: z.string().trim().min(1).max(10), email: z.email() });

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
