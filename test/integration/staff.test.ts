import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffList, StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { callApi, mailsTo } from '../support/api';
import { cognitoAdmin, cognitoClientCall, signIn } from '../support/cognito';
import { setSelfRegistration } from '../support/sign-up';
import { createStaffAccount, enrolTotp, firstSignIn } from '../support/staff-accounts';

const stack = inject('stack');
let adminToken: string;
let adminId: string;

const asAdmin = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token: adminToken });

async function listAll(filter = ''): Promise<StaffMember[]> {
  const query = filter ? `&filter=${encodeURIComponent(filter)}` : '';
  return (await asAdmin<StaffList>(`/api/staff?limit=1000${query}`)).body.items;
}

const cognitoCall = (target: string, body: object) => cognitoClientCall(stack, target, body);

const validStaff = (email: string, role: 'staff' | 'admin' = 'staff') => ({
  name: 'Chen Mei-Ling',
  email,
  password: 'Valve-Tester-2026!',
  role,
});

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  adminId = JSON.parse(Buffer.from(adminToken.split('.')[1]!, 'base64url').toString())[
    'cognito:username'
  ];
});

describe('POST /api/staff', () => {
  it('creates an account whose typed password is temporary: the first sign-in asks for a new one', async () => {
    const created = await asAdmin<StaffMember>('/api/staff', {
      method: 'POST',
      body: validStaff('Mei.Chen@Example.com'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Chen Mei-Ling',
      email: 'mei.chen@example.com',
      role: 'staff',
      status: 'invited',
      mfaEnabled: false,
      lastSignInAt: null,
    });
    expect(Date.parse(created.body.invitedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing is mailed: the admin hands the temporary password over.
    expect(await mailsTo(stack, 'mei.chen@example.com')).toEqual([]);
    await expect(signIn(stack, 'mei.chen@example.com', 'Valve-Tester-2026!')).rejects.toThrow(
      /NEW_PASSWORD_REQUIRED/,
    );
    const tokens = await firstSignIn(
      stack,
      'mei.chen@example.com',
      'Valve-Tester-2026!',
      'Her-Own-Choice-2026!',
    );
    const claims = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString());
    expect(claims['custom:role']).toBe('staff');
    // The temporary password is gone; hers works.
    await expect(signIn(stack, 'mei.chen@example.com', 'Valve-Tester-2026!')).rejects.toThrow();
    expect(
      (await signIn(stack, 'mei.chen@example.com', 'Her-Own-Choice-2026!')).IdToken,
    ).toBeTruthy();
    const [listed] = await listAll('mei.chen@');
    expect(listed).toMatchObject({ status: 'active', invitedAt: null });
  });

  it('refuses a taken email with a field error, whatever its case', async () => {
    await asAdmin('/api/staff', { method: 'POST', body: validStaff('dup@example.com') });
    const again = await asAdmin('/api/staff', {
      method: 'POST',
      body: validStaff('DUP@example.com'),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'already-exists',
      fields: { email: 'An account with this email already exists' },
    });
  });

  it.each([
    ['a script in the name', { name: '<script>alert(1)</script>' }, 'name'],
    ['an over-long name', { name: 'A'.repeat(101) }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['a short password', { password: 'Short-1!' }, 'password'],
    ['a password without a symbol', { password: 'Valvetester2026' }, 'password'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an unknown role', { role: 'owner' }, 'role'],
    ['an unknown field', { isAdmin: true }, 'isAdmin'],
    ['a prototype-pollution key', JSON.parse('{"__proto__": {"role": "admin"}}'), '__proto__'],
  ])('refuses %s with 400 and stores nothing', async (_, change, field) => {
    const email = `bad-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await asAdmin('/api/staff', {
      method: 'POST',
      body: { ...validStaff(email), ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid-argument');
    expect(Object.keys(response.body.error?.fields ?? {})).toContain(field);
    expect((await listAll(email)).length).toBe(0);
  });

  it('refuses malformed JSON', async () => {
    const response = await asAdmin('/api/staff', { method: 'POST', body: '{"name":' });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe('The request body is not valid JSON.');
  });
});

describe('GET /api/staff', () => {
  beforeAll(async () => {
    for (const name of ['Lin Pagination', 'Wang Pagination', 'Huang Pagination']) {
      const email = `${name.split(' ')[0]!.toLowerCase()}.page@example.com`;
      await asAdmin('/api/staff', { method: 'POST', body: { ...validStaff(email), name } });
    }
  });

  it('filters on name and email, case-insensitively, sorted by name', async () => {
    const names = (await listAll('PAGINATION')).map((member) => member.name);
    expect(names).toEqual(['Huang Pagination', 'Lin Pagination', 'Wang Pagination']);
    expect((await listAll('wang.page@')).map((member) => member.name)).toEqual(['Wang Pagination']);
  });

  it('pages with an opaque cursor and reports the total', async () => {
    const first = await asAdmin<StaffList>('/api/staff?limit=2&filter=pagination');
    expect(first.body.total).toBe(3);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await asAdmin<StaffList>(
      `/api/staff?limit=2&filter=pagination&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((member) => member.name)).toEqual(['Wang Pagination']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('sorts by MFA: accounts without an authenticator app first, ties by name; the cursor bound to that order', async () => {
    const password = 'Mfa-Sort-2026!';
    for (const name of ['Ann Mfasort', 'Zed Mfasort']) {
      const email = `${name.split(' ')[0]!.toLowerCase()}.mfasort@example.com`;
      await createStaffAccount(stack, adminToken, { name, email, password, role: 'staff' });
    }
    await enrolTotp(stack, 'ann.mfasort@example.com', password);
    const byMfa = await asAdmin<StaffList>('/api/staff?limit=1&sort=mfa&filter=mfasort');
    expect(byMfa.status).toBe(200);
    expect(byMfa.body.total).toBe(2);
    expect(byMfa.body.items.map((member) => [member.name, member.mfaEnabled])).toEqual([
      ['Zed Mfasort', false],
    ]);
    const next = await asAdmin<StaffList>(
      `/api/staff?limit=1&sort=mfa&filter=mfasort&cursor=${byMfa.body.nextCursor}`,
    );
    expect(next.body.items.map((member) => [member.name, member.mfaEnabled])).toEqual([
      ['Ann Mfasort', true],
    ]);
    expect(next.body.nextCursor).toBeNull();
    // By name the other way round; the MFA order's cursor is refused there.
    const byName = await asAdmin<StaffList>('/api/staff?limit=10&filter=mfasort');
    expect(byName.body.items.map((member) => member.name)).toEqual(['Ann Mfasort', 'Zed Mfasort']);
    const crossed = await asAdmin(
      `/api/staff?limit=1&sort=name&filter=mfasort&cursor=${byMfa.body.nextCursor}`,
    );
    expect(crossed.status).toBe(400);
  });

  it.each([
    'limit=0',
    'limit=1001',
    'limit=ten',
    'cursor=%21%21',
    'sort=email',
    'mfa=maybe',
    'notSignedInSince=2026-02-30',
  ])('refuses the query %s', async (query) => {
    const response = await asAdmin(`/api/staff?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid-argument');
  });
});

describe('PATCH /api/staff/{id}', () => {
  it('approves a registered account: it has no role until then', async () => {
    const email = 'applicant@example.com';
    await setSelfRegistration(stack, true);
    const signUp = await cognitoCall('SignUp', {
      Username: email,
      Password: 'Applicant-2026!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Applicant' },
      ],
    });
    expect(signUp.status).toBe(200);
    await setSelfRegistration(stack, false);
    const [mail] = await mailsTo(stack, email);
    const code = /letter-spacing:4px">(\d+)</.exec(mail!.body.html ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await cognitoCall('ConfirmSignUp', { Username: email, ConfirmationCode: code })).status,
    ).toBe(200);

    const [pending] = await listAll(email);
    expect(pending).toMatchObject({ status: 'pending', role: null });
    const before = await signIn(stack, email, 'Applicant-2026!');
    expect(
      JSON.parse(Buffer.from(before.IdToken.split('.')[1]!, 'base64url').toString()),
    ).not.toHaveProperty('custom:role');

    const approved = await asAdmin<StaffMember>(`/api/staff/${pending!.id}`, {
      method: 'PATCH',
      body: { role: 'staff' },
    });
    expect(approved.body).toMatchObject({ status: 'active', role: 'staff' });
    const after = await signIn(stack, email, 'Applicant-2026!');
    const claims = JSON.parse(Buffer.from(after.IdToken.split('.')[1]!, 'base64url').toString());
    expect(claims['custom:role']).toBe('staff');
  });

  it('disables an account so it cannot sign in or refresh, and enables it again', async () => {
    const email = 'leaver@example.com';
    const created = { body: await createStaffAccount(stack, adminToken, validStaff(email)) };
    const session = await signIn(stack, email, 'Valve-Tester-2026!');

    const disabled = await asAdmin<StaffMember>(`/api/staff/${created.body.id}`, {
      method: 'PATCH',
      body: { enabled: false },
    });
    expect(disabled.body.status).toBe('disabled');
    await expect(signIn(stack, email, 'Valve-Tester-2026!')).rejects.toThrow(/User is disabled/);
    const refresh = await cognitoCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.RefreshToken },
    });
    expect(refresh.status).toBe(400);

    const enabled = await asAdmin<StaffMember>(`/api/staff/${created.body.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    });
    expect(enabled.body.status).toBe('active');
    expect((await signIn(stack, email, 'Valve-Tester-2026!')).IdToken).toBeTruthy();
  });

  it('refuses changes to your own account', async () => {
    const response = await asAdmin(`/api/staff/${adminId}`, {
      method: 'PATCH',
      body: { role: 'staff' },
    });
    expect(response.status).toBe(403);
    expect(response.body.error?.message).toBe('You cannot change your own role or status');
    // Cognito also finds an account by its email: named so, it is not found at all.
    for (const id of [stack.admin.email, stack.admin.email.toUpperCase()]) {
      const byEmail = await asAdmin(`/api/staff/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { role: 'staff' },
      });
      expect(byEmail.status, id).toBe(404);
    }
  });

  it('answers 404 for an unknown account and 400 for an empty change', async () => {
    expect(
      (await asAdmin('/api/staff/unknown-id', { method: 'PATCH', body: { enabled: false } }))
        .status,
    ).toBe(404);
    const empty = await asAdmin(`/api/staff/unknown-id`, { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
  });

  it('lets exactly one of two admins demoting each other win; an admin always remains', async () => {
    for (const round of [1, 2, 3]) {
      const emails = [`duel${round}a@example.com`, `duel${round}b@example.com`];
      const ids: string[] = [];
      for (const email of emails) {
        ids.push((await createStaffAccount(stack, adminToken, validStaff(email, 'admin'))).id);
      }
      // Admin powers need the second factor.
      const [tokenA, tokenB] = await Promise.all(
        emails.map(
          async (email) => (await enrolTotp(stack, email, 'Valve-Tester-2026!')).tokens.IdToken,
        ),
      );
      const results = await Promise.all([
        callApi(stack, `/api/staff/${ids[1]}`, {
          method: 'PATCH',
          token: tokenA,
          body: { enabled: false },
        }),
        callApi(stack, `/api/staff/${ids[0]}`, {
          method: 'PATCH',
          token: tokenB,
          body: { enabled: false },
        }),
      ]);
      const statuses = results.map((result) => result.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 403]);
      const remaining = (await listAll(`duel${round}`)).filter(
        (member) => member.status === 'active',
      );
      expect(remaining, `round ${round}`).toHaveLength(1);
    }
  });

  it('keeps the seeded admin active through all of the above', async () => {
    const admin = await cognitoAdmin(stack, 'AdminGetUser', { Username: stack.admin.email });
    expect(admin.Enabled).toBe(true);
  });
});
