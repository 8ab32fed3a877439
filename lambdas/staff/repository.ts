import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { getCognito } from '../shared/aws/cognito';
import { getConfig } from '../shared/config';
import type { Language } from '../shared/contract/messages';
import { temporaryPasswordValidityDays } from '../shared/contract/password-policy';
import { isRole, roleClaim, type Role } from '../shared/contract/roles';
import { accountName } from '../shared/contract/schemas/auth';
import type { StaffMember, StaffStatus } from '../shared/contract/schemas/staff';
import {
  listAccountSecurity,
  readAccountSecurity,
  type AccountSecurity,
} from '../shared/account-security';

/**
 * Staff accounts live in the Cognito user pool, the one source of truth for who may
 * sign in; this module is its only reader and writer (the standing check aside). The
 * account id is the Cognito username (the `sub`: the pool signs in by email alias). What
 * Cognito does not keep or give (last sign-in, the invitation's time, the confirmed
 * authenticator app) comes from each account's security record (lambdas/shared/account-security.ts),
 * read beside it.
 */
const userPoolId = () => getConfig().USER_POOL_ID;

interface CognitoUser {
  Username?: string;
  Enabled?: boolean;
  UserStatus?: string;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}

const dayMs = 24 * 60 * 60_000;

/**
 * When the account's pending temporary password was given: the time the API recorded
 * (created, or the invitation resent), else Cognito's last change of the account (an
 * account invited before the record existed), else its creation.
 */
function invitationTime(user: CognitoUser, security: AccountSecurity | undefined): string {
  return (
    security?.invitedAt ??
    (user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0)).toISOString()
  );
}

/**
 * An account as the staff pages show it: Cognito's user and the account's security record
 * (`ACCOUNTSEC`: last sign-in, the pending invitation, the confirmed authenticator app).
 * `mfaEnabled` is the record's confirmation unless the caller knows Cognito's own answer
 * (`AdminGetUser` has it, `ListUsers` does not).
 */
