import {
  InvalidPasswordException,
  UserLambdaValidationException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { actorOf, type Caller } from '../shared/http';
import { forgetStanding } from '../shared/http/standing';
import { changesBetween, type AuditRecord } from '../shared/data/audit';
import { encodeCursor as signCursor, decodeCursor as readCursor } from '../shared/data/cursor';
import { audited } from '../shared/data/transaction';
import { deleteItem } from '../shared/data/write';
import { codeMailLimitReason } from '../shared/contract/code-mail';
import type { Language } from '../shared/contract/messages';
import type {
  CreateStaffInput,
  ListStaffQuery,
  OwnAccount,
  StaffList,
  StaffMember,
  UpdateStaffInput,
} from '../shared/contract/schemas/staff';
import {
  AbortedError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  ValidationError,
} from '../shared/errors';
import { logger } from '../shared/logger';
import { withAccountsLock } from './accounts-lock';
import * as accountSecurity from '../shared/account-security';
import { getOwnAccount } from './own-account';
import * as accounts from './repository';

/**
 * List cursors: the offset of the next page in the filtered, sorted list, signed like
 * every list cursor (data/cursor.ts) and bound to the filters and order.
 */
const cursorScope = (query: ListStaffQuery) => ({
  list: 'staff',
  filter: query.filter,
  sort: query.sort,
  mfa: query.mfa,
  notSignedInSince: query.notSignedInSince,
});

async function decodeCursor(query: ListStaffQuery): Promise<number> {
  const key = await readCursor(query.cursor, cursorScope(query));
  if (!key) return 0;
  const offset = Number(key.offset);
  if (!/^\d{1,9}$/.test(key.offset ?? '')) {
    throw new ValidationError({ cursor: { key: 'errors.invalidCursor' } }, 'errors.invalidCursor');
  }
  return offset;
}

const byName = (a: StaffMember, b: StaffMember) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
  a.email.localeCompare(b.email);

/** Never signed in first, then the longest ago; ties by name. */
const byLastSignIn = (a: StaffMember, b: StaffMember) => {
  if (a.lastSignInAt !== b.lastSignInAt) {
    if (a.lastSignInAt === null) return -1;
    if (b.lastSignInAt === null) return 1;
    return a.lastSignInAt < b.lastSignInAt ? -1 : 1;
  }
  return byName(a, b);
};

/** Accounts without an authenticator app first, then those with one; ties by name. */
const byMfa = (a: StaffMember, b: StaffMember) =>
  Number(a.mfaEnabled) - Number(b.mfaEnabled) || byName(a, b);

const staffOrders = { name: byName, lastSignIn: byLastSignIn, mfa: byMfa } as const;

/** Whether `member` passes the query's filters (text, MFA, not signed in since a day). */
export function matchesStaffQuery(member: StaffMember, query: ListStaffQuery): boolean {
  const needle = query.filter?.toLowerCase();
  if (
    needle &&
    !member.name.toLowerCase().includes(needle) &&
    !member.email.toLowerCase().includes(needle)
  ) {
    return false;
  }
  if (query.mfa !== undefined && member.mfaEnabled !== (query.mfa === 'on')) return false;
  if (query.notSignedInSince !== undefined && member.lastSignInAt !== null) {
    // Before the start of that day (UTC); ISO times compare as text.
    if (member.lastSignInAt >= `${query.notSignedInSince}T00:00:00.000Z`) return false;
  }
  return true;
}

/**
 * A page of the accounts that pass the query's filters, in its order, and how many pass:
 * the whole list is read (Cognito's pages and one Query of the security records), then
 * filtered, sorted and cut, so totals and pages hold whatever the filters.
 */
export async function listStaff(query: ListStaffQuery): Promise<StaffList> {
  const matching = (await accounts.listAllStaff())
    .filter((member) => matchesStaffQuery(member, query))
    .sort(staffOrders[query.sort]);
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

/**
 * Creates an account with a temporary password: the one the admin typed, or one Cognito
 * mails in an invitation (no password given). Either way the person chooses their own at
 * first sign-in. The entry records which (`invitation`: `typed` or `mail`), never the
 * password; the time is kept in the account's security record (the list's "Invited").
 */
export async function createStaff(input: CreateStaffInput, caller: Caller): Promise<StaffMember> {
  await assertStillAdmin(caller);
  const email = input.email.toLowerCase();
  const invitation = input.password === undefined ? 'mail' : 'typed';
  let id: string;
  try {
    id = await accounts.createAccount({
      name: input.name,
      email,
      role: input.role,
      temporaryPassword: input.password,
      language: input.language,
    });
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
    if (error instanceof InvalidPasswordException) {
      throw new ValidationError({ password: { key: 'errors.passwordRejected' } });
    }
    throw error;
  }
  try {
    await accountSecurity.recordInvitation(id, invitation, {
      actor: actorOf(caller),
      action: 'create',
      entity: 'staff',
      entityId: id,
      subjectLabel: input.name,
      subjectDetail: email,
      changes: changesBetween(
        undefined,
        { name: input.name, email, role: input.role, enabled: true, invitation },
        [...auditedFields, 'invitation'],
      ),
    });
  } catch (error) {
    // No half-made account: without its audit entry it would be an account nobody is
    // recorded to have made. If taking it back fails too, the first failure is the answer
    // and the leftover is logged.
    try {
      await accounts.deleteAccount(id);
    } catch (cleanup) {
      logger.error('half-made staff account not taken back', { id, error: String(cleanup) });
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
 * An admin acts on another account (resend, reset, MFA reset): inside the accounts lease,
 * re-reading the caller; never on the caller's own account (their account page does
 * that, with their own checks). Answers the target as Cognito holds it.
 */
async function actOnOtherAccount<T>(
  id: string,
  caller: Caller,
  work: (target: accounts.Account) => Promise<T>,
): Promise<T> {
  if (id === caller.sub) throw new AbortedError('errors.ownAccountAction');
  return withAccountsLock(async () => {
    await assertStillAdmin(caller);
    const target = await accounts.findAccount(id);
    if (!target) throw new NotFoundError('errors.staffNotFound');
    return work(target);
  });
}

/** The entry of an admin's act on an account, naming it as it is now. */
const staffEntry = (
  caller: Caller,
  target: StaffMember,
  action: 'update' | 'resend' | 'revoke',
  changes: AuditRecord['changes'],
): AuditRecord => ({
  actor: actorOf(caller),
  action,
  entity: 'staff',
  entityId: target.id,
  subjectLabel: target.name,
  subjectDetail: target.email,
  changes,
});

/**
 * Sessions end from the next whole second: tokens signed in or issued before it are
 * refused (the account's `revokedBefore`, with its own entry: action `revoke`, the reason
 * `adminReset`, as the person's own revocations are audited), refresh tokens revoked. The
 * route answers once that second has come, so a sign-in made after the answer is never
 * caught by it.
 */
async function endSessions(
  caller: Caller,
  member: StaffMember,
  security: accountSecurity.AccountSecurity,
): Promise<number> {
  const before = accountSecurity.nextSecond();
  const entry = staffEntry(caller, member, 'revoke', {
    sessionsBefore: {
      from: accountSecurity.isoOfSeconds(security.revokedBefore),
      to: accountSecurity.isoOfSeconds(before),
    },
    reason: { from: null, to: 'adminReset' },
  });
  await accountSecurity.revokeSessionsBefore(member.id, before, entry);
  forgetStanding(member.id);
  await accounts.signOutEverywhere(member.id);
  return before;
}

/**
 * A reset mail the CustomMessage trigger refused: the person had their hour's quota of
 * code mails (lambdas/auth/code-mail-quota.ts). Answered 429 with the wait it names.
 */
function refusedMail(error: unknown): never {
  if (
    error instanceof UserLambdaValidationException &&
    error.message.includes(codeMailLimitReason)
  ) {
    const minutes = Number(/try again in (\d+) minute/.exec(error.message)?.[1] ?? 60);
    throw new RateLimitedError(minutes * 60);
  }
  throw error;
}

async function currentMember(id: string): Promise<StaffMember> {
  const member = await accounts.findStaff(id);
  if (!member) throw new NotFoundError('errors.staffNotFound');
  return member;
}

/**
 * `POST /api/staff/{id}/invitation`: mails an invited account (first sign-in not made)
 * a new temporary password in `language`; the old one stops working and the validity
 * starts again. An account that has signed in has no invitation to resend.
 */
export async function resendInvitation(
  id: string,
  language: Language,
  caller: Caller,
): Promise<StaffMember> {
  return actOnOtherAccount(id, caller, async ({ member, userStatus }) => {
    if (member.status === 'disabled') throw new AbortedError('errors.accountDisabled');
    if (userStatus !== 'FORCE_CHANGE_PASSWORD') throw new AbortedError('errors.notInvited');
    const at = new Date();
    const record = staffEntry(caller, member, 'resend', {
      invitedAt: { from: member.invitedAt, to: at.toISOString() },
    });
    await withAuditEntry(record, () => accounts.resendInvitation(member.email, language));
    // Bookkeeping of what is done (the mail went): a failure is logged; the list then
    // dates the invitation by Cognito's change of the account.
    await accountSecurity
      .recordInvitation(id, 'mail', null, at)
      .catch((error: unknown) =>
        logger.error('resent invitation not recorded', { id, error: String(error) }),
      );
    return currentMember(id);
  });
}

/**
 * `POST /api/staff/{id}/password-reset`: ends the account's sessions (every token issued
 * before now is refused, refresh tokens revoked) and has Cognito mail a reset code in
 * `language`; the person cannot sign in until they choose a new password. An invited
 * account has no password of its own yet: resend its invitation instead.
 */
export async function resetStaffPassword(
  id: string,
  language: Language,
  caller: Caller,
): Promise<StaffMember> {
  return actOnOtherAccount(id, caller, async ({ member, userStatus, security }) => {
    if (member.status === 'disabled') throw new AbortedError('errors.accountDisabled');
    if (userStatus === 'FORCE_CHANGE_PASSWORD') throw new AbortedError('errors.invitedAccount');
    // Sessions end first, audited on their own: should Cognito then refuse the reset, the
    // reset's entry is taken back but the sessions stay ended (the person signs in again)
    // and their entry stays, never the other way round.
    const before = await endSessions(caller, member, security);
    const record = staffEntry(caller, member, 'update', {
      passwordReset: { from: false, to: true },
    });
    await withAuditEntry(record, () => accounts.resetPassword(id, language).catch(refusedMail));
    await accountSecurity.untilSecond(before);
    return currentMember(id);
  });
}

/**
 * `DELETE /api/staff/{id}/mfa`: removes another account's authenticator app (a lost
 * device) and ends its sessions; an admin stays admin and must set an app up again before
 * using admin powers. Refused for an account without one.
 */
export async function resetStaffMfa(id: string, caller: Caller): Promise<StaffMember> {
  return actOnOtherAccount(id, caller, async ({ member, security }) => {
    // Cognito's answer or the record's confirmation: either means an app to remove.
    if (!member.mfaEnabled && security.mfaEnabledAt === undefined) {
      throw new AbortedError('errors.mfaNotEnabled');
    }
    const record = staffEntry(caller, member, 'update', { mfa: { from: true, to: false } });
    const before = await withAuditEntry(record, async () => {
      const before = accountSecurity.nextSecond();
      // The record first: should Cognito then refuse, the account has lost its confirmed
      // second factor (it confirms again), never kept one it no longer has.
      await accountSecurity.clearMfa(id, null, { revokeBefore: before });
      forgetStanding(id);
      await accounts.turnOffMfa(id);
      // Once more now that Cognito has no app: a confirmation the person made between the
      // two (their app still on then) goes too.
      await accountSecurity.clearMfa(id, null);
      await accounts.signOutEverywhere(id);
      return before;
    });
    await accountSecurity.untilSecond(before);
    return currentMember(id);
  });
}

/**
 * The caller changes their own name (`PATCH /api/account`): recorded like an admin's
 * change to an account (actor and target the caller, the name before and after), with
 * nothing recorded when the name is the same. Answers the account as it is now.
 */
export async function changeOwnName(caller: Caller, name: string): Promise<OwnAccount> {
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
