import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { StaffList, StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { callApi, mailsTo } from '../support/api';
import { cognitoClientCall, signIn } from '../support/cognito';
import { createStaffAccount, enrolTotp, firstSignIn } from '../support/staff-accounts';
import { tableReader } from '../support/table';

const stack = inject('stack');
const tag = Math.random().toString(36).slice(2, 8);
let adminToken: string;
let adminId: string;

const asAdmin = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token: adminToken });
const emailOf = (name: string) => `${name}.${tag}@example.com`;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, string>;

/** The account as the staff list shows it (found by its email). */
async function listed(email: string): Promise<StaffMember> {
  const page = await asAdmin<StaffList>(
    `/api/staff?limit=1000&filter=${encodeURIComponent(email)}`,
  );
  const member = page.body.items.find((item) => item.email === email);
  if (!member) throw new Error(`${email} is not in the staff list`);
  return member;
}

/** The account's audit entries, newest first. */
async function history(id: string): Promise<AuditEntry[]> {
  const page = await asAdmin<{ items: AuditEntry[] }>(
    `/api/audit?entity=staff&id=${encodeURIComponent(id)}&limit=50`,
  );
  return page.body.items;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The temporary password of the newest invitation mail to `email`, and that mail. */
async function invitation(email: string, count = 1) {
  await expect.poll(async () => (await mailsTo(stack, email)).length).toBe(count);
  const mail = (await mailsTo(stack, email)).at(-1)!;
  const html = mail.body.html ?? '';
  const password = /(?:Temporary password|臨時密碼): <strong>(.+?)<\/strong>/.exec(html)?.[1];
  if (!password) throw new Error(`No temporary password in ${html}`);
  return { mail, html, password: unescapeHtml(password) };
}

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  adminId = claimsOf(adminToken)['cognito:username']!;
});

