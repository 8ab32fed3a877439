import { randomInt } from 'node:crypto';
import { freshResetCode, resetRefusedForInvited, temporaryPasswordSetAt } from './cognito-sign-in';

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local ships no types for its internals */
type Target = (ctx: any, request: any) => Promise<unknown>;

/** The pool's password policy as cognito-local stores it (CreateUserPool's `Policies`). */
interface PasswordPolicy {
  MinimumLength?: number;
}

const lower = 'abcdefghijkmnopqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
/**
 * Symbols Cognito's policy counts, less those a mail's HTML or a replacement pattern would
 * change (`<>&"'`, `$`): the password is written into the invitation mail as it is.
 */
const symbols = '!#%*+-=?@^_';

/**
 * A temporary password as Cognito makes one when an admin gives none: random, with every
 * character class the pool's policy may require, and at least 12 characters (or the
 * policy's minimum). cognito-local made 6 characters that broke the policy.
 */
export function generateTemporaryPassword(policy: PasswordPolicy | undefined): string {
  const length = Math.max(12, policy?.MinimumLength ?? 0);
  const pick = (from: string) => from[randomInt(from.length)]!;
  const all = lower + upper + digits + symbols;
  const characters = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (characters.length < length) characters.push(pick(all));
  // Fisher-Yates: the required classes anywhere, not always first.
  for (let index = characters.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other]!, characters[index]!];
  }
  return characters.join('');
}

/**
 * The user pool's administrative operations (IAM-signed: bin/local/cognito-iam.ts lets
 * none of them through unsigned) where cognito-local lacks them or answers otherwise than
 * Cognito (docs/access-control.md, "Local Cognito behaves like AWS"):
 * - AdminCreateUser without a TemporaryPassword makes one that the pool's policy accepts
 *   (cognito-local's had 6 characters); the time a temporary password is set is kept, as
 *   it expires (bin/local/cognito-sign-in.ts);
 * - AdminCreateUser with MessageAction RESEND (unsupported by cognito-local): for an
 *   account still on its temporary password, a new one, mailed through the same
 *   CustomMessage trigger as the invitation, valid from now; other accounts are refused;
 * - AdminSetUserPassword without `Permanent` sets a temporary password, valid from now;
 * - AdminResetUserPassword (missing): the account must choose a new password
 *   (RESET_REQUIRED) with a code mailed as the forgot-password mail, ClientMetadata passed
 *   to the trigger; the code expires and takes few wrong tries as ForgotPassword's;
 * - AdminSetUserMFAPreference (missing): SetUserMFAPreference for a named user;
 * - VerifySoftwareToken with a wrong code is `EnableSoftwareTokenMFAException`, Cognito's
 *   answer (cognito-local: CodeMismatchException).
 * `messages` and `otp` are cognito-local's own services (the mail path of every message).
 */
