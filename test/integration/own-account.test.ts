import { describe, expect, inject, it } from 'vitest';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import { callApi, mailsTo } from '../support/api';
import { cognitoClientCall, cognitoUserCall, createUser, signIn } from '../support/cognito';

const stack = inject('stack');

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const refresh = (refreshToken: string) =>
  cognitoClientCall(stack, 'GetTokensFromRefreshToken', { RefreshToken: refreshToken });

const notAuthorized = (message: string) => ({
  status: 400,
  body: { __type: 'NotAuthorizedException', message },
});

let counter = 0;
/** A fresh staff account, so the tests do not depend on each other. */
async function newAccount(password = 'Own-Account-2026!') {
  counter += 1;
  const email = `own.account.${counter}.${Date.now()}@example.com`;
  await createUser(stack, email, password, 'staff');
  return { email, password };
}

describe('ChangePassword (the account page), as Cognito answers it', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { email, password } = await newAccount();
    const { AccessToken } = await signIn(stack, email, password);
    const changed = await cognitoUserCall(stack, 'ChangePassword', {
      AccessToken,
      PreviousPassword: password,
      ProposedPassword: 'Brand-New-Pass-2026!',
    });
    expect(changed).toEqual({ status: 200, body: {} });
    expect((await signIn(stack, email, 'Brand-New-Pass-2026!')).IdToken).toBeTruthy();
    await expect(signIn(stack, email, password)).rejects.toThrow(/Incorrect username or password/);
  });

  it('refuses a wrong current password as a wrong sign-in, and changes nothing', async () => {
    const { email, password } = await newAccount();
    const { AccessToken } = await signIn(stack, email, password);
    const refused = await cognitoUserCall(stack, 'ChangePassword', {
      AccessToken,
      PreviousPassword: 'Not-My-Password-1!',
      ProposedPassword: 'Brand-New-Pass-2026!',
    });
    expect(refused).toEqual(notAuthorized('Incorrect username or password.'));
    expect((await signIn(stack, email, password)).IdToken).toBeTruthy();
  });

  it.each([
    ['too short', 'Sh0rt-Pass!', 'Password not long enough'],
    ['no lower case', 'ALL-UPPER-2026!', 'Password must have lowercase characters'],
    ['no upper case', 'all-lower-2026!', 'Password must have uppercase characters'],
    ['no digit', 'No-Digits-Here!', 'Password must have numeric characters'],
    ['no symbol', 'NoSymbolsHere2026', 'Password must have symbol characters'],
  ])('refuses a new password that breaks the pool policy (%s)', async (_, proposed, reason) => {
    const { email, password } = await newAccount();
    const { AccessToken } = await signIn(stack, email, password);
    const refused = await cognitoUserCall(stack, 'ChangePassword', {
      AccessToken,
      PreviousPassword: password,
      ProposedPassword: proposed,
    });
    expect(refused).toEqual({
      status: 400,
      body: {
        __type: 'InvalidPasswordException',
        message: `Password does not conform to policy: ${reason}`,
      },
    });
    expect((await signIn(stack, email, password)).IdToken).toBeTruthy();
  });

  it('refuses a token that is not an access token of the pool', async () => {
    const { email, password } = await newAccount();
    const { IdToken, AccessToken } = await signIn(stack, email, password);
    const [header, payload] = AccessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const token of [IdToken, forged]) {
      const refused = await cognitoUserCall(stack, 'ChangePassword', {
        AccessToken: token,
        PreviousPassword: password,
        ProposedPassword: 'Brand-New-Pass-2026!',
      });
      expect(refused).toEqual(notAuthorized('Invalid Access Token'));
    }
    expect((await signIn(stack, email, password)).IdToken).toBeTruthy();
  });
});

describe('GlobalSignOut ("Sign out of all devices")', () => {
  it('ends every session: refresh tokens and earlier access tokens are refused, a new sign-in works', async () => {
    const { email, password } = await newAccount();
    const here = await signIn(stack, email, password);
    const elsewhere = await signIn(stack, email, password);
    expect((await refresh(elsewhere.RefreshToken)).status).toBe(200);

    expect(
      await cognitoUserCall(stack, 'GlobalSignOut', { AccessToken: here.AccessToken }),
    ).toEqual({ status: 200, body: {} });

    for (const session of [here, elsewhere]) {
      const refused = await refresh(session.RefreshToken);
      expect(refused.status).toBe(400);
      expect(refused.body.__type).toBe('NotAuthorizedException');
      expect(await cognitoUserCall(stack, 'GetUser', { AccessToken: session.AccessToken })).toEqual(
        notAuthorized('Access Token has been revoked'),
      );
    }
    expect(
      await cognitoUserCall(stack, 'ChangePassword', {
        AccessToken: elsewhere.AccessToken,
        PreviousPassword: password,
        ProposedPassword: 'Brand-New-Pass-2026!',
      }),
    ).toEqual(notAuthorized('Access Token has been revoked'));

    const again = await signIn(stack, email, password);
    expect(
      (await cognitoUserCall(stack, 'GetUser', { AccessToken: again.AccessToken })).status,
    ).toBe(200);
    expect((await refresh(again.RefreshToken)).status).toBe(200);
  });
});

