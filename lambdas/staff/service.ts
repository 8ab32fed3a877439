import {
  InvalidPasswordException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { actorOf, type Caller } from '../shared/http';
import { forgetStanding } from '../shared/http/standing';
import { changesBetween, type AuditRecord } from '../shared/data/audit';
import { encodeCursor as signCursor, decodeCursor as readCursor } from '../shared/data/cursor';
import { audited } from '../shared/data/transaction';
import { deleteItem } from '../shared/data/write';
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
import { logger } from '../shared/logger';
import { withAccountsLock } from './accounts-lock';
import * as accounts from './repository';

/**
 * List cursors: the offset of the next page in the filtered, sorted list, signed like
 * every list cursor (data/cursor.ts) and bound to the filter.
 */
const cursorScope = (query: ListStaffQuery) => ({ list: 'staff', filter: query.filter });

async function decodeCursor(query: ListStaffQuery): Promise<number> {
  const key = await readCursor(query.cursor, cursorScope(query));
  if (!key) return 0;
  const offset = Number(key.offset);
  if (!/^\d{1,9}$/.test(key.offset ?? '')) {
    throw new ValidationError({ cursor: { key: 'errors.invalidCursor' } }, 'errors.invalidCursor');
  }
  return offset;
}

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
  const offset = await decodeCursor(query);
  const end = offset + query.limit;
  return {
    items: matching.slice(offset, end),
    nextCursor:
      end < matching.length ? await signCursor({ offset: String(end) }, cursorScope(query)) : null,
    total: matching.length,
  };
}

/**
 * The fields of an account an audit entry follows (never a password). `enabled` stands
 * for the status an admin switches.
 */
const auditedFields = ['name', 'email', 'role', 'enabled'] as const;
const auditView = (member: StaffMember | undefined) =>
  member && {
    name: member.name,
    email: member.email,
    role: member.role,
    enabled: member.status !== 'disabled',
  };

/**
 * Records a change to an account. Accounts live in Cognito, outside the table's
 * transactions, so the entry is written first and taken back if Cognito refuses the
 * change: an account never changes without its entry, and a refused change leaves none.
 */
async function withAuditEntry<T>(record: AuditRecord, change: () => Promise<T>): Promise<T> {
  const { auditEntry } = await audited(record).commit();
  try {
    return await change();
  } catch (error) {
    // The change's own error is the one to answer; a failed clean-up is logged.
    if (auditEntry) {
      await deleteItem(auditEntry).catch((cleanup: unknown) =>
        logger.error('audit entry of a refused change not taken back', {
          entity: record.entity,
          entityId: record.entityId,
          error: String(cleanup),
        }),
      );
    }
    throw error;
  }
}

/**
 * Staff management acts on the caller's current account (the pipeline read it; this reads
 * it again): inside the accounts lease for changes, so an admin demoted by a change that
 * finished a moment ago is refused there too. Creating an account needs no lease: it
 * cannot break the last-admin rule.
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
    await audited({
      actor: actorOf(caller),
      action: 'create',
      entity: 'staff',
      entityId: id,
      subjectLabel: input.name,
      subjectDetail: email,
      changes: changesBetween(
        undefined,
        { name: input.name, email, role: input.role, enabled: true },
        auditedFields,
      ),
    }).commit();
  } catch (error) {
    // No half-made account: without its password it would be unusable, and without its
    // audit entry it would be an account nobody is recorded to have made. If taking it
    // back fails too, the first failure is the answer and the leftover is logged.
    try {
      await accounts.deleteAccount(id);
    } catch (cleanup) {
      logger.error('half-made staff account not taken back', { id, error: String(cleanup) });
    }
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
    const before = auditView(target)!;
    const after = {
      ...before,
      role: change.role ?? before.role,
      enabled: change.enabled ?? before.enabled,
    };
    const changes = changesBetween(before, after, auditedFields);
    if (Object.keys(changes).length > 0) {
      const record: AuditRecord = {
        actor: actorOf(caller),
        action: 'update',
        entity: 'staff',
        entityId: id,
        subjectLabel: target.name,
        subjectDetail: target.email,
        changes,
      };
      await withAuditEntry(record, async () => {
        if (after.role !== before.role) await accounts.setRole(id, after.role!);
        try {
          if (after.enabled !== before.enabled) await accounts.setEnabled(id, after.enabled);
        } catch (error) {
          // All or nothing, as far as Cognito allows: put the role back.
          if (after.role !== before.role && before.role) await accounts.setRole(id, before.role);
          throw error;
        }
      });
      // The account's standing changed: this process reads it again on its next call.
      forgetStanding(id);
      if (after.enabled === false && before.enabled) {
        // Its sessions end too. The account is disabled whatever happens here (it cannot
        // sign in or refresh, and the API refuses it at once), so a failure is logged,
        // not answered: the change and its audit entry stand.
        await accounts
          .signOutEverywhere(id)
          .catch((error: unknown) =>
            logger.error('sign-out of a disabled account failed', { id, error: String(error) }),
          );
      }
    }
    const updated = await accounts.findStaff(id);
    if (!updated) throw new NotFoundError('errors.staffNotFound');
    return updated;
  });
}

/**
 * The caller changes their own name (`PATCH /api/account`): recorded like an admin's
 * change to an account (actor and target the caller, the name before and after), with
 * nothing recorded when the name is the same. Answers the account as it is now.
 */
export async function changeOwnName(caller: Caller, name: string): Promise<StaffMember> {
  const account = await getOwnAccount(caller);
  const changes = changesBetween(auditView(account), { ...auditView(account), name }, ['name']);
  if (Object.keys(changes).length === 0) return account;
  const record: AuditRecord = {
    actor: actorOf(caller),
    action: 'update',
    entity: 'staff',
    entityId: caller.sub,
    // The account as named after the change; the entry's change holds the name before.
    subjectLabel: name,
    subjectDetail: account.email,
    changes,
  };
  await withAuditEntry(record, () => accounts.setName(caller.sub, name));
  // The name is part of the standing this process keeps: the next call (and the audit
  // entries it writes) names the person by their new name at once.
  forgetStanding(caller.sub);
  return getOwnAccount(caller);
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
