import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailsTo } from '../support/api';
import {
  cognitoAdmin,
  cognitoClientCall,
  cognitoUserCall,
  createUser,
  signIn,
} from '../support/cognito';
import { setSelfRegistration } from '../support/sign-up';

const stack = inject('stack');

// Most tests here register accounts as the register page does: an admin has sign-up on.
beforeAll(() => setSelfRegistration(stack, true));
afterAll(() => setSelfRegistration(stack, false));

const cognitoCall = (target: string, body: object) => cognitoClientCall(stack, target, body);

/** A unique address per run: the stack's data and the code-mail quota outlive one test. */
const unique = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The code in a code mail. */
const codeIn = (html: string | undefined) => /letter-spacing:4px">(\d{6})</.exec(html ?? '')?.[1];

/** Registers and confirms an account through /register's calls: it has no role. */
async function registerAccount(email: string, password: string) {
  const signUp = await cognitoCall('SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const [mail] = await mailsTo(stack, email);
  const confirmed = await cognitoCall('ConfirmSignUp', {
    Username: email,
    ConfirmationCode: codeIn(mail?.body.html),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

const refusedByTrigger = (reason: string) => ({
  status: 400,
  body: {
    __type: 'UserLambdaValidationException',
    message: `CustomMessage failed with error ${reason}.`,
  },
});

describe('signing in', () => {
  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: stack.admin.email, PASSWORD: 'Not-The-Password-1!' },
    });
    const unknownEmail = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Not-The-Password-1!' },
    });
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });
});

describe('refreshing a session', () => {
  it('answers GetTokensFromRefreshToken, the call Amplify refreshes with', async () => {
    const { RefreshToken } = await signIn(stack, stack.admin.email, stack.admin.password);
    const refreshed = await cognitoCall('GetTokensFromRefreshToken', { RefreshToken });
    expect(refreshed.status).toBe(200);
    const result = refreshed.body.AuthenticationResult as { IdToken?: string };
    const claims = JSON.parse(Buffer.from(result.IdToken!.split('.')[1]!, 'base64url').toString());
    expect(claims['custom:role']).toBe('admin');
  });
});

describe('resetting a forgotten password', () => {
  it('mails a link to /reset-password in the chosen language, and the code sets a new password', async () => {
    const email = 'forgetful@example.com';
    await createUser(stack, email, 'Old-Password-2026!', 'staff');
    const asked = await cognitoCall('ForgotPassword', {
      Username: email,
      ClientMetadata: { language: 'zh' },
    });
    expect(asked.status).toBe(200);

    const [mail] = await mailsTo(stack, email);
    expect(mail!.subject).toBe('重設您的測試報告中心密碼');
    const link = /href="([^"]+)"/.exec(mail!.body.html ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.appUrl}/reset-password`);
    expect(url.searchParams.get('email')).toBe(email);
    const code = url.searchParams.get('code') ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await cognitoCall('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: 'New-Password-2026!',
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(stack, email, 'New-Password-2026!')).IdToken).toBeTruthy();
    await expect(signIn(stack, email, 'Old-Password-2026!')).rejects.toThrow();
  });

  it('answers an unknown email exactly like a known one', async () => {
    const unknown = await cognitoCall('ForgotPassword', { Username: 'ghost@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    expect(await mailsTo(stack, 'ghost@example.com')).toEqual([]);

    // Same shape, same mask: "a***@e***" whoever is asked for, in whatever case.
    const known = unique('known');
    const ghost = unique('kghost');
    await createUser(stack, known, 'Known-Person-2026!', 'staff');
    const answers = [];
    for (const name of [known, ghost, known.toUpperCase(), ghost.toUpperCase()]) {
      answers.push(await cognitoCall('ForgotPassword', { Username: name }));
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 200,
        body: {
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: 'k***@e***',
          },
        },
      });
    }
    expect(await mailsTo(stack, known)).toHaveLength(2);
  });
});

describe('self-registration: a site setting an admin turns on (off by default)', () => {
  it('refuses SignUp while off, as Cognito answers a PreSignUp refusal, and admits it once on', async () => {
    const email = unique('walk-in');
    const signUp = () =>
      cognitoCall('SignUp', {
        Username: email,
        Password: 'Walk-In-Person-2026!',
        UserAttributes: [{ Name: 'email', Value: email }],
      });
    await setSelfRegistration(stack, false);
    try {
      expect(await signUp()).toEqual({
        status: 400,
        body: {
          __type: 'UserLambdaValidationException',
          message: 'PreSignUp failed with error Sign-up is closed.',
        },
      });
      await expect(cognitoAdmin(stack, 'AdminGetUser', { Username: email })).rejects.toThrow(
        /User does not exist/,
      );
      expect(await mailsTo(stack, email)).toEqual([]);
    } finally {
      await setSelfRegistration(stack, true);
    }
    const opened = await signUp();
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(await mailsTo(stack, email)).toHaveLength(1);
  });
});