describe('PATCH /api/account (the account page changes the name)', () => {
  it('changes the name, which the next ID token carries, with an audit entry of the change', async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const id = claimsOf(session.IdToken)['cognito:username'] as string;
    const before = await callApi<StaffMember>(stack, '/api/account', { token: session.IdToken });
    const change = (name: unknown) =>
      callApi<StaffMember>(stack, '/api/account', {
        method: 'PATCH',
        token: session.IdToken,
        body: { name },
      });
    const updated = await change('林美玲');
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, email, name: '林美玲', role: 'staff' });
    const refreshed = await refresh(session.RefreshToken);
    const result = refreshed.body.AuthenticationResult as { IdToken: string };
    expect(claimsOf(result.IdToken)).toMatchObject({ name: '林美玲', 'custom:role': 'staff' });

    // The same name again changes nothing and records nothing; a bad name is refused.
    expect((await change('林美玲')).status).toBe(200);
    const refused = await change('x'.repeat(200));
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as unknown as ErrorBody).error.fields ?? {})).toEqual([
      'name',
    ]);
    const admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const log = await callApi<{ items: AuditEntry[] }>(
      stack,
      `/api/audit?entity=staff&id=${encodeURIComponent(id)}&limit=50`,
      { token: admin },
    );
    const updates = log.body.items.filter((entry) => entry.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      actor: { id, email },
      changes: { name: { from: before.body.name, to: '林美玲' } },
    });
  });
});

describe('UpdateUserAttributes on the email (no page offers it; Cognito takes it from anyone)', () => {
  it("refuses another account's email, and changes nothing", async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const taken = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'email', Value: stack.admin.email.toUpperCase() }],
    });
    expect(taken).toEqual({
      status: 400,
      body: {
        __type: 'AliasExistsException',
        message: 'An account with the given email already exists.',
      },
    });
    expect((await signIn(stack, email, password)).IdToken).toBeTruthy();
    const admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const staff = await callApi<{ items: StaffMember[] }>(stack, '/api/staff?limit=100', {
      token: admin,
    });
    const admins = staff.body.items.filter(
      (member) => member.email.toLowerCase() === stack.admin.email.toLowerCase(),
    );
    expect(admins).toHaveLength(1);
  });

  it('refuses two email entries in one call, so a second address cannot slip past the checks', async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const twice = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email', Value: stack.admin.email },
      ],
    });
    expect(twice).toEqual({
      status: 400,
      body: {
        __type: 'InvalidParameterException',
        message: 'Duplicate attribute names are not allowed.',
      },
    });
    const padded = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'email', Value: ` ${stack.admin.email}` }],
    });
    expect(padded.body).toMatchObject({ __type: 'InvalidParameterException' });
    // Both accounts keep their addresses and sign in as before.
    expect(claimsOf((await signIn(stack, email, password)).IdToken).email).toBe(email);
    expect(
      claimsOf((await signIn(stack, stack.admin.email, stack.admin.password)).IdToken).email,
    ).toBe(stack.admin.email);
  });

  it('keeps the required email (not deletable) and refuses values over 2,048 characters', async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const deleted = await cognitoUserCall(stack, 'DeleteUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributeNames: ['name', 'email'],
    });
    expect(deleted).toEqual({
      status: 400,
      body: {
        __type: 'InvalidParameterException',
        message: 'user.email: Required attribute cannot be deleted.',
      },
    });
    const long = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'name', Value: 'A'.repeat(2049) }],
    });
    expect(long.body).toMatchObject({ __type: 'InvalidParameterException' });
    // The account, as the API sees it, still has its address; a name may be deleted (it is
    // not required), and the API then gives the caller none.
    expect(
      await cognitoUserCall(stack, 'DeleteUserAttributes', {
        AccessToken: session.AccessToken,
        UserAttributeNames: ['name'],
      }),
    ).toMatchObject({ status: 200 });
    const refreshed = await refresh(session.RefreshToken!);
    const token = (refreshed.body as { AuthenticationResult: { IdToken: string } })
      .AuthenticationResult.IdToken;
    const account = await callApi<{ email: string; name: string }>(stack, '/api/account', {
      token,
    });
    expect(account.status).toBe(200);
    expect(account.body.email).toBe(email);
  });

  it('keeps the old address until the code mailed to the new one confirms it', async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const next = email.replace('own.account', 'moved.account');
    const asked = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'email', Value: next }],
      ClientMetadata: { language: 'zh' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      CodeDeliveryDetailsList: [
        { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'm***@e***' },
      ],
    });
    // Nothing changes until then: the old address signs in and stays the token's email.
    const still = await signIn(stack, email, password);
    expect(claimsOf(still.IdToken)).toMatchObject({ email, email_verified: true });
    await expect(signIn(stack, next, password)).rejects.toThrow();
    expect(await mailsTo(stack, email)).toEqual([]);
    const [mail] = await mailsTo(stack, next);
    expect(mail!.subject).toBe('確認您的測試報告中心新電子郵件地址');
    const code = /letter-spacing:4px">(\d{6})</.exec(mail!.body.html ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // Asking again sends a new code, to the new address too (the first no longer works).
    const resent = await cognitoUserCall(stack, 'GetUserAttributeVerificationCode', {
      AccessToken: session.AccessToken,
      AttributeName: 'email',
    });
    expect(resent.status).toBe(200);
    expect(await mailsTo(stack, email)).toEqual([]);
    const resentMails = await mailsTo(stack, next);
    expect(resentMails).toHaveLength(2);
    const firstCode = code;
    const code2 = /letter-spacing:4px">(\d{6})</.exec(resentMails[1]!.body.html ?? '')?.[1] ?? '';
    expect(code2).toMatch(/^\d{6}$/);

    const wrong = await cognitoUserCall(stack, 'VerifyUserAttribute', {
      AccessToken: session.AccessToken,
      AttributeName: 'email',
      Code: firstCode !== code2 ? firstCode : code2 === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ __type: 'CodeMismatchException' });
    const confirmed = await cognitoUserCall(stack, 'VerifyUserAttribute', {
      AccessToken: session.AccessToken,
      AttributeName: 'email',
      Code: code2,
    });
    expect(confirmed).toEqual({ status: 200, body: {} });
    const moved = await signIn(stack, next, password);
    expect(claimsOf(moved.IdToken)).toMatchObject({ email: next, email_verified: true });
    await expect(signIn(stack, email, password)).rejects.toThrow(/Incorrect username or password/);
  });
});

