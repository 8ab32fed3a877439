import type { Role } from '../../../../lambdas/shared/contract/roles';
import type {
  StaffMember,
  UpdateStaffInput,
} from '../../../../lambdas/shared/contract/schemas/staff';

/** A change to an account's role or access, sent as `PATCH /api/staff/{id}`. */
export type StaffChange = 'approve' | 'changeRole' | 'disable' | 'enable';

/** A sign-in help for an account, each through a route of its own. */
export type StaffSignInAction = 'resendInvitation' | 'resetPassword' | 'resetMfa';

/** What an administrator can do to an account from the staff table. */
export type StaffAction = StaffChange | StaffSignInAction;

/** Actions that need a role chosen in their dialog. */
export function needsRole(action: StaffAction): action is 'approve' | 'changeRole' {
  return action === 'approve' || action === 'changeRole';
}

/** Actions that mail the person, in a language chosen in their dialog. */
export function sendsMail(action: StaffAction): action is 'resendInvitation' | 'resetPassword' {
  return action === 'resendInvitation' || action === 'resetPassword';
}

/** Whether an action is a change of role or access (`PATCH`), the rest being sign-in help. */
export function isStaffChange(action: StaffAction): action is StaffChange {
  return (
    action === 'approve' || action === 'changeRole' || action === 'disable' || action === 'enable'
  );
}

/**
 * The role and access changes that make sense for an account in its state:
 * - pending (confirmed, no role): approve with a role, or disable;
 * - unverified (email not confirmed): disable only; approval waits for confirmation;
 * - active, invited (first sign-in still to come, its invitation expired or not), reset
 *   required (an administrator reset the password): change the role, or disable;
 * - disabled: enable (and change the role, if it has one).
 */
function staffChanges(member: Pick<StaffMember, 'status' | 'role'>): StaffChange[] {
  switch (member.status) {
    case 'pending':
      return ['approve', 'disable'];
    case 'unverified':
      return ['disable'];
    case 'active':
    case 'invited':
    case 'invitationExpired':
    case 'resetRequired':
      return member.role ? ['changeRole', 'disable'] : ['disable'];
    case 'disabled':
      return member.role ? ['enable', 'changeRole'] : ['enable'];
  }
}

/**
 * The sign-in help an account can be given:
 * - invited (expired or not): a new invitation, with a new temporary password;
 * - active, or reset required: a password reset (the person is mailed a code and chooses a
 *   new password); again after a reset, as its code expires within the hour;
 * - with an authenticator app (and not disabled): its removal, for a lost device.
 */
function signInActions(member: Pick<StaffMember, 'status' | 'mfaEnabled'>): StaffSignInAction[] {
  const actions: StaffSignInAction[] = [];
  if (member.status === 'invited' || member.status === 'invitationExpired') {
    actions.push('resendInvitation');
  }
  if (member.status === 'active' || member.status === 'resetRequired') {
    actions.push('resetPassword');
  }
  if (member.mfaEnabled && member.status !== 'disabled') actions.push('resetMfa');
  return actions;
}

/** Every action the staff table offers for an account: its changes, then its sign-in help. */
export function staffActions(
  member: Pick<StaffMember, 'status' | 'role' | 'mfaEnabled'>,
): StaffAction[] {
  return [...staffChanges(member), ...signInActions(member)];
}

/** The body of `PATCH /api/staff/{id}` for a change. */
export function staffActionRequest(action: StaffChange, role?: Role): UpdateStaffInput {
  switch (action) {
    case 'approve':
    case 'changeRole':
      if (!role) throw new Error(`${action} needs a role`);
      return { role };
    case 'disable':
      return { enabled: false };
    case 'enable':
      return { enabled: true };
  }
}

/** Whether a row is the signed-in administrator's own account (which they may not change). */
export function isOwnAccount(
  member: Pick<StaffMember, 'email'>,
  userEmail: string | undefined,
): boolean {
  return userEmail !== undefined && member.email.toLowerCase() === userEmail.toLowerCase();
}
