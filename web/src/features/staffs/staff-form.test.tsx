import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createStaffSchema,
  staffMailSchema,
  type StaffMember,
} from '../../../../lambdas/shared/contract/schemas/staff';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import type * as ApiClient from '../../lib/api-client';

const api = vi.hoisted(() => ({ answers: [] as unknown[], calls: [] as unknown[] }));
// The contract's client with the answers given here, read with the route's answer schema.
vi.mock('../../lib/api-client', async (original) => {
  const client = await original<typeof ApiClient>();
  return {
    ...client,
    api: async (...[table, key, input]: Parameters<typeof client.api>) => {
      api.calls.push({ route: key, ...(input as object) });
      return client.answerParser(table, key)(api.answers.shift());
    },
  };
});

const { createStaff } = await import('./api');
const { firstPassword, staffCreatedMessage, staffFormInput } = await import('./staff-form');
const { sendStaffAction } = await import('./components/staff-action-modal');
const { LastSignInCell, MfaBadge, StaffStatusCell } = await import('./components/staff-cells');

const member: StaffMember = {
  id: 'sub-1',
  name: 'Lin Mei-ling',
  email: 'lin@example.com',
  role: 'staff',
  status: 'invited',
  mfaEnabled: false,
  lastSignInAt: null,
  invitedAt: '2026-11-26T08:00:00.000Z',
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
};

const typed = { name: 'Lin Mei-ling', email: 'lin@example.com', role: 'staff' };

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  api.answers = [];
  api.calls = [];
});

describe('the add-staff form’s first password', () => {
  it('sends no password when none is typed: the person is mailed an invitation', () => {
    const values = { ...typed, password: '', language: 'zh' };
    expect(firstPassword(values)).toBe('invitation');
    const input = staffFormInput(values);
    expect(input).toEqual({ ...typed, language: 'zh' });
    expect(input).not.toHaveProperty('password');
    const parsed = createStaffSchema.parse(input);
    expect(parsed.password).toBeUndefined();
    expect(staffCreatedMessage(parsed)).toBe('addStaff.createdInvited');
  });

  it('sends a typed password as the temporary one, checked by the password rules', () => {
    const values = { ...typed, password: 'Temporary-Pass-2026!', language: 'en' };
    expect(firstPassword(values)).toBe('temporary');
    const parsed = createStaffSchema.parse(staffFormInput(values));
    expect(parsed.password).toBe('Temporary-Pass-2026!');
    expect(staffCreatedMessage(parsed)).toBe('addStaff.createdTemporary');
    const weak = createStaffSchema.safeParse(staffFormInput({ ...values, password: 'short' }));
    expect(weak.success).toBe(false);
  });

  it('posts what the form checked to POST /api/staff', async () => {
    api.answers.push(member);
    const fields = createStaffSchema.parse(
      staffFormInput({ ...typed, password: '', language: 'zh' }),
    );
    expect(await createStaff(fields)).toEqual(member);
    expect(api.calls).toEqual([{ route: 'POST /api/staff', body: { ...typed, language: 'zh' } }]);
  });

  it('says in the toast which way the person gets their password', () => {
    const t = i18n.getFixedT('en');
    expect(t('addStaff.createdInvited', { email: 'lin@example.com', language: 'English' })).toBe(
      'Staff Added Successfully. An invitation has been mailed to lin@example.com (English).',
    );
    expect(t('addStaff.createdTemporary', { email: 'lin@example.com' })).toContain(
      'temporary password',
    );
    expect(
      i18n.getFixedT('zh')('addStaff.createdInvited', { email: 'a@b.c', language: '英文' }),
    ).toContain('邀請郵件已寄至 a@b.c');
  });
});

describe('the staff table’s sign-in help', () => {
  const choices = { role: 'staff' as const, language: 'zh' as const };

  it('sends each action to its route, with the mail’s language where a mail goes out', async () => {
    api.answers.push(
      member,
      { ...member, status: 'resetRequired' },
      { ...member, mfaEnabled: false },
    );
    await sendStaffAction('resendInvitation', member, choices);
    await sendStaffAction('resetPassword', member, choices);
    await sendStaffAction('resetMfa', member, choices);
    expect(api.calls).toEqual([
      {
        route: 'POST /api/staff/{id}/invitation',
        params: { id: 'sub-1' },
        body: { language: 'zh' },
      },
      {
        route: 'POST /api/staff/{id}/password-reset',
        params: { id: 'sub-1' },
        body: { language: 'zh' },
      },
      { route: 'DELETE /api/staff/{id}/mfa', params: { id: 'sub-1' } },
    ]);
    for (const call of api.calls.slice(0, 2)) {
      expect(staffMailSchema.safeParse((call as { body: unknown }).body).success).toBe(true);
    }
  });

  it('sends role and access changes as PATCH /api/staff/{id}', async () => {
    api.answers.push({ ...member, status: 'disabled' });
    await sendStaffAction('disable', member, choices);
    expect(api.calls).toEqual([
      { route: 'PATCH /api/staff/{id}', params: { id: 'sub-1' }, body: { enabled: false } },
    ]);
  });
});

describe('the staff table’s sign-in columns, as drawn', () => {
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('names the new states in both languages', async () => {
    const says = (status: StaffMember['status']) =>
      text(renderToStaticMarkup(<StaffStatusCell member={{ status }} />));
    expect(says('invited')).toBe('Invited');
    expect(says('invitationExpired')).toBe('Invitation expired');
    expect(says('resetRequired')).toBe('Reset required');
    await i18n.changeLanguage('zh');
    try {
      expect(says('invited')).toBe('已邀請');
      expect(says('invitationExpired')).toBe('邀請已過期');
      expect(says('resetRequired')).toBe('待重設密碼');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows "Never" for an account that has not signed in, else the date and time', () => {
    expect(text(renderToStaticMarkup(<LastSignInCell member={{ lastSignInAt: null }} />))).toBe(
      'Never',
    );
    const signedIn = text(
      renderToStaticMarkup(<LastSignInCell member={{ lastSignInAt: '2026-11-20T09:15:00Z' }} />),
    );
    expect(signedIn).toMatch(/2026/);
    expect(signedIn).not.toContain('Never');
  });

  it('marks the authenticator app on or off', () => {
    const on = renderToStaticMarkup(<MfaBadge member={{ mfaEnabled: true }} />);
    const off = renderToStaticMarkup(<MfaBadge member={{ mfaEnabled: false }} />);
    expect(on).toContain('data-mfa="on"');
    expect(text(on)).toBe('On');
    expect(off).toContain('data-mfa="off"');
    expect(text(off)).toBe('Off');
  });
});
