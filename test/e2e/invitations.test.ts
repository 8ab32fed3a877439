/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import mailEn from '../../lambdas/shared/contract/messages/en.json';
import mailZh from '../../lambdas/shared/contract/messages/zh.json';
import type { StaffList, StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi, mailsTo } from '../support/api';
import { launchBrowser } from '../support/browser';
import { cognitoClientCall, createUser, setUpTotp, signIn } from '../support/cognito';
import { openPage, settled, setLook, untranslated } from './checks';
import { AppShell, chooseFromMenu, LoginPage } from './pages';

/**
 * Issue 29 §2 as a person meets it, in English and in Chinese: an admin adds a staff
 * member without a password, the person is mailed an invitation (read from the SES
 * emulator), signs in with the temporary password, must choose their own and reaches the
 * back office; the staff list says "Invited" before and shows the last sign-in after. A
 * typed temporary password leads to the same forced change. From the list's row actions
 * the admin resends an invitation, resets a password and an authenticator app (each
 * confirmed in a dialog, the mail in the language chosen). Screenshots of the staff
 * list (with a dialog open), the add form and the site settings at 1366 × 768, in both
 * languages and themes, go to /tmp/shots-staff/; none scrolls sideways.
 */
const stack = inject('stack');

type Language = 'en' | 'zh';
const web = { en: webEn, zh: webZh } as const;
const mail = { en: mailEn.mail, zh: mailZh.mail } as const;
const shotsDir = '/tmp/shots-staff';
const laptop = { width: 1366, height: 768 };

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toLowerCase();
const address = (what: string, language: Language) =>
  `invite.${what}.${language}.${tag}@example.com`;
/** The person's own password, chosen at first sign-in. */
const ownPassword = `Own-Choice-${tag}-2026!`;

let adminToken = '';
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: adminToken });

/** The account of `email` as the staff list answers it. */
async function listed(email: string): Promise<StaffMember> {
  const answer = await asAdmin<StaffList>(`/api/staff?filter=${encodeURIComponent(email)}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const member = answer.body.items.find((candidate) => candidate.email === email);
  if (!member) throw new Error(`${email} is not in the staff list`);
  return member;
}

/** The mails to `to` once there are `count` of them, oldest first. */
async function mailsOnceThere(to: string, count: number) {
  await expect
    .poll(async () => (await mailsTo(stack, to)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(stack, to);
}

const htmlText = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The temporary password an invitation mail gives, after its label. */
function temporaryPassword(html: string, language: Language): string {
  const label = mail[language].invitation.password;
  const found = new RegExp(`${label}: <strong>(.*?)</strong>`).exec(html)?.[1];
  if (!found) throw new Error(`No temporary password in the invitation: ${html.slice(0, 400)}`);
  return htmlText(found);
}

/** The toasts' texts, joined. */
const toasts = async (page: Page) =>
  (await new AppShell(page).toasts().allTextContents()).join(' | ');

/** The staff list filtered to `text` (every row shown holds it), and the row of `email`. */
async function staffRow(page: Page, text: string, email: string) {
  await openPage(page, `${stack.appUrl}/staffs`, 'staff-table');
  await page.locator('[data-testid="staff-filter"] input').fill(text);
  const rows = page.locator('[data-testid="staff-table"] tbody tr');
  await expect
    .poll(async () => {
      const shown = await rows.allTextContents();
      return shown.length > 0 && shown.every((row) => row.includes(text));
    })
    .toBe(true);
  const row = rows.filter({ hasText: email }).first();
  await row.waitFor();
  return row;
}

/** Picks the option of a Cloudscape Select whose label is exactly `label`. */
async function chooseExactly(page: Page, testId: string, label: string) {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await chooseFromMenu(
    page.locator(`[data-testid="${testId}"] button`).first(),
    page.getByRole('option', { name: exact }).first(),
  );
}

/** Opens a row's action menu and chooses `label`, then waits for the dialog. */
async function rowAction(page: Page, member: StaffMember, label: string) {
  const menu = page.locator(`[data-testid="staff-actions-${member.id}"] button`).first();
  await chooseFromMenu(menu, page.getByRole('menuitem', { name: label, exact: true }));
  await page.locator('[data-testid="staff-action"]').waitFor();
}

/** Whether the page or the staff table scrolls sideways (empty: neither does). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > window.innerWidth) {
      found.push(`page ${scrolling.scrollWidth} > ${window.innerWidth}`);
    }
    for (const table of document.querySelectorAll('table')) {
      let box: Element | null = table.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (box && box.scrollWidth > box.clientWidth + 1) {
        found.push(`table ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    return found;
  });

/**
 * The whole page at 1366 px wide (the window made as tall as the page, as the checks'
 * `screenshot` does), into /tmp/shots-staff.
 */
