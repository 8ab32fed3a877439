import { randomUUID } from 'node:crypto';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, routeKey } from '../../lambdas/routes';
import { testResultColumns } from '../../lambdas/shared/contract/schemas/machine-data';
import { counterShards, maxShardValue } from '../../lambdas/shared/data/counters';
import { keys } from '../../lambdas/shared/keys';
import { callApi, mailsTo } from '../support/api';
import {
  cognitoAdmin,
  cognitoClientCall,
  cognitoUnsigned,
  createUser,
  signIn,
} from '../support/cognito';
import { createAdminWithSecondFactor } from '../support/second-factor';
import { tableReader } from '../support/table';

/**
 * The product as an attacker or a careless client meets it, for what the fuzz tests do
 * not reach by chance: counters near their limit, privileges taken away while a token
 * still lives, the local identity service's rules, prototype-named records.
 */
const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 6).toUpperCase();
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };

let adminToken = '';
const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });

const product = (name: string) => ({
  name,
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
});

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
});
afterAll(() => reader.destroy());

describe('counters that could overflow', () => {
  let productId = '';

  beforeAll(async () => {
    const created = await as<{ id: string }>(
      adminToken,
      '/api/products',
      'POST',
      product(`Counter Valve ${tag}`),
    );
    expect(created.status).toBe(201);
    productId = created.body.id;
  });

  it('refuses a range of more units than a plant makes, naming the end serial', async () => {
    const answer = await as(adminToken, '/api/serial-numbers', 'POST', {
      productId,
      startSerial: `CT${tag}-000000000000001`,
      endSerial: `CT${tag}-999999999999999`,
      productionDate: '2026-01-01',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({
      endSerial: 'A range may hold at most 100000000 units',
    });
  });

  const shards = Array.from({ length: counterShards }, (_, shard) => keys.stats(shard));

  it('refuses a write that would take a counter past 2^53 − 1, and stores nothing of it', async () => {
    const originals = await Promise.all(shards.map((key) => reader.get(key)));
    try {
      // Every shard at its limit: whichever one the write picks refuses it.
      for (const key of shards) await reader.set(key, { units: maxShardValue - 10 });
      const before = (await reader.scanAll()).length;
      const answer = await as(adminToken, '/api/serial-numbers', 'POST', {
        productId,
        startSerial: `CT${tag}-0001`,
        endSerial: `CT${tag}-0100`,
        productionDate: '2026-01-01',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(429);
      expect(answer.body.error).toMatchObject({
        code: 'resource-exhausted',
        messageKey: 'errors.counterLimit',
      });
      expect((await reader.scanAll()).length).toBe(before);
      const units = (await reader.stats()).units;
      expect(units).toBe(counterShards * (maxShardValue - 10));
      // The most the shards can hold together is still a count a number holds exactly.
      expect(Number.isSafeInteger(counterShards * maxShardValue)).toBe(true);
    } finally {
      for (const [index, key] of shards.entries()) {
        await reader.set(key, { units: originals[index]?.units ?? 0 });
      }
    }
  });

  it('shows a counter it cannot represent as unknown; the dashboard and lists still answer', async () => {
    const original = await reader.get(shards[0]!);
    try {
      // Written by other means than the API (which cannot): 10^20 units, 10^17 products.
      await reader.set(shards[0]!, {
        units: NumberValue.from('100000000000000000000'),
        products: NumberValue.from('100000000000000000'),
        serialRanges: NumberValue.from(String(2n ** 60n)),
      });
      const dashboard = await as<{ units: number | null; products: number | null }>(
        adminToken,
        '/api/dashboard',
      );
      expect(dashboard.status).toBe(200);
      expect(dashboard.body).toMatchObject({ units: null, products: null, serialRanges: null });
      const products = await as<{ total: number | null }>(adminToken, '/api/products?limit=1');
      expect(products.status).toBe(200);
      expect(products.body.total).toBeNull();
      const ranges = await as<{ total: number | null }>(adminToken, '/api/serial-numbers?limit=1');
      expect(ranges.status).toBe(200);
      expect(ranges.body.total).toBeNull();
    } finally {
      await reader.set(shards[0]!, {
        units: original?.units ?? 0,
        products: original?.products ?? 0,
        serialRanges: original?.serialRanges ?? 0,
      });
    }
  });
});

describe('privileges taken away while a token still lives', () => {
  const password = 'Hardening-Admin-2026!';
  let formerAdmin = { email: '', token: '', id: '' };
  let demotedAdmin = { email: '', token: '', id: '' };
  let disabledStaff = { email: '', token: '', id: '' };

  const account = async (name: string, role: 'admin' | 'staff') => {
    const email = `${name}.${tag.toLowerCase()}@example.com`;
    let token: string;
    if (role === 'admin') {
      // An admin's powers need its second factor (docs/access-control.md).
      token = (await createAdminWithSecondFactor(stack, email, password)).session.IdToken;
    } else {
      await createUser(stack, email, password, role);
      token = (await signIn(stack, email, password)).IdToken;
    }
    return { email, token, id: claimsOf(token).sub };
  };

  beforeAll(async () => {
    formerAdmin = await account('former.admin', 'admin');
    demotedAdmin = await account('demoted.admin', 'admin');
    disabledStaff = await account('disabled.staff', 'staff');
  });

  it('a disabled admin is refused on every admin route at once, with the token unexpired', async () => {
    // Their first call works: the standing they have now is read and remembered.
    expect((await as(formerAdmin.token, '/api/staff')).status).toBe(200);
    const disabled = await as(adminToken, `/api/staff/${formerAdmin.id}`, 'PATCH', {
      enabled: false,
    });
    expect(disabled.status).toBe(200);
    const adminRoutes = routes.filter(
      (route) => Array.isArray(route.access) && !route.access.includes('staff'),
    );
    expect(adminRoutes.map(routeKey)).toContain('POST /api/machines');
    for (const route of adminRoutes) {
      const path = route.path.replace('{id}', 'no-such-id');
      const answer = await as(
        formerAdmin.token,
        path,
        route.method,
        route.method === 'GET' ? undefined : {},
      );
      expect(answer.status, `${routeKey(route)}: ${JSON.stringify(answer.body)}`).toBe(401);
    }
    // The machine key they would have minted does not exist.
    const mint = await as(formerAdmin.token, '/api/machines', 'POST', { name: `Rogue ${tag}` });
    expect(mint.status).toBe(401);
  });

  it('a demoted admin keeps only what staff may do, at once', async () => {
    expect((await as(demotedAdmin.token, '/api/staff')).status).toBe(200);
    await as(adminToken, `/api/staff/${demotedAdmin.id}`, 'PATCH', { role: 'staff' });
    expect((await as(demotedAdmin.token, '/api/staff')).status).toBe(403);
    expect(
      (await as(demotedAdmin.token, '/api/machines', 'POST', { name: `Rogue2 ${tag}` })).status,
    ).toBe(403);
    // Staff routes answer as to staff: masked emails, no client addresses.
    const dashboard = await as<{ recentRequests: { email: string }[] }>(
      demotedAdmin.token,
      '/api/dashboard',
    );
    expect(dashboard.status).toBe(200);
    for (const request of dashboard.body.recentRequests) expect(request.email).toContain('***');
  });

  it('a disabled staff account can no longer write or read', async () => {
    expect((await as(disabledStaff.token, '/api/products?limit=1')).status).toBe(200);
    await as(adminToken, `/api/staff/${disabledStaff.id}`, 'PATCH', { enabled: false });
    const write = await as(disabledStaff.token, '/api/products', 'POST', product(`Ghost ${tag}`));
    expect(write.status).toBe(401);
    expect((await as(disabledStaff.token, '/api/products?limit=1')).status).toBe(401);
    const names = (
      await as<{ items: { name: string }[] }>(adminToken, `/api/products?filter=ghost`)
    ).body.items;
    expect(names.map((item) => item.name)).not.toContain(`Ghost ${tag}`);
  });

  it('keeps the machine keys a disabled admin made: they belong to the plant; any admin revokes them', async () => {
    const maker = await account('key.maker', 'admin');
    const created = await as<{ key: string; machine: { id: string } }>(
      maker.token,
      '/api/machines',
      'POST',
      {
        name: `Plant bench ${tag}`,
      },
    );
    expect(created.status).toBe(201);
    await as(adminToken, `/api/staff/${maker.id}`, 'PATCH', { enabled: false });
    const ingest = (results: unknown[]) =>
      fetch(`${stack.appUrl}/api/machine-data/ingest`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${created.body.key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ results }),
      });
    // No unit of that serial: refused for the data, not for the key (400, not 401).
    const row = {
      serialNumber: `NOUNIT${tag}-1`,
      testName: 'Shell test',
      result: 'pass',
      testedAt: '2026-06-01T08:00:00Z',
    };
    expect((await ingest([row])).status).toBe(400);
    const revoked = await as(adminToken, `/api/machines/${created.body.machine.id}`, 'DELETE');
    expect(revoked.status).toBe(200);
    expect((await ingest([row])).status).toBe(401);
  });
});

describe('the local identity service, as strict as AWS', () => {
  it('refuses a self sign-up that sets a role, with the error Cognito gives', async () => {
    const email = `self.admin.${tag.toLowerCase()}@example.com`;
    const answer = await cognitoClientCall(stack, 'SignUp', {
      Username: email,
      Password: 'Self-Admin-2026!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:role', Value: 'admin' },
      ],
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        __type: 'NotAuthorizedException',
        message: 'A client attempted to write unauthorized attribute',
      },
    });
  });

  it("refuses a signed-in user's write of their own role, and of any attribute the client may not write", async () => {
    const email = `own.role.${tag.toLowerCase()}@example.com`;
    await createUser(stack, email, 'Own-Role-2026!', 'staff');
    const { AccessToken } = await signIn(stack, email, 'Own-Role-2026!');
    for (const attributes of [
      [{ Name: 'custom:role', Value: 'admin' }],
      [{ Name: 'email_verified', Value: 'true' }],
      [
        { Name: 'name', Value: 'Fine' },
        { Name: 'custom:role', Value: 'admin' },
      ],
    ]) {
      const answer = await cognitoClientCall(stack, 'UpdateUserAttributes', {
        AccessToken,
        UserAttributes: attributes,
      });
      expect(answer.body.__type, JSON.stringify(attributes)).toBe('NotAuthorizedException');
    }
    const refused = await cognitoClientCall(stack, 'DeleteUserAttributes', {
      AccessToken,
      UserAttributeNames: ['custom:role'],
    });
    expect(refused.body.__type).toBe('NotAuthorizedException');
    // Their name is theirs to change.
    const allowed = await cognitoClientCall(stack, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'name', Value: 'Own Name' }],
    });
    expect(allowed.status).toBe(200);
    const user = (await cognitoAdmin(stack, 'AdminGetUser', { Username: email })) as {
      UserAttributes: { Name: string; Value: string }[];
    };
    const attributes = Object.fromEntries(
      user.UserAttributes.map((item) => [item.Name, item.Value]),
    );
    expect(attributes).toMatchObject({ 'custom:role': 'staff', name: 'Own Name' });
  });

  it('refuses administrative operations without a valid IAM signature', async () => {
    const email = stack.admin.email;
    const unsigned = await cognitoUnsigned(stack, 'AdminUpdateUserAttributes', {
      UserPoolId: stack.resources.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'custom:role', Value: 'staff' }],
    });
    expect(unsigned).toEqual({
      status: 400,
      body: {
        __type: 'MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      },
    });
    const forged = await fetch(stack.endpoints.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
        'x-amz-date': '20261123T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=S3RVER/20261123/us-east-1/cognito-idp/aws4_request, ' +
          `SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ UserPoolId: stack.resources.userPoolId }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { __type: string }).__type).toBe('InvalidSignatureException');
    // The seeded admin is an admin still.
    const token = (await signIn(stack, email, stack.admin.password)).IdToken;
    expect(
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())['custom:role'],
    ).toBe('admin');
  });

  it('answers prototype-named staff ids as unknown accounts, creating nothing', async () => {
    const before = (await as<{ total: number }>(adminToken, '/api/staff?limit=1')).body.total;
    for (const id of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'prototype',
    ]) {
      const answer = await as(adminToken, `/api/staff/${id}`, 'PATCH', { role: 'staff' });
      expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body.error?.message).toBe('Staff Not Found');
    }
    expect((await as<{ total: number }>(adminToken, '/api/staff?limit=1')).body.total).toBe(before);
  });

  it('refuses a CSV upload with a __proto__ column like any unknown column', async () => {
    for (const column of ['__proto__', 'constructor', 'toString']) {
      const csv = [
        [...testResultColumns, column].join(','),
        [
          'NOUNIT-1',
          'Shell test',
          'pass',
          '1',
          'bar',
          '2026-06-01T08:00:00Z',
          'Bench',
          'Op',
          'ok',
          '{}',
        ].join(','),
      ].join('\n');
      const response = await fetch(`${stack.appUrl}/api/machine-data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
        body: csv,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields, column).toMatchObject({
        [`row 2.${column}`]: 'This field is not allowed',
      });
    }
  });
});

