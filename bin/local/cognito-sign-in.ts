import { randomUUID } from 'node:crypto';
import { decodeJwt, type JWTPayload } from 'jose';
import { userPoolDefinition } from '../../lib/auth-definition';

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local ships no types for its internals */
type Target = (ctx: any, request: any) => Promise<unknown>;

/** How long Cognito keeps a sign-in challenge's session open: 3 minutes. */
export const challengeSessionLifetimeMs = 3 * 60 * 1000;

/** Wrong codes a challenge's session takes: the third ends it, as Cognito's does. */
export const challengeWrongAnswerLimit = 3;

/** How long a password reset code (ForgotPassword, AdminResetUserPassword) works: 1 hour. */
export const resetCodeLifetimeMs = 60 * 60 * 1000;

/** Wrong reset codes an account takes: the fifth drops the code, as Cognito does. */
export const resetCodeWrongAttemptLimit = 5;

/**
 * Fields the local stack keeps on cognito-local's user record for its pending reset code
 * (`ConfirmationCode`): when it was made (epoch milliseconds) and how many wrong codes
 * were tried since. cognito-local's codes never expired and took any number of guesses.
 */
export const resetCodeIssuedAt = 'LocalResetCodeIssuedAt';
export const resetCodeWrongAttempts = 'LocalResetCodeWrongAttempts';

/** The fields of a reset code made now: `{ ...user, ...freshResetCode(now) }`. */
export function freshResetCode(now: number): Record<string, number> {
  return { [resetCodeIssuedAt]: now, [resetCodeWrongAttempts]: 0 };
}

/** Cognito's refusal of a reset on an account still on its temporary password. */
export const resetRefusedForInvited = 'User password cannot be reset in the current state.';

/** Cognito's refusal of a temporary password past its validity. */
export const temporaryPasswordExpired =
  'Temporary password has expired and must be reset by an administrator.';

/**
 * Field the local stack keeps on cognito-local's user record: when the account's temporary
 * password was set (epoch milliseconds), by AdminCreateUser, its RESEND, or
 * AdminSetUserPassword without `Permanent` (bin/local/cognito-admin.ts). cognito-local
 * keeps no such time, and its temporary passwords never expired.
 */
export const temporaryPasswordSetAt = 'LocalTemporaryPasswordSetAt';

/**
 * When a user's temporary password stops working: the pool's validity (CDK's
 * `tempPasswordValidity`, lib/auth-definition.ts) after it was set. Accounts the local
 * stack made before it kept the time count from their creation.
 */
export function temporaryPasswordExpiresAt(user: any, pool: any): number {
  const days =
    pool?.options?.Policies?.PasswordPolicy?.TemporaryPasswordValidityDays ??
    userPoolDefinition.tempPasswordValidityDays;
  const stamped = user?.[temporaryPasswordSetAt];
  const setAt = typeof stamped === 'number' ? stamped : new Date(user?.UserCreateDate).getTime();
  return (Number.isFinite(setAt) ? setAt : 0) + Number(days) * 24 * 60 * 60 * 1000;
}

/**
 * When the user's pending reset code was made; codes the local stack made before it kept
 * the time count from the record's last change (the code's mail changed it).
 */
function resetCodeIssuedTime(user: any): number {
  const stamped = user?.[resetCodeIssuedAt];
  const issuedAt =
    typeof stamped === 'number' ? stamped : new Date(user?.UserLastModifiedDate).getTime();
  return Number.isFinite(issuedAt) ? issuedAt : 0;
}

