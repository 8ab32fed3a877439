import { actorOf, type Caller } from '../shared/http';
import { forgetStanding } from '../shared/http/standing';
import { changesBetween, type AuditRecord } from '../shared/data/audit';
import type {
  OwnAccount,
  RevokeSessionsInput,
  StaffMember,
} from '../shared/contract/schemas/staff';
import { AbortedError, NotFoundError, PermissionDeniedError } from '../shared/errors';
import {
  clearMfa,
  isoOfSeconds,
  markMfaEnabled,
  nextSecond,
  readAccountSecurity,
  revokeSessionsBefore,
  toEpochSeconds,
  undoMfaEnabled,
  untilSecond,
  type AccountSecurity,
} from '../shared/account-security';
import * as accounts from './repository';

/**
 * The signed-in person's own account and sessions (`/api/account/*`; docs/access-control.md
 * "Second factor"). These routes take `secondFactor: 'notRequired'`: an admin without the
 * second factor reaches them to set it up. Each change ends every session of the account
 * from the next whole second (`revokedBefore`, and Cognito's global sign-out for refresh
 * tokens) and answers once that second has come, so the sign-in the web makes right after
 * is not refused.
 */

/** A token's sign-in counts as recent for turning the second factor off this long. */
export const recentSignInSeconds = 300;

async function findOwn(caller: Caller): Promise<accounts.Account> {
  const account = await accounts.findAccount(caller.sub);
  if (!account) throw new NotFoundError('errors.staffNotFound');
  return account;
}

function ownView(caller: Caller, member: StaffMember, security: AccountSecurity): OwnAccount {
  return {
    ...member,
    secondFactor: caller.secondFactor,
    mfaEnabledAt: isoOfSeconds(security.mfaEnabledAt),
  };
}

/**
 * The caller's own account as Cognito holds it now (`GET /api/account`), with what the
 * security record adds (last sign-in, since when the authenticator app is confirmed) and
 * whether this session was signed in with it. `mfaEnabled` is Cognito's word: an app set
 * up in Cognito but not yet confirmed here shows as on, with no `mfaEnabledAt`.
 */
export async function getOwnAccount(caller: Caller): Promise<OwnAccount> {
  const { member, security } = await findOwn(caller);
  return ownView(caller, member, security);
}

/** The entry of a change the caller makes to their own account's security. */
const ownEntry = (
  caller: Caller,
  member: StaffMember,
  action: 'update' | 'revoke',
  changes: AuditRecord['changes'],
): AuditRecord => ({
  actor: actorOf(caller),
  action,
  entity: 'staff',
  entityId: caller.sub,
  subjectLabel: member.name,
  subjectDetail: member.email,
  changes,
});

/**
 * `POST /api/account/mfa`: the caller set an authenticator app up in Cognito
 * (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference with their access
 * token); this confirms it. Cognito must ask the account for the app's code at sign-in
 * (else `errors.mfaNotSetUp`). Records the confirmation time, from which tokens count as
 * signed in with the code, and ends every earlier session (a password-only one too), with
 * its audit entry. The person then signs in again, with a code.
 */
export async function confirmOwnMfa(caller: Caller): Promise<void> {
  const { member } = await findOwn(caller);
  if (!member.mfaEnabled) throw new AbortedError('errors.mfaNotSetUp');
  // The record as it is now (a strongly consistent read): the confirmation is written only
  // while its revocation time is still this one, so an admin's reset of the app (which
  // moves it) made meanwhile is never overwritten.
  const security = await readAccountSecurity(caller.sub, { consistent: true });
  const at = nextSecond();
  const confirmed = security.mfaEnabledAt !== undefined;
  const changes = changesBetween(
    { mfa: confirmed, mfaEnabledAt: isoOfSeconds(security.mfaEnabledAt) },
    { mfa: true, mfaEnabledAt: isoOfSeconds(at) },
    ['mfa', 'mfaEnabledAt'],
  );
  const entry = ownEntry(caller, member, 'update', changes);
  if (!(await markMfaEnabled(caller.sub, at, security.revokedBefore, entry))) {
    throw new AbortedError();
  }
  forgetStanding(caller.sub);
  // Cognito once more, after the write: an app turned off (by an admin's reset, or in
  // Cognito directly) between the first read and the write takes the confirmation back.
  const now = await accounts.findAccount(caller.sub);
  if (!now?.member.mfaEnabled) {
    await undoMfaEnabled(
      caller.sub,
      at,
      ownEntry(caller, member, 'update', {
        mfa: { from: true, to: false },
        mfaEnabledAt: { from: isoOfSeconds(at), to: null },
      }),
    );
    throw new AbortedError('errors.mfaNotSetUp');
  }
  await accounts.signOutEverywhere(caller.sub);
  await untilSecond(at);
}

/**
 * `DELETE /api/account/mfa`: turns the caller's authenticator app off. Only a session
 * signed in with the app's code in the last {@link recentSignInSeconds} may (else
 * `errors.recentSignInRequired`): a session left open, or one signed in with the password
 * alone, cannot take the second factor away. The record goes first, with its audit entry
 * and the end of every session, then Cognito: should Cognito refuse, the account has lost
 * its confirmed second factor (it confirms again), never kept one it no longer has.
 */
export async function turnOffOwnMfa(caller: Caller): Promise<void> {
  if (!caller.secondFactor || caller.authTime < toEpochSeconds() - recentSignInSeconds) {
    throw new PermissionDeniedError('errors.recentSignInRequired');
  }
  const { member, security } = await findOwn(caller);
  const at = nextSecond();
  const changes = changesBetween(
    { mfa: true, mfaEnabledAt: isoOfSeconds(security.mfaEnabledAt) },
    { mfa: false, mfaEnabledAt: null },
    ['mfa', 'mfaEnabledAt'],
  );
  await clearMfa(caller.sub, ownEntry(caller, member, 'update', changes), { revokeBefore: at });
  forgetStanding(caller.sub);
  await accounts.turnOffMfa(caller.sub);
  await accounts.signOutEverywhere(caller.sub);
  await untilSecond(at);
}

/**
 * `POST /api/account/sessions/revoke`: ends every session of the caller's account ("sign
 * out of all devices", or after a password change): tokens signed in or issued before the
 * next second are refused, refresh tokens revoked; audited with the reason.
 */
export async function revokeOwnSessions(
  caller: Caller,
  { reason }: RevokeSessionsInput,
): Promise<void> {
  const { member, security } = await findOwn(caller);
  const at = nextSecond();
  const entry = ownEntry(caller, member, 'revoke', {
    sessionsBefore: { from: isoOfSeconds(security.revokedBefore), to: isoOfSeconds(at) },
    reason: { from: null, to: reason },
  });
  await revokeSessionsBefore(caller.sub, at, entry);
  forgetStanding(caller.sub);
  await accounts.signOutEverywhere(caller.sub);
  await untilSecond(at);
}
