import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { SiteSettings } from '../../lambdas/shared/contract/schemas/settings';
import { callApi } from '../support/api';
import { cognitoClientCall, createUser, signIn } from '../support/cognito';

const stack = inject('stack');
const tag = Math.random().toString(36).slice(2, 8);
let adminToken: string;
let staffToken: string;

const asAdmin = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token: adminToken });

async function save(change: Partial<Pick<SiteSettings, 'publicVerdicts' | 'selfRegistration'>>) {
  const current = (await asAdmin<SiteSettings>('/api/settings')).body;
  return asAdmin<SiteSettings>('/api/settings', {
    method: 'PUT',
    body: { publicVerdicts: current.publicVerdicts, ...change, version: current.version },
  });
}

/** Cognito's SignUp from the registration page. */
const signUp = (email: string) =>
  cognitoClientCall(stack, 'SignUp', {
    Username: email,
    Password: 'Applicant-2026!',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Applicant' },
    ],
  });

async function signUpState() {
  const response = await fetch(`${stack.appUrl}/api/sign-up`);
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as { open: boolean },
  };
}

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const staffEmail = `settings.staff.${tag}@example.com`;
  await createUser(stack, staffEmail, 'Settings-Staff-2026!', 'staff');
  staffToken = (await signIn(stack, staffEmail, 'Settings-Staff-2026!')).IdToken;
});

afterAll(async () => {
  // Closed again for the files that follow, as the stack starts.
  await save({ selfRegistration: false });
});

describe('self-registration (site setting)', () => {
  it('is off by default: the public route says so and Cognito refuses sign-ups', async () => {
    expect((await asAdmin<SiteSettings>('/api/settings')).body.selfRegistration).toBe(false);
    const state = await signUpState();
    expect(state).toMatchObject({ status: 200, body: { open: false } });
    expect(state.cacheControl).toMatch(/max-age=\d$/);

    const refused = await signUp(`closed.${tag}@example.com`);
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('UserLambdaValidationException');
    expect(String(refused.body.message)).toContain('Sign-up is closed');
  });

  it('opens when an admin turns it on (audited), stays as it is when an edit leaves it out, and closes again', async () => {
    const opened = await save({ selfRegistration: true });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.selfRegistration).toBe(true);
    expect((await signUpState()).body).toEqual({ open: true });
    expect((await signUp(`open.${tag}@example.com`)).status).toBe(200);

    const history = await asAdmin<{ items: AuditEntry[] }>(
      '/api/audit?entity=settings&id=site&limit=5',
    );
    expect(history.body.items[0]).toMatchObject({
      changes: { selfRegistration: { from: false, to: true } },
    });

    // An edit of the verdicts alone (as older clients send it) leaves sign-up open.
    const verdicts = await save({ publicVerdicts: opened.body.publicVerdicts });
    expect(verdicts.body.selfRegistration).toBe(true);

    const closed = await save({ selfRegistration: false });
    expect(closed.body.selfRegistration).toBe(false);
    expect((await signUpState()).body).toEqual({ open: false });
    expect((await signUp(`closed.again.${tag}@example.com`)).status).toBe(400);
  });

  it('is changed by admins only; staff read it', async () => {
    const current = (await asAdmin<SiteSettings>('/api/settings')).body;
    const refused = await callApi(stack, '/api/settings', {
      method: 'PUT',
      token: staffToken,
      body: {
        publicVerdicts: current.publicVerdicts,
        selfRegistration: true,
        version: current.version,
      },
    });
    expect(refused.status).toBe(403);
    const read = await callApi<SiteSettings>(stack, '/api/settings', { token: staffToken });
    expect(read.body.selfRegistration).toBe(false);
  });
});