/** Whether the pool asks this user for a TOTP code at sign-in (as cognito-local decides). */
function asksTotp(user: any, pool: any): boolean {
  return (
    pool?.options?.MfaConfiguration !== 'OFF' &&
    (user?.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') &&
    user?.SoftwareTokenMfaConfiguration?.Verified === true
  );
}

/** A challenge a sign-in step asked, as the session that carries it was issued. */
export interface IssuedChallenge {
  /** The user's name in the pool (cognito-local's `Username`). */
  username: string;
  challenge: string;
  clientId: string;
}

/** A session taken for an answer: when it ends, and the wrong codes it already took. */
export interface TakenSession {
  expiresAt: number;
  wrongAnswers: number;
}

/**
 * The challenge sessions this stack issued (InitiateAuth or RespondToAuthChallenge
 * answering with a `ChallengeName`), each for one user, one challenge and one app client,
 * for 3 minutes, 3 wrong codes and one successful answer. cognito-local issues a random
 * `Session` and never looks at it again. Kept in memory: a restarted user pool ends the
 * sign-ins in progress, as an expired session would.
 */
export class ChallengeSessions {
  private readonly held = new Map<string, IssuedChallenge & TakenSession>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(session: string, issued: IssuedChallenge): void {
    const now = this.now();
    for (const [key, value] of this.held) if (value.expiresAt <= now) this.held.delete(key);
    this.held.set(session, {
      ...issued,
      expiresAt: now + challengeSessionLifetimeMs,
      wrongAnswers: 0,
    });
  }

  /**
   * Takes the session for an answer to `asked`: 'invalid' when this stack never issued it,
   * it was used, or it is another user's, challenge's or client's; 'expired' after 3
   * minutes or 3 wrong codes; otherwise the time it ends and the wrong codes it took. A
   * taken session is gone until `giveBack` (an answer that failed may try again).
   */
  take(session: unknown, asked: IssuedChallenge): TakenSession | 'invalid' | 'expired' {
    const held = typeof session === 'string' ? this.held.get(session) : undefined;
    if (
      !held ||
      held.username !== asked.username ||
      held.challenge !== asked.challenge ||
      held.clientId !== asked.clientId
    ) {
      return 'invalid';
    }
    this.held.delete(session as string);
    if (held.expiresAt <= this.now() || held.wrongAnswers >= challengeWrongAnswerLimit) {
      return 'expired';
    }
    return { expiresAt: held.expiresAt, wrongAnswers: held.wrongAnswers };
  }

  /**
   * Returns a taken session after a failed answer, with the time it had left; a wrong code
   * (`wrongCode`) counts toward the 3 it takes, after which it answers as expired.
   */
  giveBack(session: string, issued: IssuedChallenge, taken: TakenSession, wrongCode = false): void {
    if (taken.expiresAt <= this.now()) return;
    const wrongAnswers = taken.wrongAnswers + (wrongCode ? 1 : 0);
    this.held.set(session, { ...issued, expiresAt: taken.expiresAt, wrongAnswers });
  }
}

/**
 * cognito-local's sign-in steps, closed where Cognito refuses (design in
 * docs/access-control.md, "Local Cognito behaves like AWS"):
 * - RespondToAuthChallenge needs a session this stack issued for that user, challenge and
 *   app client, at most 3 minutes old and not used: "Invalid session for the user."
 *   (cognito-local takes any `Session`, so a new password could be set for any account, or
 *   tokens had for a TOTP code alone). A failed answer (wrong code, weak password) keeps
 *   the session for another try; a successful one uses it up. A wrong code is
 *   `CodeMismatchException` and the third one ends the session: the next answer on it is
 *   "Invalid session for the user, session is expired." (cognito-local took unlimited
 *   guesses within the 3 minutes).
 * - a user who must change a temporary password (FORCE_CHANGE_PASSWORD) gets the
 *   NEW_PASSWORD_REQUIRED challenge only with the temporary password (cognito-local asks
 *   no password at all): "Incorrect username or password." otherwise; and only while it
 *   is valid (the pool's temporary password validity, 7 days): "Temporary password has
 *   expired and must be reset by an administrator." after.
 * - a user with TOTP on who answers NEW_PASSWORD_REQUIRED is asked the code next
 *   (SOFTWARE_TOKEN_MFA), not given tokens.
 * - the refresh token of a sign-in that ended with a challenge refreshes (cognito-local
 *   does not store it, so the session ended at its first refresh), and refreshed tokens
 *   keep the sign-in's `auth_time` (cognito-local stamps the time of the refresh).
 * - ConfirmForgotPassword needs the code that was mailed: with no code pending, or none
 *   given, cognito-local compared `undefined` with `undefined` and set the password. The
 *   code works for 1 hour ("Invalid code provided, please request a code again.") and
 *   takes 4 wrong codes: the fifth drops it ("Attempt limit exceeded, please try after
 *   some time.", until a new code is asked). cognito-local's codes never expired and took
 *   any number of guesses.
 * - ForgotPassword and ConfirmForgotPassword for an account still on its temporary
 *   password (FORCE_CHANGE_PASSWORD): "User password cannot be reset in the current
 *   state." (cognito-local mailed a code that set a password without the invitation's).
 * `resign` signs a token again with changed claims, with the pool's key.
 */
export function signInAsCognito(
  router: (target: string) => Target,
  deps: {
    cognito: any;
    errors: any;
    resign: (token: string, changes: JWTPayload) => Promise<string>;
    sessions?: ChallengeSessions;
    /** The clock (epoch milliseconds): sessions' and temporary passwords' ages. */
    now?: () => number;
  },
): (target: string) => Target {
  const { cognito, errors, resign } = deps;
  const now = deps.now ?? Date.now;
  const sessions = deps.sessions ?? new ChallengeSessions(now);
  const codeMismatch = () =>
    new errors.CognitoError(
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
  const attemptLimitExceeded = () =>
    new errors.CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  const poolFor = (ctx: any, clientId: unknown) =>
    cognito.getUserPoolForClientId(ctx, clientId).catch(() => undefined);
  const userNamed = async (ctx: any, pool: any, name: unknown) =>
    typeof name === 'string' && name !== '' ? await pool?.getUserByUsername(ctx, name) : undefined;
  const rememberChallenge = (answer: any, username: string, clientId: string) => {
    if (typeof answer?.ChallengeName === 'string' && typeof answer?.Session === 'string') {
      sessions.remember(answer.Session, { username, challenge: answer.ChallengeName, clientId });
    }
  };
  /** Refreshed tokens with the `auth_time` of the sign-in (the refresh token's `iat`). */
  const keepSignInTime = async (answer: any, refreshToken: string) => {
    const result = answer?.AuthenticationResult;
    let signedInAt: unknown;
    try {
      signedInAt = decodeJwt(refreshToken).iat;
    } catch {
      return answer;
    }
    if (typeof signedInAt !== 'number' || !result) return answer;
    const again = (token: unknown) =>
      typeof token === 'string' ? resign(token, { auth_time: signedInAt }) : token;
    return {
      ...answer,
      AuthenticationResult: {
        ...result,
        IdToken: await again(result.IdToken),
        AccessToken: await again(result.AccessToken),
      },
    };
  };

  /**
   * The new password of a user who also has TOTP on: set, and the sign-in goes on to the
   * code (SOFTWARE_TOKEN_MFA, on a new session), as Cognito asks every factor before it
   * issues tokens. cognito-local issued tokens at once.
   */
  const newPasswordThenTotp = async (ctx: any, pool: any, user: any, password: unknown) => {
    if (typeof password !== 'string' || password === '') {
      throw new errors.InvalidParameterError('Missing required parameter NEW_PASSWORD');
    }
    await pool.saveUser(ctx, {
      ...user,
      Password: password,
      UserStatus: 'CONFIRMED',
      UserLastModifiedDate: new Date(now()),
    });
    const device = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.Username,
        ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}),
      },
      Session: randomUUID(),
    };
  };

  return (target) => {
    const route = router(target);
    if (target === 'InitiateAuth' || target === 'AdminInitiateAuth') {
      return async (ctx, request) => {
        const flow = request?.AuthFlow;
        if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
          const answer = await route(ctx, request);
          return keepSignInTime(answer, String(request?.AuthParameters?.REFRESH_TOKEN ?? ''));
        }
        const pool = request?.UserPoolId
          ? await cognito.getUserPool(ctx, request.UserPoolId).catch(() => undefined)
          : await poolFor(ctx, request?.ClientId);
        const user = await userNamed(ctx, pool, request?.AuthParameters?.USERNAME);
        if (
          user?.UserStatus === 'FORCE_CHANGE_PASSWORD' &&
          user.Password !== request?.AuthParameters?.PASSWORD
        ) {
          throw new errors.NotAuthorizedError('Incorrect username or password.');
        }
        if (
          user?.UserStatus === 'FORCE_CHANGE_PASSWORD' &&
          now() >= temporaryPasswordExpiresAt(user, pool)
        ) {
          throw new errors.NotAuthorizedError(temporaryPasswordExpired);
        }
        const answer = await route(ctx, request);
        if (user) rememberChallenge(answer, user.Username, String(request?.ClientId ?? ''));
        return answer;
      };
    }
    if (target === 'RespondToAuthChallenge') {
      return async (ctx, request) => {
        const responses = request?.ChallengeResponses;
        if (!responses) {
          throw new errors.InvalidParameterError('Missing required parameter challenge responses');
        }
        if (!responses.USERNAME) {
          throw new errors.InvalidParameterError('Missing required parameter USERNAME');
        }
        if (!request.Session) {
          throw new errors.InvalidParameterError('Missing required parameter Session');
        }
        const pool = await poolFor(ctx, request.ClientId);
        const user = await userNamed(ctx, pool, responses.USERNAME);
        const issued: IssuedChallenge = {
          username: String(user?.Username ?? ''),
          challenge: String(request.ChallengeName ?? ''),
          clientId: String(request.ClientId ?? ''),
        };
        const taken = user ? sessions.take(request.Session, issued) : 'invalid';
        if (taken === 'expired') {
          throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
        }
        if (taken === 'invalid')
          throw new errors.NotAuthorizedError('Invalid session for the user.');
        let answer: any;
        try {
          if (user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
          answer =
            issued.challenge === 'NEW_PASSWORD_REQUIRED' && asksTotp(user, pool)
              ? await newPasswordThenTotp(ctx, pool, user, responses.NEW_PASSWORD)
              : await route(ctx, request);
        } catch (error) {
          // A wrong code or a refused password: the same session may answer again, up to
          // the third wrong code.
          const wrongCode = (error as { code?: unknown })?.code === 'CodeMismatchException';
          sessions.giveBack(request.Session, issued, taken, wrongCode);
          throw error;
        }
        rememberChallenge(answer, user.Username, issued.clientId);
        const refreshToken = answer?.AuthenticationResult?.RefreshToken;
        if (typeof refreshToken === 'string') {
          const signedIn = await pool.getUserByUsername(ctx, user.Username);
          await pool.storeRefreshToken(ctx, refreshToken, signedIn);
        }
        return answer;
      };
    }
    if (target === 'ForgotPassword') {
      return async (ctx, request) => {
        const pool = await poolFor(ctx, request?.ClientId);
        const user = await userNamed(ctx, pool, request?.Username);
        if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD') {
          throw new errors.NotAuthorizedError(resetRefusedForInvited);
        }
        const answer = await route(ctx, request);
        // The new code's time, and no wrong attempts yet.
        const mailed = user ? await pool.getUserByUsername(ctx, user.Username) : undefined;
        if (mailed) await pool.saveUser(ctx, { ...mailed, ...freshResetCode(now()) });
        return answer;
      };
    }
    if (target === 'ConfirmForgotPassword') {
      return async (ctx, request) => {
        const pool = await poolFor(ctx, request?.ClientId);
        const user = await userNamed(ctx, pool, request?.Username);
        if (user) {
          if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
            throw new errors.NotAuthorizedError(resetRefusedForInvited);
          }
          const wrongAttempts = Number(user[resetCodeWrongAttempts] ?? 0);
          if (wrongAttempts >= resetCodeWrongAttemptLimit) throw attemptLimitExceeded();
          const pending = user.ConfirmationCode;
          const given = request?.ConfirmationCode;
          if (typeof pending !== 'string' || pending === '') throw codeMismatch();
          if (now() >= resetCodeIssuedTime(user) + resetCodeLifetimeMs) {
            throw new errors.CognitoError(
              'ExpiredCodeException',
              'Invalid code provided, please request a code again.',
            );
          }
          if (given !== pending) {
            const attempts = wrongAttempts + 1;
            const dropped = attempts >= resetCodeWrongAttemptLimit;
            await pool.saveUser(ctx, {
              ...user,
              [resetCodeWrongAttempts]: attempts,
              ...(dropped ? { ConfirmationCode: undefined } : {}),
            });
            throw dropped ? attemptLimitExceeded() : codeMismatch();
          }
        }
        return route(ctx, request);
      };
    }
    return route;
  };
}