function toStaffMember(
  user: CognitoUser,
  attributes: AttributeType[] = [],
  security: AccountSecurity | undefined,
  { mfaEnabled, now = Date.now() }: { mfaEnabled?: boolean; now?: number } = {},
): StaffMember {
  const attribute = (name: string) => attributes.find((item) => item.Name === name)?.Value;
  const role = attribute(roleClaim);
  const validRole: Role | null = isRole(role) ? role : null;
  const invited = user.UserStatus === 'FORCE_CHANGE_PASSWORD';
  const invitedAt = invited ? invitationTime(user, security) : null;
  let status: StaffStatus = 'active';
  if (user.Enabled === false) status = 'disabled';
  else if (user.UserStatus === 'UNCONFIRMED') status = 'unverified';
  else if (invitedAt !== null) {
    const expired = now - Date.parse(invitedAt) > temporaryPasswordValidityDays * dayMs;
    status = expired ? 'invitationExpired' : 'invited';
  } else if (user.UserStatus === 'RESET_REQUIRED') status = 'resetRequired';
  else if (!validRole) status = 'pending';
  return {
    id: user.Username ?? '',
    name: accountName(attribute('name')) ?? '',
    email: attribute('email') ?? '',
    role: validRole,
    status,
    mfaEnabled: mfaEnabled ?? security?.mfaEnabledAt !== undefined,
    lastSignInAt: security?.lastSignInAt ?? null,
    invitedAt,
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
    updatedAt: (user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/**
 * Every account, in Cognito's pages of 60, with its security record (one Query of the
 * `ACCOUNTSEC` partition, read beside the pages). Staff lists are small (tens to a few
 * hundred accounts), so filtering and sorting happen on the whole list. `ListUsers` says
 * nothing of MFA: the list's `mfaEnabled` is the confirmation the record holds, which the
 * standing check clears when Cognito no longer has the app (docs/access-control.md).
 */
export async function listAllStaff(): Promise<StaffMember[]> {
  const securityRead = listAccountSecurity();
  const users: { user: CognitoUser; attributes?: AttributeType[] }[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await getCognito().send(
        new ListUsersCommand({ UserPoolId: userPoolId(), Limit: 60, PaginationToken: token }),
      );
      for (const user of page.Users ?? []) users.push({ user, attributes: user.Attributes });
      token = page.PaginationToken;
    } while (token);
  } finally {
    // Settled either way: a failed page leaves no read unawaited.
    await securityRead.catch(() => undefined);
  }
  const security = await securityRead;
  const now = Date.now();
  return users.map(({ user, attributes }) =>
    toStaffMember(user, attributes, security.get(user.Username ?? ''), { now }),
  );
}

/** An account as Cognito holds it, and what only Cognito says of it. */
export interface Account {
  member: StaffMember;
  /** Cognito's `UserStatus`: `FORCE_CHANGE_PASSWORD` while a temporary password is pending. */
  userStatus: string | undefined;
  /** The account's security record. */
  security: AccountSecurity;
}

/**
 * The account with id `id` (Cognito `AdminGetUser` and its security record), its
 * `mfaEnabled` as Cognito says (TOTP in its MFA list); undefined when there is none.
 */
export async function findAccount(id: string): Promise<Account | undefined> {
  const securityRead = readAccountSecurity(id);
  let user;
  try {
    user = await getCognito().send(
      new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: id }),
    );
  } catch (error) {
    await securityRead.catch(() => undefined);
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
  const security = await securityRead;
  const member = toStaffMember(user, user.UserAttributes, security, {
    mfaEnabled: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
  });
  // Cognito also finds a user by an alias (the email): an account is known by its id
  // only, so the self-change rule, the audit entry and the standing cache, all keyed by
  // the id, cannot be passed by naming the account another way.
  return member.id === id ? { member, userStatus: user.UserStatus, security } : undefined;
}

export async function findStaff(id: string): Promise<StaffMember | undefined> {
  return (await findAccount(id))?.member;
}

/**
 * Creates a confirmed account with its role and a temporary password the person replaces
 * at first sign-in (Cognito's `FORCE_CHANGE_PASSWORD`): the one the admin typed, sent
 * nowhere, or, without one, one Cognito makes and mails in the invitation (the
 * CustomMessage trigger writes it, in `language`). Returns the new account's id.
 */
export async function createAccount(input: {
  name: string;
  email: string;
  role: Role;
  temporaryPassword: string | undefined;
  language: Language;
}): Promise<string> {
  const delivery =
    input.temporaryPassword === undefined
      ? {
          DesiredDeliveryMediums: ['EMAIL' as const],
          ClientMetadata: { language: input.language },
        }
      : { TemporaryPassword: input.temporaryPassword, MessageAction: 'SUPPRESS' as const };
  const created = await getCognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: input.email,
      ...delivery,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: input.name },
        { Name: roleClaim, Value: input.role },
      ],
    }),
  );
  return created.User?.Username ?? input.email;
}

/**
 * Mails an invited account (`FORCE_CHANGE_PASSWORD`) a new temporary password: the old
 * one stops working and the validity starts again.
 */
export async function resendInvitation(email: string, language: Language): Promise<void> {
  await getCognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: email,
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
      ClientMetadata: { language },
    }),
  );
}

/**
 * An admin resets the account's password: Cognito marks it `RESET_REQUIRED` and mails a
 * code (the CustomMessage trigger's reset mail, worded for an admin's reset).
 */
export async function resetPassword(id: string, language: Language): Promise<void> {
  await getCognito().send(
    new AdminResetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: id,
      ClientMetadata: { language, reason: 'adminReset' },
    }),
  );
}

/** Removes the account's authenticator app: it signs in with its password alone. */
export async function turnOffMfa(id: string): Promise<void> {
  await getCognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId(),
      Username: id,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

export async function deleteAccount(id: string): Promise<void> {
  await getCognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: id }));
}

export async function setRole(id: string, role: Role): Promise<void> {
  await getCognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: id,
      UserAttributes: [{ Name: roleClaim, Value: role }],
    }),
  );
}

export async function setName(id: string, name: string): Promise<void> {
  await getCognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: id,
      UserAttributes: [{ Name: 'name', Value: name }],
    }),
  );
}

export async function setEnabled(id: string, enabled: boolean): Promise<void> {
  const Command = enabled ? AdminEnableUserCommand : AdminDisableUserCommand;
  await getCognito().send(new Command({ UserPoolId: userPoolId(), Username: id }));
}

/** Ends the account's sessions: its refresh tokens stop working. */
export async function signOutEverywhere(id: string): Promise<void> {
  await getCognito().send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: id }),
  );
}