export function administerAsCognito(
  router: (target: string) => Target,
  deps: {
    cognito: any;
    errors: any;
    messages: any;
    otp: () => string;
    /** cognito-local's `targets/responses` `userToResponseObject`. */
    userToResponse: (user: any) => unknown;
    now?: () => number;
  },
): (target: string) => Target {
  const { cognito, errors, messages } = deps;
  const now = deps.now ?? Date.now;
  const userNotFound = () => new errors.UserNotFoundError('User does not exist.');
  const emailOf = (user: any): string | undefined =>
    user.Attributes?.find((item: any) => item.Name === 'email')?.Value;
  /** Where an admin-triggered mail goes: its email, if the call asks for EMAIL (as Cognito). */
  const emailDelivery = (request: any, user: any) => {
    const mediums: unknown[] = request?.DesiredDeliveryMediums ?? ['SMS'];
    const email = emailOf(user);
    if (!mediums.includes('EMAIL') || !email) {
      throw new errors.InvalidParameterError(
        'User has no attribute matching desired delivery mediums',
      );
    }
    return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
  };
  const namedUser = async (ctx: any, request: any) => {
    const pool = await cognito.getUserPool(ctx, request?.UserPoolId);
    const username = request?.Username;
    const user =
      typeof username === 'string' && username !== ''
        ? await pool.getUserByUsername(ctx, username)
        : undefined;
    if (!user) throw userNotFound();
    return { pool, user };
  };
  /** Records that the user's temporary password was set now. */
  const stampTemporaryPassword = async (ctx: any, request: any) => {
    const { pool, user } = await namedUser(ctx, request);
    await pool.saveUser(ctx, { ...user, [temporaryPasswordSetAt]: now() });
  };

  const resendInvitation: Target = async (ctx, request) => {
    const { pool, user } = await namedUser(ctx, request);
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw new errors.CognitoError(
        'UnsupportedUserStateException',
        `Resend not possible. ${String(request.Username)} status is not FORCE_CHANGE_PASSWORD.`,
      );
    }
    const password =
      typeof request?.TemporaryPassword === 'string' && request.TemporaryPassword !== ''
        ? request.TemporaryPassword
        : generateTemporaryPassword(pool.options?.Policies?.PasswordPolicy);
    await messages.deliver(
      ctx,
      'AdminCreateUser',
      null,
      pool.options.Id,
      user,
      password,
      request?.ClientMetadata,
      emailDelivery(request, user),
    );
    // Saved once the mail went: a refused mail leaves the last password as it was.
    const updated = {
      ...user,
      Password: password,
      [temporaryPasswordSetAt]: now(),
      UserLastModifiedDate: new Date(now()),
    };
    await pool.saveUser(ctx, updated);
    return { User: deps.userToResponse(updated) };
  };

  return (target) => {
    const route = router(target);
    switch (target) {
      case 'AdminCreateUser':
        return async (ctx, request) => {
          if (request?.MessageAction === 'RESEND') return resendInvitation(ctx, request);
          let given = request;
          if (typeof request?.TemporaryPassword !== 'string' || request.TemporaryPassword === '') {
            const pool = await cognito.getUserPool(ctx, request?.UserPoolId);
            const password = generateTemporaryPassword(pool.options?.Policies?.PasswordPolicy);
            given = { ...request, TemporaryPassword: password };
          }
          const answer = await route(ctx, given);
          await stampTemporaryPassword(ctx, request);
          return answer;
        };
      case 'AdminSetUserPassword':
        return async (ctx, request) => {
          const answer = await route(ctx, request);
          if (request?.Permanent !== true) await stampTemporaryPassword(ctx, request);
          return answer;
        };
      case 'AdminResetUserPassword':
        return async (ctx, request) => {
          const { pool, user } = await namedUser(ctx, request);
          if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
            throw new errors.NotAuthorizedError(resetRefusedForInvited);
          }
          const email = emailOf(user);
          const verified = user.Attributes?.some(
            (item: any) => item.Name === 'email_verified' && item.Value === 'true',
          );
          if (!email || !verified) {
            throw new errors.InvalidParameterError(
              'Cannot reset password for the user as there is no registered/verified email or phone_number',
            );
          }
          const code = deps.otp();
          // The account is RESET_REQUIRED when its mail is made (the trigger's event says
          // so, as Cognito's does); a mail the trigger refuses leaves it as it was.
          await pool.saveUser(ctx, {
            ...user,
            UserStatus: 'RESET_REQUIRED',
            ConfirmationCode: code,
            // Works for 1 hour and 4 wrong codes (bin/local/cognito-sign-in.ts).
            ...freshResetCode(now()),
            UserLastModifiedDate: new Date(now()),
          });
          try {
            await messages.deliver(
              ctx,
              'ForgotPassword',
              null,
              pool.options.Id,
              user,
              code,
              request?.ClientMetadata,
              { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email },
            );
          } catch (error) {
            await pool.saveUser(ctx, user);
            throw error;
          }
          return {};
        };
      case 'AdminSetUserMFAPreference':
        return async (ctx, request) => {
          const { pool, user } = await namedUser(ctx, request);
          const sms = request?.SMSMfaSettings;
          const software = request?.SoftwareTokenMfaSettings;
          if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
            throw new errors.InvalidParameterError('User has not verified software token MFA');
          }
          const methods = new Set<string>(user.UserMFASettingList ?? []);
          for (const [settings, method] of [
            [sms, 'SMS_MFA'],
            [software, 'SOFTWARE_TOKEN_MFA'],
          ] as const) {
            if (!settings) continue;
            if (settings.Enabled) methods.add(method);
            else methods.delete(method);
          }
          const preferred = sms?.PreferredMfa
            ? 'SMS_MFA'
            : software?.PreferredMfa
              ? 'SOFTWARE_TOKEN_MFA'
              : undefined;
          if (preferred && !methods.has(preferred)) {
            throw new errors.InvalidParameterError(
              `Cannot set ${preferred} as preferred: it is not enabled`,
            );
          }
          const kept =
            user.PreferredMfaSetting && methods.has(user.PreferredMfaSetting)
              ? user.PreferredMfaSetting
              : undefined;
          await pool.saveUser(ctx, {
            ...user,
            UserMFASettingList: [...methods],
            PreferredMfaSetting: preferred ?? kept,
            UserLastModifiedDate: new Date(now()),
          });
          return {};
        };
      case 'VerifySoftwareToken':
        return async (ctx, request) => {
          try {
            return await route(ctx, request);
          } catch (error) {
            if (!(error instanceof errors.CodeMismatchError)) throw error;
            throw new errors.CognitoError(
              'EnableSoftwareTokenMFAException',
              'Code mismatch and fail enable Software Token MFA',
            );
          }
        };
      default:
        return route;
    }
  };
}
