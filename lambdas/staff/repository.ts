import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { getCognito } from '../shared/aws/cognito';
import { getConfig } from '../shared/config';
import { isRole, roleClaim, type Role } from '../shared/contract/roles';
import { accountName } from '../shared/contract/schemas/auth';
import type { StaffMember, StaffStatus } from '../shared/contract/schemas/staff';

/**
 * Staff accounts live in the Cognito user pool, the one source of truth for who may
 * sign in; this module is its only reader and writer. The account id is the Cognito
 * username (the `sub`: the pool signs in by email alias).
 */
const userPoolId = () => getConfig().USER_POOL_ID;

interface CognitoUser {
  Username?: string;
  Enabled?: boolean;
  UserStatus?: string;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}

function toStaffMember(user: CognitoUser, attributes: AttributeType[] = []): StaffMember {
  const attribute = (name: string) => attributes.find((item) => item.Name === name)?.Value;
  const role = attribute(roleClaim);
  const validRole: Role | null = isRole(role) ? role : null;
  let status: StaffStatus = 'active';
  if (user.Enabled === false) status = 'disabled';
  else if (user.UserStatus === 'UNCONFIRMED') status = 'unverified';
  else if (!validRole) status = 'pending';
  return {
    id: user.Username ?? '',
    name: accountName(attribute('name')) ?? '',
    email: attribute('email') ?? '',
    role: validRole,
    status,
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
    updatedAt: (user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/**
 * Every account, in Cognito's pages of 60. Staff lists are small (tens to a few
 * hundred accounts), so filtering and sorting happen on the whole list.
 */
export async function listAllStaff(): Promise<StaffMember[]> {
  const members: StaffMember[] = [];
  let token: string | undefined;
  do {
    const page = await getCognito().send(
      new ListUsersCommand({ UserPoolId: userPoolId(), Limit: 60, PaginationToken: token }),
    );
    for (const user of page.Users ?? []) members.push(toStaffMember(user, user.Attributes));
    token = page.PaginationToken;
  } while (token);
  return members;
}

export async function findStaff(id: string): Promise<StaffMember | undefined> {
  try {
    const user = await getCognito().send(
      new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: id }),
    );
    const member = toStaffMember(user, user.UserAttributes);
    // Cognito also finds a user by an alias (the email): an account is known by its id
    // only, so the self-change rule, the audit entry and the standing cache, all keyed by
    // the id, cannot be passed by naming the account another way.
    return member.id === id ? member : undefined;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Creates a confirmed account with the admin-chosen password and role, sending no
 * invitation (the admin hands the password over). Returns the new account's id.
 */
export async function createAccount(input: {
  name: string;
  email: string;
  role: Role;
}): Promise<string> {
  const created = await getCognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: input.email,
      MessageAction: 'SUPPRESS',
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

export async function setPassword(id: string, password: string): Promise<void> {
  await getCognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: id,
      Password: password,
      Permanent: true,
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
