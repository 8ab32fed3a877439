import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../bin/local/settings';
import { buildWeb } from '../../bin/local/web-build';
import { callApi } from '../support/api';
import { launchBrowser } from '../support/browser';
import { cognitoAdmin, forgeToken, signIn } from '../support/cognito';
import { AppShell, LoginPage } from '../e2e/pages';
import { startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import { adminToken, expectUnavailable } from './support';

/**
 * cognito-local down: tokens already issued keep working (the gateway verifies them with
 * the pool's keys it holds, as API Gateway's authorizer does), what needs the pool itself
 * (staff accounts) answers 503, signing in fails with "Connection failed." on the page, and
 * everything works again when the pool is back.
 */
let fault: InProcessStack;
let token: string;

beforeAll(async () => {
  // The sign-in page comes from web/dist; any build has it (`npm run build:web` refreshes it).
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) await buildWeb();
  fault = await startInProcessStack('cognito');
  token = await adminToken(fault.stack);
}, 120_000);

afterAll(async () => {
  await fault?.stop();
});

const product = (name: string) => ({
  name,
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'air',
  connection: 'Threaded',
  pressureFC: 6,
  pressureWCB: null,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
});

const newStaff = {
  name: 'Outage Staff',
  email: 'outage.staff@example.com',
  password: 'Outage-Staff-2026!',
  role: 'staff',
};

describe('cognito-local down', () => {
  it('keeps signed-in calls working; staff management answers 503; sign-in fails', async () => {
    const { stack, local } = fault;
    // The first signed-in call: the gateway reads the pool's keys now.
    expect((await callApi(stack, '/api/products', { token })).status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };

    await local.cognitoEmulator.stop();
    try {
      expect((await callApi(stack, '/api/products?limit=5', { token })).status).toBe(200);
      expect((await callApi(stack, '/api/dashboard', { token })).status).toBe(200);
      const created = await callApi(stack, '/api/products', {
        method: 'POST',
        token,
        body: product('Cognito Outage Valve'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // Still refused: no token, a token signed by another key.
      expect((await callApi(stack, '/api/products')).status).toBe(401);
      const forged = await forgeToken(claims, { expiresAt: claims.exp, key: 'foreign' });
      expect((await callApi(stack, '/api/products', { token: forged })).status).toBe(401);

      for (const [path, method, body] of [
        ['/api/staff', 'GET', undefined],
        ['/api/staff', 'POST', newStaff],
      ] as const) {
        const startedAt = Date.now();
        const answer = await callApi(stack, path, { method, token, body });
        expectUnavailable(answer, `${method} ${path}`);
        expect(Date.now() - startedAt).toBeLessThan(3_000);
      }
      await expect(signIn(stack, stack.admin.email, stack.admin.password)).rejects.toThrow(
        /fetch failed/,
      );
    } finally {
      await local.cognitoEmulator.start();
    }

    // Back: signing in and staff management work, and the refused creation left nothing.
    const fresh = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const staff = await callApi<{ items: { email: string }[] }>(stack, '/api/staff', {
      token: fresh,
    });
    expect(staff.status).toBe(200);
    expect(staff.body.items.map((member) => member.email)).not.toContain(newStaff.email);
    const users = (await cognitoAdmin(stack, 'ListUsers', {})) as {
      Users: { Attributes: { Name: string; Value: string }[] }[];
    };
    expect(
      users.Users.flatMap((user) => user.Attributes)
        .filter((attribute) => attribute.Name === 'email')
        .map((attribute) => attribute.Value),
    ).not.toContain(newStaff.email);
  }, 60_000);

  it('says "Connection failed." on the sign-in page, in English and Chinese', async () => {
    const { stack, local } = fault;
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const login = new LoginPage(page);
      const shell = new AppShell(page);
      await page.goto(`${stack.appUrl}/login`);
      await login.form().waitFor();
      await local.cognitoEmulator.stop();
      for (const [language, text] of [
        ['en', 'Connection failed.'],
        ['zh', '連線失敗。'],
      ] as const) {
        // A fresh page: no toast of the last attempt in front of the language menu.
        await page.goto(`${stack.appUrl}/login`);
        await login.form().waitFor();
        if (language === 'zh') await login.switchLanguage('zh');
        await login.signIn(stack.admin.email, stack.admin.password);
        await expect
          .poll(async () => (await shell.toasts().allTextContents()).join(' | '), {
            timeout: 15_000,
          })
          .toContain(text);
        expect(new URL(page.url()).pathname).toBe('/login');
      }
    } finally {
      await local.cognitoEmulator.start();
      await browser.close();
    }
  }, 90_000);
});
