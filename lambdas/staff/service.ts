import {
  InvalidPasswordException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Caller } from '../shared/http';
import type {
  CreateStaffInput,
  ListStaffQuery,
  StaffList,
  StaffMember,
  UpdateStaffInput,
} from '../shared/contract/schemas/staff';
import {
  AbortedError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from '../shared/errors';
import { withAccountsLock } from './accounts-lock';
import * as accounts from './repository';

/** Opaque list cursor: the offset of the next page in the filtered, sorted list. */
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = Number(text);
  // Only cursors this service wrote are accepted: they decode to digits and back.
  if (!/^\d{1,9}$/.test(text) || encodeCursor(offset) !== cursor) {
    throw new ValidationError({ cursor: { key: 'validation.invalid' } });
  }
  return offset;
}

const encodeCursor = (offset: number) => Buffer.from(String(offset)).toString('base64url');

export async function listStaff(query: ListStaffQuery): Promise<StaffList> {
  const needle = query.filter?.toLowerCase();
  const matching = (await accounts.listAllStaff())
    .filter(
      (member) =>
        !needle ||
        member.name.toLowerCase().includes(needle) ||
        member.email.toLowerCase().includes(needle),
    )
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        a.email.localeCompare(b.email),
    );
  const offset = decodeCursor(query.cursor);
  const end = offset + query.limit;
  return {
    items: matching.slice(offset, end),
    nextCursor: end < matching.length ? encodeCursor(end) : null,
    total: matching.length,
  };
}

/**
 * Staff management acts on the caller's current account, not the token's snapshot: an
 * admin demoted or disabled a minute ago cannot keep managing accounts until the token
 * expires.
 */
async function assertStillAdmin(caller: Caller): Promise<void> {
  const current = await accounts.findStaff(caller.sub);
  if (!current || current.status !== 'active' || current.role !== 'admin') {
    throw new PermissionDeniedError();
  }
}

export async function createStaff(input: CreateStaffInput, caller: Caller): Promise<StaffMember> {
  await assertStillAdmin(caller);
  const email = input.email.toLowerCase();
  let id: string;
  try {
    id = await accounts.createAccount({ name: input.name, email, role: input.role });
  } catch (error) {
    if (error instanceof UsernameExistsException) {
      throw new ConflictError(
        'errors.staffEmailTaken',
        {},
        {
          email: { key: 'errors.staffEmailTaken' },
        },
      );
    }
    throw error;
  }
  try {
    await accounts.setPassword(id, input.password);
  } catch (error) {
    // No half-made account: without its password it would be unusable.
    await accounts.deleteAccount(id);
    if (error instanceof InvalidPasswordException) {
      throw new ValidationError({ password: { key: 'errors.passwordRejected' } });
    }
    throw error;
  }
  const created = await accounts.findStaff(id);
  if (!created) throw new Error(`Account ${id} vanished after creation`);
  return created;
}

const isActiveAdmin = (member: StaffMember) =>
  member.status === 'active' && member.role === 'admin';

export async function updateStaff(
  id: string,
  change: UpdateStaffInput,
  caller: Caller,
): Promise<StaffMember> {
  if (id === caller.sub) throw new PermissionDeniedError('errors.staffSelfChange');
  return withAccountsLock(async () => {
    // Inside the lease: a caller demoted by a change that just finished is refused.
    await assertStillAdmin(caller);
    const target = await accounts.findStaff(id);
    if (!target) throw new NotFoundError('errors.staffNotFound');
    const losesAdmin = change.role === 'staff' || change.enabled === false;
    if (isActiveAdmin(target) && losesAdmin) {
      const activeAdmins = (await accounts.listAllStaff()).filter(isActiveAdmin);
      if (activeAdmins.length <= 1) throw new AbortedError('errors.lastAdmin');
    }
    if (change.role !== undefined && change.role !== target.role) {
      await accounts.setRole(id, change.role);
    }
    if (change.enabled !== undefined && change.enabled !== (target.status !== 'disabled')) {
      await accounts.setEnabled(id, change.enabled);
    }
    const updated = await accounts.findStaff(id);
    if (!updated) throw new NotFoundError('errors.staffNotFound');
    return updated;
  });
}

/**
 * The caller's own account as Cognito holds it now (`GET /api/account`): name, email,
 * role, status and since when it exists, which the ID token does not carry.
 */
export async function getOwnAccount(caller: Caller): Promise<StaffMember> {
  const account = await accounts.findStaff(caller.sub);
  if (!account) throw new NotFoundError('errors.staffNotFound');
  return account;
}
