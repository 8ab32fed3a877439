import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../lambdas/routes';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { ReportRequestSummary } from '../../lambdas/shared/contract/schemas/report-request';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import type { OwnAccount } from '../../lambdas/shared/contract/schemas/staff';
import { keys } from '../../lambdas/shared/keys';
import { callApi, mailsTo } from '../support/api';
import {
  cognitoAdmin,
  cognitoClientCall,
  cognitoUserCall,
  createUser,
  setUpTotp,
  signIn,
  type SignedIn,
} from '../support/cognito';
import { createAdminWithSecondFactor } from '../support/second-factor';
import { enrolTotp } from '../support/staff-accounts';
import { tableReader } from '../support/table';
import { requestReport } from '../support/visitor';

/**
 * The second factor and revoked sessions, as the API enforces them (docs/access-control.md
 * "Second factor"): TOTP set up in the local user pool with codes computed here, confirmed
 * by the API; every admin-only route refuses an admin token without it, routes staff may
 * call answer such an admin as staff; ended sessions stay ended.
 */

const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 8);
const password = 'Second-Factor-2026!';
let count = 0;
const newEmail = (name: string) => `${name}.${tag}.${++count}@example.com`;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const idOf = (session: SignedIn) => String(claimsOf(session.IdToken).sub);

const refreshWith = (refreshToken: string) =>
  cognitoClientCall(stack, 'GetTokensFromRefreshToken', { RefreshToken: refreshToken });

async function ownAccount(token: string) {
  return callApi<OwnAccount>(stack, '/api/account', { token });
}

async function staffEntries(token: string, id: string): Promise<AuditEntry[]> {
  const answer = await callApi<{ items: AuditEntry[] }>(stack, `/api/audit?entity=staff&id=${id}`, {
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body.items;
}

let adminToken: string;

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
});
afterAll(() => reader.destroy());

/** A path of the route with its parameters filled with well-formed values nothing holds. */
const pathOf = (path: string) =>
  path
    .replace('{id}', randomUUID())
    .replace('{uploadId}', randomUUID())
    .replace('{part}', '1')
    .replace(/\{\w+\+?\}/g, 'NOSUCH-000001');

