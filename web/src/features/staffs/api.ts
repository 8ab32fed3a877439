import { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import type { Language } from '../../../../lambdas/shared/contract/messages';
import {
  staffFilterMaxLength,
  type CreateStaffInput,
  type ListStaffQuery,
  type StaffList,
  type StaffMember,
  type UpdateStaffInput,
} from '../../../../lambdas/shared/contract/schemas/staff';
import { api } from '../../lib/api-client';
import { pageLimit } from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest filter the API accepts (the contract's). */
export const maxFilterLength = staffFilterMaxLength;

/**
 * The orders of the staff list: by name; by last sign-in (never, then longest ago); by
 * authenticator app (accounts without one first, then by name).
 */
export type StaffSort = ListStaffQuery['sort'];

/** The columns the staff table sorts by, each one way (`asc`). */
export const staffSortFields = [
  'name',
  'lastSignIn',
  'mfa',
] as const satisfies readonly StaffSort[];

/** The list's own choices (filters and order), as the staff page keeps them. */
export interface StaffListChoices {
  /** Text to find in names and emails, as typed. */
  filter?: string;
  sort?: StaffSort;
  /** Only accounts with (`on`) or without (`off`) an authenticator app. */
  mfa?: 'on' | 'off';
  /** Only accounts not signed in since this day (YYYY-MM-DD, UTC), or never. */
  notSignedInSince?: string;
}

export interface StaffListRequest extends StaffListChoices {
  pageSize: number;
  /** The `nextCursor` of the previous page; none for the first page. */
  cursor?: string;
}

/**
 * The query of `GET /api/staff`: `limit` within 1..1000, the opaque `cursor` as
 * received, the trimmed `filter`, and the order and filters chosen; empty values and the
 * default order (by name) are left out.
 */
export function staffListQuery({
  pageSize,
  cursor,
  filter,
  sort,
  mfa,
  notSignedInSince,
}: StaffListRequest): {
  limit: number;
  cursor?: string;
  filter?: string;
  sort?: StaffSort;
  mfa?: 'on' | 'off';
  notSignedInSince?: string;
} {
  const limit = pageLimit(pageSize);
  const text = filter?.trim().slice(0, maxFilterLength);
  return {
    limit,
    ...(cursor ? { cursor } : {}),
    ...(text ? { filter: text } : {}),
    ...(sort && sort !== 'name' ? { sort } : {}),
    ...(mfa ? { mfa } : {}),
    ...(notSignedInSince ? { notSignedInSince } : {}),
  };
}

export function listStaff(request: StaffListRequest, signal?: AbortSignal): Promise<StaffList> {
  return api(staffApi, 'GET /api/staff', { query: staffListQuery(request), signal });
}

/** A page of the staff list, for `useCursorList`. */
export const fetchStaffPage: FetchPage<StaffListChoices, StaffMember> = (
  { query, pageSize, cursor },
  signal,
) => listStaff({ ...query, pageSize, cursor }, signal);

/**
 * Creates an account: with a temporary password (the person chooses their own at first
 * sign-in), or, without one, mails the person an invitation in `language`.
 */
export function createStaff(input: CreateStaffInput): Promise<StaffMember> {
  return api(staffApi, 'POST /api/staff', { body: input });
}

export function updateStaff(id: string, input: UpdateStaffInput): Promise<StaffMember> {
  return api(staffApi, 'PATCH /api/staff/{id}', { params: { id }, body: input });
}

/** Mails an invited account a new temporary password (its validity starts again). */
export function resendInvitation(id: string, language: Language): Promise<StaffMember> {
  return api(staffApi, 'POST /api/staff/{id}/invitation', {
    params: { id },
    body: { language },
  });
}

/** Ends the account's sessions and mails the person a reset code. */
export function resetPassword(id: string, language: Language): Promise<StaffMember> {
  return api(staffApi, 'POST /api/staff/{id}/password-reset', {
    params: { id },
    body: { language },
  });
}

/** Removes the account's authenticator app (a lost device); its sessions end. */
export function resetMfa(id: string): Promise<StaffMember> {
  return api(staffApi, 'DELETE /api/staff/{id}/mfa', { params: { id } });
}