describe("the local identity service: the pool's password policy wherever a password is set", () => {
  const weak = ['short', 'a', 'alllowercase-but-long-2026!', 'No-Digits-Anywhere!'];
  const refusal = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.__type).toBe('InvalidPasswordException');
    expect(String(answer.body.message)).toMatch(/^Password does not conform to policy: /);
  };

  it('SignUp: a weak password creates no account', async () => {
    for (const [index, password] of weak.entries()) {
      const email = `weak.signup.${index}.${tag.toLowerCase()}@example.com`;
      refusal(
        await cognitoClientCall(stack, 'SignUp', {
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
      await expect(cognitoAdmin(stack, 'AdminGetUser', { Username: email })).rejects.toThrow(
        /User does not exist/,
      );
      expect(await mailsTo(stack, email)).toEqual([]);
    }
  });

  it('ConfirmForgotPassword: a weak password is refused and the code still works', async () => {
    const email = `weak.reset.${tag.toLowerCase()}@example.com`;
    await createUser(stack, email, 'Weak-Reset-2026!', 'staff');
    await cognitoClientCall(stack, 'ForgotPassword', { Username: email });
    const [mail] = await mailsTo(stack, email);
    const code = /[?&]code=(\d{6})/.exec(mail?.body.html ?? '')?.[1];
    for (const password of weak) {
      refusal(
        await cognitoClientCall(stack, 'ConfirmForgotPassword', {
          Username: email,
          ConfirmationCode: code,
          Password: password,
        }),
      );
      await expect(signIn(stack, email, password)).rejects.toThrow();
    }
    const confirmed = await cognitoClientCall(stack, 'ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: 'Strong-Reset-2026!',
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(stack, email, 'Strong-Reset-2026!')).IdToken).toBeTruthy();
  });

  it('AdminCreateUser, AdminSetUserPassword and a new password on first sign-in', async () => {
    const email = `weak.admin.${tag.toLowerCase()}@example.com`;
    await expect(
      cognitoAdmin(stack, 'AdminCreateUser', {
        Username: email,
        UserAttributes: [{ Name: 'email', Value: email }],
        TemporaryPassword: 'short',
        MessageAction: 'SUPPRESS',
      }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await cognitoAdmin(stack, 'AdminCreateUser', {
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }],
      TemporaryPassword: 'Temporary-Pass-2026!',
      MessageAction: 'SUPPRESS',
    });
    for (const password of weak) {
      await expect(
        cognitoAdmin(stack, 'AdminSetUserPassword', {
          Username: email,
          Password: password,
          Permanent: false,
        }),
      ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    }
    const started = await cognitoClientCall(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Temporary-Pass-2026!' },
    });
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (password: string) =>
      cognitoClientCall(stack, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
      });
    refusal(await respond('a'));
    const answered = await respond('Chosen-Password-2026!');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await signIn(stack, email, 'Chosen-Password-2026!')).IdToken).toBeTruthy();
  });
});