describe('an admin whose token has no second factor', () => {
  const email = newEmail('no2fa.admin');
  let session: SignedIn;
  let serialNumber: string;
  let visitor: string;

  beforeAll(async () => {
    await createUser(stack, email, password, 'admin');
    session = await signIn(stack, email, password);
    // One request in the search history, with a visitor's email the staff view masks.
    const prefix = `SF${tag.toUpperCase()}-`;
    const product = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Second factor valve ${tag}`,
        temperatureMin: -10,
        temperatureMax: 120,
        fluid: 'water',
        connection: 'Flanged',
        pressureFC: 16,
        pressureWCB: null,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
      },
    });
    expect(product.status).toBe(201);
    const range = await callApi<SerialRange>(stack, '/api/serial-numbers', {
      method: 'POST',
      token: adminToken,
      body: {
        productId: product.body.id,
        startSerial: `${prefix}000001`,
        endSerial: `${prefix}000010`,
        productionDate: '2026-05-01',
        bodyMaterial: 'FC',
      },
    });
    expect(range.status).toBe(201);
    serialNumber = `${prefix}000003`;
    visitor = `visitor.${tag}@example.com`;
    const request = await requestReport(stack, {
      serialNumber,
      email: visitor,
      consent: true,
      language: 'en',
    });
    expect(request.status).toBe(201);
  });

  it('is refused on every admin-only route of the route table, before its input is read', async () => {
    const adminOnly = routes.filter(
      (route) => Array.isArray(route.access) && !route.access.includes('staff'),
    );
    expect(adminOnly.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/staff', 'POST /api/machines', 'PUT /api/settings']),
    );
    for (const route of adminOnly) {
      const key = routeKey(route);
      const path = pathOf(route.path);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const refused = await callApi(stack, path, {
        method: route.method,
        token: session.IdToken,
        body,
      });
      expect(refused.status, key).toBe(403);
      expect(refused.body.error, key).toMatchObject({
        code: 'permission-denied',
        messageKey: 'errors.secondFactorRequired',
      });
      // The same request from an admin with the second factor passes the access rule (it
      // may then fail on its input or an unknown id): the refusal above was the rule's.
      const passed = await callApi(stack, path, { method: route.method, token: adminToken, body });
      expect([401, 403], `${key}: ${JSON.stringify(passed.body)}`).not.toContain(passed.status);
    }
  });

  it('is answered as staff where staff may go: masked visitor emails, no addresses, own audit entries only', async () => {
    const history = `/api/report-requests?serial=${serialNumber}`;
    const asStaff = await callApi<{ items: ReportRequestSummary[] }>(stack, history, {
      token: session.IdToken,
    });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.items).toHaveLength(1);
    expect(asStaff.body.items[0]!.email).not.toBe(visitor);
    expect(asStaff.body.items[0]!.email).toContain('***');
    expect(asStaff.body.items[0]).not.toHaveProperty('clientAddress');
    const asAdmin = await callApi<{ items: ReportRequestSummary[] }>(stack, history, {
      token: adminToken,
    });
    expect(asAdmin.body.items[0]).toMatchObject({ email: visitor });
    expect(asAdmin.body.items[0]).toHaveProperty('clientAddress');

    const dashboard = await callApi<{ recentRequests: { email: string }[] }>(
      stack,
      '/api/dashboard',
      { token: session.IdToken },
    );
    expect(dashboard.status).toBe(200);
    for (const request of dashboard.body.recentRequests) expect(request.email).toContain('***');

    // The whole log and accounts' histories are admin matters; one's own actions are not.
    for (const path of ['/api/audit', `/api/audit?entity=staff&id=${idOf(session)}`]) {
      const refused = await callApi(stack, path, { token: session.IdToken });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error?.messageKey, path).toBe('errors.permission-denied');
      expect((await callApi(stack, path, { token: adminToken })).status, path).toBe(200);
    }
    const own = await callApi(stack, `/api/audit?actor=${idOf(session)}`, {
      token: session.IdToken,
    });
    expect(own.status).toBe(200);
  });

  it('sees its own account as it is: admin, no authenticator app, no second factor', async () => {
    const account = await ownAccount(session.IdToken);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      email,
      role: 'admin',
      mfaEnabled: false,
      mfaEnabledAt: null,
      secondFactor: false,
    });
  });
});

describe('setting the authenticator app up', () => {
  it('confirms the app, ends every earlier session, and gives admin powers to a sign-in with a code', async () => {
    const email = newEmail('enrolling.admin');
    await createUser(stack, email, password, 'admin');
    const first = await signIn(stack, email, password);
    const other = await signIn(stack, email, password);
    const id = idOf(first);

    // Nothing set up yet: nothing to confirm.
    const early = await callApi(stack, '/api/account/mfa', {
      method: 'POST',
      token: first.IdToken,
    });
    expect(early.status).toBe(409);
    expect(early.body.error?.messageKey).toBe('errors.mfaNotSetUp');

    const secret = await setUpTotp(stack, first.AccessToken);
    // Set up in Cognito, not yet confirmed here: still no admin powers.
    expect((await ownAccount(first.IdToken)).body).toMatchObject({
      mfaEnabled: true,
      mfaEnabledAt: null,
      secondFactor: false,
    });
    expect((await callApi(stack, '/api/staff', { token: first.IdToken })).status).toBe(403);

    const confirmed = await callApi(stack, '/api/account/mfa', {
      method: 'POST',
      token: first.IdToken,
    });
    expect(confirmed.status).toBe(204);

    // Every session from before is over: its ID tokens, and its refresh tokens.
    for (const old of [first, other]) {
      const signedOut = await callApi(stack, '/api/account', { token: old.IdToken });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.error?.code).toBe('unauthenticated');
      expect((await refreshWith(old.RefreshToken)).status).toBe(400);
    }
    // The password alone no longer signs in: Cognito asks for a code.
    await expect(signIn(stack, email, password)).rejects.toThrow(/asks for a TOTP code/);

    const withCode = await signIn(stack, email, password, secret);
    expect((await callApi(stack, '/api/staff', { token: withCode.IdToken })).status).toBe(200);
    const account = await ownAccount(withCode.IdToken);
    expect(account.body).toMatchObject({ role: 'admin', mfaEnabled: true, secondFactor: true });
    const enabledAt = Date.parse(account.body.mfaEnabledAt!);
    expect(enabledAt).toBeLessThanOrEqual(Number(claimsOf(withCode.IdToken).auth_time) * 1000);

    const [entry] = await staffEntries(adminToken, id);
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'staff',
      entityId: id,
      actor: { id, email },
      changes: { mfa: { from: false, to: true } },
    });
  });

  it('keeps a session that signed in with the code after the confirmation working through refreshes', async () => {
    const email = newEmail('refreshing.admin');
    const { session } = await createAdminWithSecondFactor(stack, email, password);
    const refreshed = await refreshWith(session.RefreshToken);
    expect(refreshed.status).toBe(200);
    const tokens = refreshed.body.AuthenticationResult as { IdToken: string };
    expect((await callApi(stack, '/api/staff', { token: tokens.IdToken })).status).toBe(200);
  });

  it('stops counting a confirmation once the app is turned off in Cognito directly; setting it up again needs a new one', async () => {
    const email = newEmail('recovered.admin');
    const { session } = await createAdminWithSecondFactor(stack, email, password);
    const id = idOf(session);
    expect((await callApi(stack, '/api/staff', { token: session.IdToken })).status).toBe(200);
    // An operator's recovery (docs/operations.md), or the person through Cognito's own API.
    await cognitoAdmin(stack, 'AdminSetUserMFAPreference', {
      Username: id,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    // Within the standing check's few seconds of cache, the next reads see it.
    await expect
      .poll(async () => (await callApi(stack, '/api/staff', { token: session.IdToken })).status)
      .toBe(403);
    expect(await reader.get(keys.accountSecurity(id))).not.toHaveProperty('mfaEnabledAt');
    // Back on in Cognito with the same session: not confirmed, so still no admin powers.
    await cognitoUserCall(stack, 'SetUserMFAPreference', {
      AccessToken: session.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    await expect.poll(async () => (await ownAccount(session.IdToken)).body.mfaEnabled).toBe(true);
    expect((await ownAccount(session.IdToken)).body.secondFactor).toBe(false);
    expect((await callApi(stack, '/api/staff', { token: session.IdToken })).status).toBe(403);
  });
});

describe('a sign-in with the password alone', () => {
  it('voids the confirmation: turning the app off, signing in without a code and turning it back on gives no admin powers', async () => {
    const email = newEmail('toggling.admin');
    const { session, secret } = await createAdminWithSecondFactor(stack, email, password);
    const id = idOf(session);
    expect((await callApi(stack, '/api/staff', { token: session.IdToken })).status).toBe(200);

    // With the live session's access token, straight to Cognito: the app off...
    const off = await cognitoUserCall(stack, 'SetUserMFAPreference', {
      AccessToken: session.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect(off.status).toBe(200);
    // ... a sign-in with the password alone (Cognito asks for no code)...
    const started = await cognitoClientCall(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(started.body.ChallengeName).toBeUndefined();
    const passwordOnly = started.body.AuthenticationResult as SignedIn;
    // ... which the PostAuthentication trigger saw: the confirmation is gone already...
    expect(await reader.get(keys.accountSecurity(id))).not.toHaveProperty('mfaEnabledAt');
    // ... so turning the app back on (its secret still verified) gives that session nothing.
    const on = await cognitoUserCall(stack, 'SetUserMFAPreference', {
      AccessToken: passwordOnly.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(on.status).toBe(200);
    // Past the standing check's few seconds of cache, for either token.
    await expect
      .poll(
        async () => (await callApi(stack, '/api/staff', { token: passwordOnly.IdToken })).status,
      )
      .toBe(403);
    expect((await ownAccount(passwordOnly.IdToken)).body).toMatchObject({
      mfaEnabled: true,
      mfaEnabledAt: null,
      secondFactor: false,
    });
    await expect
      .poll(async () => (await callApi(stack, '/api/staff', { token: session.IdToken })).status)
      .toBe(403);
    // A new sign-in with a code is not enough either: the app is confirmed again, then
    // the sign-in with a code after it has the powers back.
    const withCode = await signIn(stack, email, password, secret);
    expect((await callApi(stack, '/api/staff', { token: withCode.IdToken })).status).toBe(403);
    const confirmed = await callApi(stack, '/api/account/mfa', {
      method: 'POST',
      token: withCode.IdToken,
    });
    expect(confirmed.status).toBe(204);
    const again = await signIn(stack, email, password, secret);
    expect((await callApi(stack, '/api/staff', { token: again.IdToken })).status).toBe(200);
  });
});

describe('ending every session (sign out of all devices, a password change)', () => {
  it('refuses every token issued before, refresh tokens included; a new sign-in works; audited with the reason', async () => {
    const email = newEmail('revoking.staff');
    await createUser(stack, email, password, 'staff');
    const here = await signIn(stack, email, password);
    const elsewhere = await signIn(stack, email, password);
    const id = idOf(here);

    const invalid = await callApi(stack, '/api/account/sessions/revoke', {
      method: 'POST',
      token: here.IdToken,
      body: { reason: 'boredom' },
    });
    expect(invalid.status).toBe(400);

    const revoked = await callApi(stack, '/api/account/sessions/revoke', {
      method: 'POST',
      token: here.IdToken,
      body: { reason: 'signOutEverywhere' },
    });
    expect(revoked.status).toBe(204);
    for (const old of [here, elsewhere]) {
      expect((await callApi(stack, '/api/account', { token: old.IdToken })).status).toBe(401);
      expect((await callApi(stack, '/api/products?limit=1', { token: old.IdToken })).status).toBe(
        401,
      );
      expect((await refreshWith(old.RefreshToken)).status).toBe(400);
    }

    const again = await signIn(stack, email, password);
    expect((await callApi(stack, '/api/account', { token: again.IdToken })).status).toBe(200);
    const own = await callApi<{ items: AuditEntry[] }>(stack, `/api/audit?actor=${id}`, {
      token: again.IdToken,
    });
    expect(own.body.items[0]).toMatchObject({
      action: 'revoke',
      entity: 'staff',
      entityId: id,
      changes: { reason: { from: null, to: 'signOutEverywhere' } },
    });
  });
});

describe('a password reset through "Forgot password"', () => {
  it('ends every session: tokens from before are refused, refresh tokens too; the new password signs in; audited', async () => {
    const email = newEmail('forgetful.staff');
    await createUser(stack, email, password, 'staff');
    const before = await signIn(stack, email, password);
    const id = idOf(before);
    expect((await ownAccount(before.IdToken)).status).toBe(200);

    expect((await cognitoClientCall(stack, 'ForgotPassword', { Username: email })).status).toBe(
      200,
    );
    const [mail] = await mailsTo(stack, email);
    const code = /[?&]code=(\d{6})/.exec(mail?.body.html ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const newPassword = 'Forgot-Password-2026!';
    const reset = await cognitoClientCall(stack, 'ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: newPassword,
    });
    expect(reset.status).toBe(200);

    // Recorded before Cognito answered; the API sees it past its few seconds of cache.
    const record = await reader.get(keys.accountSecurity(id));
    expect(record?.revokedBefore).toBeGreaterThan(Number(claimsOf(before.IdToken).auth_time));
    expect((await refreshWith(before.RefreshToken)).status).toBe(400);
    await expect
      .poll(async () => (await callApi(stack, '/api/account', { token: before.IdToken })).status)
      .toBe(401);
    const after = await signIn(stack, email, newPassword);
    expect((await ownAccount(after.IdToken)).status).toBe(200);

    const [entry] = await staffEntries(adminToken, id);
    expect(entry).toMatchObject({
      action: 'revoke',
      entity: 'staff',
      entityId: id,
      actor: { id, email },
      changes: { reason: { from: null, to: 'passwordReset' } },
    });
  });
});

describe('turning the authenticator app off', () => {
  it('needs a session signed in with the code: a password-only one is refused', async () => {
    const email = newEmail('no.app.staff');
    await createUser(stack, email, password, 'staff');
    const session = await signIn(stack, email, password);
    const refused = await callApi(stack, '/api/account/mfa', {
      method: 'DELETE',
      token: session.IdToken,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.messageKey).toBe('errors.recentSignInRequired');
  });

  it('turns it off from a fresh sign-in with a code: sessions end, the password alone signs in, admin powers need a new set-up', async () => {
    const email = newEmail('leaving.admin');
    const { session } = await createAdminWithSecondFactor(stack, email, password);
    const id = idOf(session);
    const off = await callApi(stack, '/api/account/mfa', {
      method: 'DELETE',
      token: session.IdToken,
    });
    expect(off.status).toBe(204);
    expect((await callApi(stack, '/api/account', { token: session.IdToken })).status).toBe(401);
    expect((await refreshWith(session.RefreshToken)).status).toBe(400);
    const user = await cognitoAdmin(stack, 'AdminGetUser', { Username: id });
    expect(user.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');

    const passwordOnly = await signIn(stack, email, password);
    expect((await ownAccount(passwordOnly.IdToken)).body).toMatchObject({
      role: 'admin',
      mfaEnabled: false,
      mfaEnabledAt: null,
      secondFactor: false,
    });
    const refused = await callApi(stack, '/api/staff', { token: passwordOnly.IdToken });
    expect(refused.body.error?.messageKey).toBe('errors.secondFactorRequired');
    const [entry] = await staffEntries(adminToken, id);
    expect(entry).toMatchObject({ action: 'update', changes: { mfa: { from: true, to: false } } });

    // Set up again, it works again, after its own confirmation.
    const again = await enrolTotp(stack, email, password);
    expect((await callApi(stack, '/api/staff', { token: again.tokens.IdToken })).status).toBe(200);
  });
});