async function shot(page: Page, name: string) {
  await settled(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: laptop.width,
    height: Math.min(Math.max(height, 768), 2400),
  });
  try {
    await page.screenshot({ path: join(shotsDir, `${name}.png`) });
  } finally {
    await page.setViewportSize(laptop);
  }
}

/** Signs the person in on a fresh page: the temporary password, then their own. */
async function firstSignIn(page: Page, email: string, temporary: string, language: Language) {
  await page.goto(`${stack.appUrl}/login`);
  await setLook(page, language, 'light');
  await page.reload();
  await new LoginPage(page).signIn(email, temporary);
  await page.locator('[data-testid="new-password-form"]').waitFor();
  await page.locator('[data-testid="new-password"] input').fill(ownPassword);
  await page.locator('[data-testid="new-password-confirm"] input').fill(ownPassword);
  await page.locator('[data-testid="new-password-submit"]').click();
  await page.waitForURL(/\/dashboard$/);
  await page.locator('[data-testid="dashboard-header"]').waitFor();
}

describe.each(['en', 'zh'] as const)('staff invitations and sign-in help (%s)', (language) => {
  const texts = web[language];
  const staffs = texts.staffs;
  const names = {
    invited: language === 'en' ? `Ivy Invited ${tag}` : `林邀請 ${tag}`,
    typed: language === 'en' ? `Tom Typed ${tag}` : `陳臨時 ${tag}`,
    helped: language === 'en' ? `Hal Helped ${tag}` : `王協助 ${tag}`,
    waiting: language === 'en' ? `Wanda Waiting ${tag}` : `張等待 ${tag}`,
  };
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let admin: Page;

  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    // An account that stays invited, for the list's pictures.
    const waiting = await asAdmin<StaffMember>('/api/staff', 'POST', {
      name: names.waiting,
      email: address('waiting', language),
      role: 'staff',
      language,
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    browser = await launchBrowser();
    admin = await browser.context.newPage();
    await admin.setViewportSize(laptop);
    await admin.goto(`${stack.appUrl}/login`);
    await setLook(admin, language, 'light');
    await admin.reload();
    await new LoginPage(admin).signIn(stack.admin.email, stack.admin.password);
    await admin.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('mails an invitation when no password is typed; the person chooses their own at first sign-in', async () => {
    const email = address('invited', language);
    await openPage(admin, `${stack.appUrl}/add-staff`, 'staff-form');
    const field = (testId: string) => admin.locator(`[data-testid="${testId}"] input`).first();
    await field('staff-name').fill(names.invited);
    await field('staff-email').fill(email);
    // The password left empty: the mail's language is asked, the interface's by default.
    expect(await admin.locator('[data-testid="staff-language"]').textContent()).toContain(
      texts.language[language],
    );
    expect(await admin.locator('[data-testid="staff-first-sign-in"]').textContent()).toBe(
      texts.addStaff.willInvite,
    );
    await admin.locator('[data-testid="staff-submit"]').click();
    await expect
      .poll(() => toasts(admin))
      .toContain(
        texts.addStaff.createdInvited
          .replace('{{email}}', email)
          .replace('{{language}}', texts.language[language]),
      );
    await admin.waitForURL(/\/staffs$/);

    // Invited, never signed in, no authenticator app: in the list and in the API.
    const invited = await listed(email);
    expect(invited).toMatchObject({ status: 'invited', lastSignInAt: null, mfaEnabled: false });
    expect(invited.invitedAt).not.toBeNull();
    const row = await staffRow(admin, tag, email);
    expect(await row.textContent()).toContain(staffs.status.invited);
    expect(await row.textContent()).toContain(staffs.never);

    const [first] = await mailsOnceThere(email, 1);
    expect(first!.subject).toBe(mail[language].invitation.subject);
    const firstPassword = temporaryPassword(first!.body.html ?? '', language);

    // Sent again from the row's actions: a new temporary password replaces the first.
    await rowAction(admin, invited, staffs.actions.resendInvitation);
    expect(await admin.locator('[data-testid="staff-action-language"]').textContent()).toContain(
      texts.language[language],
    );
    await admin.locator('[data-testid="staff-action-confirm"]').click();
    await admin.locator('[data-testid="staff-action"]').waitFor({ state: 'detached' });
    await expect
      .poll(() => toasts(admin))
      .toContain(
        staffs.done.resendInvitation
          .replace('{{email}}', email)
          .replace('{{language}}', texts.language[language]),
      );
    const mails = await mailsOnceThere(email, 2);
    const resent = mails[mails.length - 1]!;
    expect(resent.subject).toBe(mail[language].invitation.subject);
    const temporary = temporaryPassword(resent.body.html ?? '', language);
    expect(temporary).not.toBe(firstPassword);
    const withFirst = await cognitoClientCall(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: firstPassword },
    });
    expect(withFirst.status, JSON.stringify(withFirst.body)).toBe(400);

    const person = await (await browser.newContext()).newPage();
    await firstSignIn(person, email, temporary, language);
    await person.close();

    // Active now, with the sign-in recorded: the list shows its date, not "Never".
    await expect.poll(async () => (await listed(email)).lastSignInAt).not.toBeNull();
    expect((await listed(email)).status).toBe('active');
    const after = await staffRow(admin, tag, email);
    await expect.poll(() => after.textContent()).toContain(staffs.status.active);
    expect(await after.textContent()).not.toContain(staffs.never);
  });

  it('makes a typed password a temporary one: the person must replace it at first sign-in', async () => {
    const email = address('typed', language);
    const temporary = `Typed-Temp-${tag}-2026!`;
    await openPage(admin, `${stack.appUrl}/add-staff`, 'staff-form');
    const field = (testId: string) => admin.locator(`[data-testid="${testId}"] input`).first();
    await field('staff-name').fill(names.typed);
    await field('staff-email').fill(email);
    await field('staff-password').fill(temporary);
    // A typed password: no mail, so no mail language to choose.
    expect(await admin.locator('[data-testid="staff-language"]').count()).toBe(0);
    expect(await admin.locator('[data-testid="staff-first-sign-in"]').textContent()).toBe(
      texts.addStaff.willUseTemporary,
    );
    await admin.locator('[data-testid="staff-submit"]').click();
    await expect
      .poll(() => toasts(admin))
      .toContain(texts.addStaff.createdTemporary.replace('{{email}}', email));
    await admin.waitForURL(/\/staffs$/);
    expect(await listed(email)).toMatchObject({ status: 'invited', lastSignInAt: null });
    expect(await mailsTo(stack, email)).toEqual([]);

    const person = await (await browser.newContext()).newPage();
    await firstSignIn(person, email, temporary, language);
    await person.close();
    await expect.poll(async () => (await listed(email)).lastSignInAt).not.toBeNull();
    // The typed password no longer opens the account: only the person's own does.
    const withTyped = await cognitoClientCall(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: temporary },
    });
    expect(withTyped.status).toBe(400);
    expect((await signIn(stack, email, ownPassword)).IdToken).toBeTruthy();
  });

  it('resets an authenticator app and a password from the list, each confirmed in a dialog', async () => {
    const email = address('helped', language);
    const password = `Helped-${tag}-2026!`;
    await createUser(stack, email, password, 'staff');
    const session = await signIn(stack, email, password);
    await setUpTotp(stack, session.AccessToken);
    const confirmed = await callApi(stack, '/api/account/mfa', {
      method: 'POST',
      token: session.IdToken,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204);

    // The MFA filter: with the app on, the account is among "On", not among "Off".
    const row = await staffRow(admin, tag, email);
    expect(await row.locator('[data-testid="staff-mfa"]').getAttribute('data-mfa')).toBe('on');
    await chooseExactly(admin, 'staff-mfa-filter', staffs.filters.mfaChoices.off);
    await expect
      .poll(() => admin.locator('[data-testid="staff-table"] tbody').textContent())
      .not.toContain(email);
    await chooseExactly(admin, 'staff-mfa-filter', staffs.filters.mfaChoices.on);
    await admin
      .locator('[data-testid="staff-table"] tbody tr')
      .filter({ hasText: email })
      .first()
      .waitFor();

    const member = await listed(email);
    expect(member.mfaEnabled).toBe(true);
    // The dialogs and toasts name the account by its name, or its email without one.
    const name = member.name || email;
    await rowAction(admin, member, staffs.actions.resetMfa);
    expect(await admin.locator('[data-testid="staff-action"]').textContent()).toContain(
      staffs.modal.resetMfa.title.replace('{{name}}', name),
    );
    // No mail goes out: no language to choose.
    expect(await admin.locator('[data-testid="staff-action-language"]').count()).toBe(0);
    await admin.locator('[data-testid="staff-action-confirm"]').click();
    await admin.locator('[data-testid="staff-action"]').waitFor({ state: 'detached' });
    await expect
      .poll(() => toasts(admin))
      .toContain(staffs.done.resetMfa.replace('{{name}}', name));
    await expect.poll(async () => (await listed(email)).mfaEnabled).toBe(false);
    // The old session ended with the reset.
    const old = await callApi(stack, '/api/account', { token: session.IdToken });
    expect(old.status).toBe(401);

    // The password reset mails the code in the language chosen in the dialog: the other one.
    await chooseExactly(admin, 'staff-mfa-filter', staffs.filters.mfaAll);
    await staffRow(admin, tag, email);
    const other: Language = language === 'en' ? 'zh' : 'en';
    await rowAction(admin, await listed(email), staffs.actions.resetPassword);
    await chooseExactly(admin, 'staff-action-language', texts.language[other]);
    await admin.locator('[data-testid="staff-action-confirm"]').click();
    await admin.locator('[data-testid="staff-action"]').waitFor({ state: 'detached' });
    await expect
      .poll(() => toasts(admin))
      .toContain(
        staffs.done.resetPassword
          .replace('{{name}}', name)
          .replace('{{email}}', email)
          .replace('{{language}}', texts.language[other]),
      );
    const [reset] = await mailsOnceThere(email, 1);
    expect(reset!.subject).toBe(mail[other].adminReset.subject);
    expect((await listed(email)).status).toBe('resetRequired');
    const after = await staffRow(admin, tag, email);
    await expect.poll(() => after.textContent()).toContain(staffs.status.resetRequired);
  });

  it('fits the staff list, a dialog, the add form and the settings at 1366 px, light and dark', async () => {
    const waiting = await listed(address('waiting', language));
    for (const theme of ['light', 'dark'] as const) {
      await setLook(admin, language, theme);
      // This language's accounts only (their addresses hold it; the other run shares the tag).
      await staffRow(admin, `${language}.${tag}`, address('waiting', language));
      // Every account of this run: invited, active, reset required.
      await expect
        .poll(() => admin.locator('[data-testid="staff-table"] tbody tr').count())
        .toBeGreaterThanOrEqual(4);
      for (const header of [staffs.columns.lastSignIn, staffs.columns.mfa]) {
        expect(await admin.locator('[data-testid="staff-table"] thead').textContent()).toContain(
          header,
        );
      }
      // Taken first: when a check fails, the picture shows why.
      await shot(admin, `staffs-${language}-${theme}`);
      expect(await sidewaysScroll(admin)).toEqual([]);
      if (language === 'zh') expect(await untranslated(admin, undefined, [tag])).toEqual([]);
      if (theme === 'light') {
        // Many laptops show 1280 px: the list's columns and row actions still fit.
        await admin.setViewportSize({ width: 1280, height: 720 });
        try {
          await settled(admin);
          await admin.screenshot({ path: join(shotsDir, `staffs-1280-${language}-${theme}.png`) });
          expect(await sidewaysScroll(admin)).toEqual([]);
        } finally {
          await admin.setViewportSize(laptop);
        }
        const rows = admin.locator('[data-testid="staff-table"] tbody tr');
        // By last sign-in: those who never signed in first.
        await admin
          .locator('[data-testid="staff-table"] thead th')
          .filter({ hasText: staffs.columns.lastSignIn })
          .first()
          .click();
        await expect.poll(() => rows.first().textContent()).toContain(staffs.never);
        expect(await rows.first().textContent()).toContain(address('waiting', language));
        // Not signed in for 30 days (or never): of this run's accounts, the one still invited
        // (polled: while the page loads, its one row is the loading line).
        await chooseExactly(admin, 'staff-inactivity-filter', staffs.filters.notSignedInFor['30']);
        await expect
          .poll(async () => ((await rows.count()) === 1 ? rows.first().textContent() : null))
          .toContain(address('waiting', language));
      }

      await rowAction(admin, waiting, staffs.actions.resendInvitation);
      await shot(admin, `staffs-resend-${language}-${theme}`);
      await admin.locator('[data-testid="staff-action-cancel"]').click();
      await admin.locator('[data-testid="staff-action"]').waitFor({ state: 'detached' });

      await openPage(admin, `${stack.appUrl}/add-staff`, 'staff-form');
      await admin.locator('[data-testid="staff-name"] input').fill(names.waiting);
      await admin.locator('[data-testid="staff-email"] input').fill(address('example', language));
      await shot(admin, `add-staff-${language}-${theme}`);
      expect(await sidewaysScroll(admin)).toEqual([]);
      if (language === 'zh') expect(await untranslated(admin, undefined, [tag])).toEqual([]);

      await openPage(admin, `${stack.appUrl}/settings`, 'settings-form');
      const toggle = admin.locator('[data-testid="settings-self-registration"]');
      expect(await toggle.textContent()).toContain(texts.siteSettings.signUp.label);
      expect(await admin.locator('[data-testid="settings-sign-up-help"]').textContent()).toBe(
        texts.siteSettings.signUp.help,
      );
      await shot(admin, `settings-${language}-${theme}`);
      expect(await sidewaysScroll(admin)).toEqual([]);
      if (language === 'zh') expect(await untranslated(admin, undefined, [tag])).toEqual([]);
    }
    await setLook(admin, language, 'light');
  });
});
