import type { Role } from '../../../../lambdas/shared/contract/roles';
import type {
  StaffMember,
  UpdateStaffInput,
} from '../../../../lambdas/shared/contract/schemas/staff';

/** What an administrator can do to an account from the staff table. */
export type StaffAction = 'approve' | 'changeRole' | 'disable' | 'enable';

/** Actions that need a role chosen in their dialog. */
export function needsRole(action: StaffAction): action is 'approve' | 'changeRole' {
  return action === 'approve' || action === 'changeRole';
}

/**
 * The actions that make sense for an account in its state:
 * - pending (confirmed, no role): approve with a role, or disable;
 * - unverified (email not confirmed): disable only; approval waits for confirmation;
 * - active: change the role, or disable;
 * - disabled: enable (and change the role, if it has one).
 */
export function staffActions(member: Pick<StaffMember, 'status' | 'role'>): StaffAction[] {
  switch (member.status) {
    case 'pending':
      return ['approve', 'disable'];
    case 'unverified':
      return ['disable'];
    case 'active':
      return ['changeRole', 'disable'];
    case 'disabled':
      return member.role ? ['enable', 'changeRole'] : ['enable'];
  }
}

/** The body of `PATCH /api/staff/{id}` for an action. */
export function staffActionRequest(action: StaffAction, role?: Role): UpdateStaffInput {
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