describe('invitations', () => {
  it('mails an invitation in the chosen language; the temporary password leads to a forced change, then the list shows the sign-in', async () => {
    const email = emailOf('invitee');
    const created = await asAdmin<StaffMember>('/api/staff', {
      method: 'POST',
      body: { name: 'Invited Person', email, role: 'staff', language: 'zh' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'invited',
      lastSignInAt: null,
      mfaEnabled: false,
    });
    expect(await listed(email)).toMatchObject({ status: 'invited', lastSignInAt: null });

    const { mail, html, password } = await invitation(email);
    expect(mail.subject).toBe('您的測試報告中心帳號');
    // The email is the sign-in name; the sign-in link; the validity.
    expect(html).toContain(`電子郵件: <strong>${email}</strong>`);
    expect(html).toContain(`href="${stack.appUrl}/login"`);
    expect(html).toContain('7 天後失效');

    await expect(signIn(stack, email, password)).rejects.toThrow(/NEW_PASSWORD_REQUIRED/);
    const tokens = await firstSignIn(stack, email, password, 'Chosen-By-Me-2026!');
    expect(claimsOf(tokens.IdToken)['custom:role']).toBe('staff');
    expect((await callApi(stack, '/api/products?limit=1', { token: tokens.IdToken })).status).toBe(
      200,
    );
    await expect(signIn(stack, email, password)).rejects.toThrow();

    // The PostAuthentication trigger recorded the sign-in.
    await expect.poll(async () => (await listed(email)).lastSignInAt).not.toBeNull();
    expect(await listed(email)).toMatchObject({ status: 'active', invitedAt: null });

    const [entry] = await history(created.body.id);
    expect(entry).toMatchObject({
      action: 'create',
      changes: { invitation: { from: null, to: 'mail' }, role: { from: null, to: 'staff' } },
    });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('resends an invitation: a new mail, the old temporary password stops working; audited', async () => {
    const email = emailOf('resent');
    const created = await asAdmin<StaffMember>('/api/staff', {
      method: 'POST',
      body: { name: 'Resent Person', email, role: 'staff', language: 'en' },
    });
    const first = await invitation(email);
    expect(first.mail.subject).toBe('Your Test Report Center account');

    const resent = await asAdmin<StaffMember>(`/api/staff/${created.body.id}/invitation`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.status).toBe('invited');
    expect(resent.body.invitedAt! >= created.body.invitedAt!).toBe(true);
    const second = await invitation(email, 2);
    expect(second.password).not.toBe(first.password);

    await expect(signIn(stack, email, first.password)).rejects.toThrow(/Incorrect|NotAuthorized/);
    await expect(signIn(stack, email, second.password)).rejects.toThrow(/NEW_PASSWORD_REQUIRED/);

    const [entry] = await history(created.body.id);
    expect(entry).toMatchObject({
      action: 'resend',
      actor: { id: adminId },
      changes: { invitedAt: { to: resent.body.invitedAt } },
    });

    // Once signed in, there is no invitation to resend.
    await firstSignIn(stack, email, second.password, 'Chosen-By-Me-2026!');
    const again = await asAdmin(`/api/staff/${created.body.id}/invitation`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(
      'This account has no pending invitation: it has already signed in.',
    );
    expect(await mailsTo(stack, email)).toHaveLength(2);
  });

  it('shows an invitation older than 7 days as expired', async () => {
    const email = emailOf('expired');
    const created = await asAdmin<StaffMember>('/api/staff', {
      method: 'POST',
      body: { name: 'Late Person', email, password: 'Typed-Temporary-2026!', role: 'staff' },
    });
    expect(created.body.status).toBe('invited');
    // Aged in the table, as eight days would.
    await tableReader(stack).set(
      { pk: 'ACCOUNTSEC', sk: created.body.id },
      { invitedAt: new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString() },
    );
    expect((await listed(email)).status).toBe('invitationExpired');
  });
});

describe('password resets by an admin', () => {
  it("ends the person's sessions and mails a code; they choose a new password with it", async () => {
    const email = emailOf('reset');
    const account = await createStaffAccount(stack, adminToken, {
      name: 'Reset Person',
      email,
      password: 'Before-Reset-2026!',
      role: 'staff',
    });
    const session = await signIn(stack, email, 'Before-Reset-2026!');
    expect((await callApi(stack, '/api/account', { token: session.IdToken })).status).toBe(200);

    const reset = await asAdmin<StaffMember>(`/api/staff/${account.id}/password-reset`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.status).toBe('resetRequired');
    // The ID token issued before the reset is refused at once, and cannot be renewed.
    expect((await callApi(stack, '/api/account', { token: session.IdToken })).status).toBe(401);
    const refreshed = await cognitoClientCall(stack, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.RefreshToken },
    });
    expect(refreshed.status).toBe(400);
    await expect(signIn(stack, email, 'Before-Reset-2026!')).rejects.toThrow(
      /PasswordResetRequired/,
    );

    await expect.poll(async () => (await mailsTo(stack, email)).length).toBe(1);
    const [mail] = await mailsTo(stack, email);
    expect(mail!.subject).toBe('Your Test Report Center password was reset');
    const link = new URL(/href="([^"]+)"/.exec(mail!.body.html ?? '')![1]!.replace(/&amp;/g, '&'));
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.appUrl}/reset-password`);
    const confirmed = await cognitoClientCall(stack, 'ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: link.searchParams.get('code'),
      Password: 'After-Reset-2026!',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await signIn(stack, email, 'After-Reset-2026!');
    expect((await callApi(stack, '/api/account', { token: after.IdToken })).status).toBe(200);
    expect((await listed(email)).status).toBe('active');

    // Newest first: the new password ended the sessions once more (the PostConfirmation
    // trigger, by the account itself), after the admin's reset, which ended them first
    // (an entry of its own: it stays should the reset itself be refused).
    const [ended, entry, revoked] = await history(account.id);
    expect(ended).toMatchObject({
      action: 'revoke',
      actor: { id: account.id },
      changes: { reason: { from: null, to: 'passwordReset' } },
    });
    expect(entry).toMatchObject({
      action: 'update',
      actor: { id: adminId },
      changes: { passwordReset: { from: false, to: true } },
    });
    expect(revoked).toMatchObject({
      action: 'revoke',
      actor: { id: adminId },
      changes: { reason: { from: null, to: 'adminReset' } },
    });
    expect(revoked!.changes.sessionsBefore).toMatchObject({ to: expect.stringMatching(/^\d{4}-/) });
  });

  it('refuses a reset of your own account and of an invited one', async () => {
    const own = await asAdmin(`/api/staff/${adminId}/password-reset`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(own.status).toBe(409);
    expect(own.body.error?.message).toBe('Use your own account page for your own account.');

    const email = emailOf('notyet');
    const invited = await asAdmin<StaffMember>('/api/staff', {
      method: 'POST',
      body: { name: 'Not Yet', email, password: 'Typed-Temporary-2026!', role: 'staff' },
    });
    const refused = await asAdmin(`/api/staff/${invited.body.id}/password-reset`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      'This person has not signed in yet: resend the invitation instead.',
    );
    expect(await mailsTo(stack, email)).toEqual([]);
  });

  it('refuses a reset of a disabled account, ending no session', async () => {
    const email = emailOf('disabledreset');
    const account = await createStaffAccount(stack, adminToken, {
      name: 'Disabled Reset',
      email,
      password: 'Disabled-Reset-2026!',
      role: 'staff',
    });
    const disabled = await asAdmin(`/api/staff/${account.id}`, {
      method: 'PATCH',
      body: { enabled: false },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const entries = (await history(account.id)).length;
    const refused = await asAdmin(`/api/staff/${account.id}/password-reset`, {
      method: 'POST',
      body: { language: 'en' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('This account is disabled: enable it first.');
    expect(await history(account.id)).toHaveLength(entries);
    expect(await mailsTo(stack, email)).toEqual([]);
  });
});

describe('MFA reset by another admin', () => {
  it("removes another admin's authenticator app: sessions end, they stay admin and must set one up again", async () => {
    const email = emailOf('lostphone');
    const account = await createStaffAccount(stack, adminToken, {
      name: 'Lost Phone',
      email,
      password: 'Lost-Phone-2026!',
      role: 'admin',
    });
    const { tokens, secret } = await enrolTotp(stack, email, 'Lost-Phone-2026!');
    expect((await callApi(stack, '/api/staff?limit=1', { token: tokens.IdToken })).status).toBe(
      200,
    );
    expect(await listed(email)).toMatchObject({ mfaEnabled: true });

    const reset = await asAdmin<StaffMember>(`/api/staff/${account.id}/mfa`, { method: 'DELETE' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ mfaEnabled: false, role: 'admin', status: 'active' });
    expect((await callApi(stack, '/api/staff?limit=1', { token: tokens.IdToken })).status).toBe(
      401,
    );

    // The password alone signs in now; admin routes want the second factor again.
    const passwordOnly = await signIn(stack, email, 'Lost-Phone-2026!');
    const refused = await callApi(stack, '/api/staff?limit=1', { token: passwordOnly.IdToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(
      'Admin actions need a sign-in with your authenticator app. Set it up on your account page, then sign in again.',
    );
    expect(secret).toBeTruthy();
    expect(await listed(email)).toMatchObject({ mfaEnabled: false });

    const [entry] = await history(account.id);
    expect(entry).toMatchObject({
      action: 'update',
      actor: { id: adminId },
      changes: { mfa: { from: true, to: false } },
    });

    const again = await asAdmin(`/api/staff/${account.id}/mfa`, { method: 'DELETE' });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('This account has no authenticator app.');
    const own = await asAdmin(`/api/staff/${adminId}/mfa`, { method: 'DELETE' });
    expect(own.status).toBe(409);
    expect(own.body.error?.code).toBe('aborted');
  });
});

describe('the staff list: last sign-in and MFA', () => {
  it('sorts by last sign-in and filters by MFA and by days without a sign-in, with totals and pages', async () => {
    const people = ['Alpha', 'Bravo', 'Charlie'].map((name) => ({
      name: `${name} Listing ${tag}`,
      email: emailOf(`${name.toLowerCase()}.listing`),
      password: `${name}-Listing-2026!`,
      role: 'staff' as const,
    }));
    for (const person of people) await createStaffAccount(stack, adminToken, person);
    // Alpha signed in long ago (aged in the table), Bravo just now, Charlie with a code.
    const reader = tableReader(stack);
    const alpha = await listed(people[0]!.email);
    await reader.set(
      { pk: 'ACCOUNTSEC', sk: alpha.id },
      { lastSignInAt: '2025-01-15T08:00:00.000Z' },
    );
    await enrolTotp(stack, people[2]!.email, people[2]!.password);
    const filter = `Listing ${tag}`;
    const page = (query: string) =>
      asAdmin<StaffList>(`/api/staff?filter=${encodeURIComponent(filter)}&${query}`);

    const bySignIn = await page('sort=lastSignIn&limit=10');
    expect(bySignIn.body.items[0]!.name).toBe(people[0]!.name);
    expect(bySignIn.body.items.map((member) => member.lastSignInAt)).not.toContain(null);
    const withMfa = await page('mfa=on&limit=10');
    expect(withMfa.body.items.map((member) => member.name)).toEqual([people[2]!.name]);
    expect(withMfa.body.total).toBe(1);
    const withoutMfa = await page('mfa=off&limit=1');
    expect(withoutMfa.body).toMatchObject({ total: 2 });
    expect(withoutMfa.body.items.map((member) => member.name)).toEqual([people[0]!.name]);
    const next = await page(`mfa=off&limit=1&cursor=${withoutMfa.body.nextCursor}`);
    expect(next.body.items.map((member) => member.name)).toEqual([people[1]!.name]);
    expect(next.body.nextCursor).toBeNull();
    // A cursor of one filter does not continue another.
    expect((await page(`mfa=on&limit=1&cursor=${withoutMfa.body.nextCursor}`)).status).toBe(400);

    const idle = await page('notSignedInSince=2026-01-01&limit=10');
    expect(idle.body.items.map((member) => member.name)).toEqual([people[0]!.name]);
    expect(idle.body.total).toBe(1);
  });
});