describe("Cognito's mails: nobody can make the product mail anyone at will", () => {
  it('sends no email-change code for an account without a role (awaiting approval)', async () => {
    const email = unique('pending.mover');
    const victim = unique('victim');
    await registerAccount(email, 'Pending-Mover-2026!');
    const { AccessToken } = await signIn(stack, email, 'Pending-Mover-2026!');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const asked = await cognitoUserCall(stack, 'UpdateUserAttributes', {
        AccessToken,
        UserAttributes: [{ Name: 'email', Value: victim }],
      });
      expect(asked).toEqual(refusedByTrigger('This account may not change its email address'));
      // Nothing was held, so there is no code to ask for again either.
      const again = await cognitoUserCall(stack, 'GetUserAttributeVerificationCode', {
        AccessToken,
        AttributeName: 'email',
      });
      expect(again.status).toBe(400);
    }
    expect(await mailsTo(stack, victim)).toEqual([]);
    const user = await cognitoUserCall(stack, 'GetUser', { AccessToken });
    expect(user.body).toMatchObject({
      UserAttributes: expect.arrayContaining([{ Name: 'email', Value: email }]),
    });
  });

  it('mails one recipient at most 5 codes or links an hour, all kinds together', async () => {
    const email = unique('much.forgetful');
    await createUser(stack, email, 'Much-Forgetful-2026!', 'staff');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const asked = await cognitoCall('ForgotPassword', { Username: email });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    }
    const refused = await cognitoCall('ForgotPassword', { Username: email });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      __type: 'UserLambdaValidationException',
      message: expect.stringMatching(
        /^CustomMessage failed with error Too many mails to this address; try again in \d+ minutes?\.$/,
      ),
    });
    expect(await mailsTo(stack, email)).toHaveLength(5);

    // A staff account moving to an address counts against that address's quota too.
    const mover = unique('busy.mover');
    await createUser(stack, mover, 'Busy-Mover-2026!', 'staff');
    const { AccessToken } = await signIn(stack, mover, 'Busy-Mover-2026!');
    const next = unique('busy.target');
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push(
        (
          await cognitoUserCall(stack, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'email', Value: next }],
          })
        ).status,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 400]);
    expect(await mailsTo(stack, next)).toHaveLength(5);
  });
});

describe('registering (SignUp), as Cognito with the email as username', () => {
  it('refuses an email taken in any case, and signs in whatever the case', async () => {
    const email = unique('case.person');
    await registerAccount(email, 'Case-Person-2026!');
    for (const variant of [email.toUpperCase(), email.replace(/^c/, 'C')]) {
      const again = await cognitoCall('SignUp', {
        Username: variant,
        Password: 'Case-Person-2026!',
        UserAttributes: [{ Name: 'email', Value: variant }],
      });
      expect(again).toEqual({
        status: 400,
        body: {
          __type: 'UsernameExistsException',
          message: 'An account with the given email already exists.',
        },
      });
    }
    const taken = await cognitoCall('SignUp', {
      Username: stack.admin.email.toUpperCase(),
      Password: 'Not-The-Admin-2026!',
    });
    expect(taken.body.__type).toBe('UsernameExistsException');
    expect((await signIn(stack, email.toUpperCase(), 'Case-Person-2026!')).IdToken).toBeTruthy();
  });

  it('refuses a username that is not an email as written (spaces, invisible characters)', async () => {
    const email = unique('spaced');
    for (const username of [` ${email}`, `${email} `, `${email}\u200b`, `${email}.`]) {
      const answer = await cognitoCall('SignUp', {
        Username: username,
        Password: 'Spaced-Person-2026!',
      });
      expect(answer, JSON.stringify(username)).toEqual({
        status: 400,
        body: { __type: 'InvalidParameterException', message: 'Username should be an email.' },
      });
    }
  });

  it('refuses an email attribute other than the username', async () => {
    const username = unique('sneaky');
    const other = unique('ceo');
    const answer = await cognitoCall('SignUp', {
      Username: username,
      Password: 'Sneaky-Person-2026!',
      UserAttributes: [{ Name: 'email', Value: other }],
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        __type: 'InvalidParameterException',
        message:
          'User email should be empty or same as username, since username attribute is email.',
      },
    });
    expect(await mailsTo(stack, other)).toEqual([]);
    expect(await mailsTo(stack, username)).toEqual([]);
    // Without an email attribute the username is the email.
    const plain = await cognitoCall('SignUp', {
      Username: username,
      Password: 'Sneaky-Person-2026!',
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(await mailsTo(stack, username)).toHaveLength(1);
  });

  it('resends the code ("resend code" on /register): a new code, which confirms', async () => {
    const email = unique('resender');
    const signUp = await cognitoCall('SignUp', {
      Username: email,
      Password: 'Resender-Person-2026!',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(signUp.status).toBe(200);
    const resent = await cognitoCall('ResendConfirmationCode', {
      Username: email,
      ClientMetadata: { language: 'zh' },
    });
    expect(resent).toEqual({
      status: 200,
      body: {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: 'r***@e***',
        },
      },
    });
    const mails = await mailsTo(stack, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/[\u4e00-\u9fff]/);
    const first = codeIn(mails[0]!.body.html);
    const second = codeIn(mails[1]!.body.html);
    if (first !== second) {
      const stale = await cognitoCall('ConfirmSignUp', {
        Username: email,
        ConfirmationCode: first,
      });
      expect(stale.body.__type).toBe('CodeMismatchException');
    }
    const confirmed = await cognitoCall('ConfirmSignUp', {
      Username: email,
      ConfirmationCode: second,
    });
    expect(confirmed.status).toBe(200);

    // Confirmed: nothing more to resend. Unknown: answered as if a code had gone.
    const done = await cognitoCall('ResendConfirmationCode', { Username: email });
    expect(done.body).toMatchObject({
      __type: 'InvalidParameterException',
      message: 'User is already confirmed.',
    });
    const nobody = unique('rnobody');
    const unknown = await cognitoCall('ResendConfirmationCode', { Username: nobody });
    expect(unknown).toEqual(resent);
    expect(await mailsTo(stack, nobody)).toEqual([]);
    expect(await mailsTo(stack, email)).toHaveLength(2);
  });
});