describe('a name set past the account page, straight through Cognito', () => {
  it('reaches the account and a test plan’s approver only as the name rule allows it', async () => {
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    const updated = await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'name', Value: 'Evil\u0000\u001b[31m\u202eName\r\nX-Header: 1' }],
    });
    expect(updated.status).toBe(200);
    const refreshed = await refresh(session.RefreshToken);
    const { IdToken } = refreshed.body.AuthenticationResult as { IdToken: string };
    const expected = 'Evil31mNameX-Header 1';

    const account = await callApi<StaffMember>(stack, '/api/account', { token: IdToken });
    expect(account.body.name).toBe(expected);

    const tag = `${Date.now()}`.slice(-8);
    const product = await callApi<{ id: string }>(stack, '/api/products', {
      method: 'POST',
      token: IdToken,
      body: {
        name: `Approver Valve ${tag}`,
        temperatureMin: -10,
        temperatureMax: 100,
        fluid: 'water',
        connection: 'Flanged',
        pressureWCB: 25,
      },
    });
    expect(product.status).toBe(201);
    const plan = await callApi<{ approvedBy: { name: string } }>(
      stack,
      `/api/products/${product.body.id}/test-plan`,
      {
        method: 'PUT',
        token: IdToken,
        body: {
          tests: valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null }),
          allowExtraTests: false,
          version: 0,
        },
      },
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.approvedBy.name).toBe(expected);
  });
});

describe('GET /api/account (the profile page)', () => {
  it("answers the caller's own account, with the time it was created", async () => {
    const before = Date.now();
    const { email, password } = await newAccount();
    const session = await signIn(stack, email, password);
    await cognitoUserCall(stack, 'UpdateUserAttributes', {
      AccessToken: session.AccessToken,
      UserAttributes: [{ Name: 'name', Value: 'Wang Hsiao-Ming' }],
    });
    const { status, body } = await callApi<StaffMember>(stack, '/api/account', {
      token: session.IdToken,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: claimsOf(session.IdToken)['cognito:username'],
      email,
      name: 'Wang Hsiao-Ming',
      role: 'staff',
      status: 'active',
    });
    const created = Date.parse(body.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now());
  });

  it('answers the account as it is now, not as the token says: a demotion shows at once, a disabled account is signed out', async () => {
    const email = `own.admin.${Date.now()}@example.com`;
    const password = 'Own-Admin-2026!';
    await createUser(stack, email, password, 'admin');
    const session = await signIn(stack, email, password);
    const id = String(claimsOf(session.IdToken)['cognito:username']);
    const admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const asAdmin = (body: object) =>
      callApi(stack, `/api/staff/${id}`, { method: 'PATCH', body, token: admin });

    expect((await asAdmin({ role: 'staff' })).status).toBe(200);
    const demoted = await callApi<StaffMember>(stack, '/api/account', { token: session.IdToken });
    expect(claimsOf(session.IdToken)['custom:role']).toBe('admin');
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ id, role: 'staff', status: 'active' });

    expect((await asAdmin({ enabled: false })).status).toBe(200);
    const disabled = await callApi(stack, '/api/account', { token: session.IdToken });
    expect(disabled.status).toBe(401);
    expect(disabled.body).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('answers the admin their own account, not another', async () => {
    const { IdToken } = await signIn(stack, stack.admin.email, stack.admin.password);
    const { body } = await callApi<StaffMember>(stack, '/api/account', { token: IdToken });
    expect(body).toMatchObject({ email: stack.admin.email, role: 'admin', name: 'Administrator' });
  });
});
