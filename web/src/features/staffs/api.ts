import { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import {
  staffFilterMaxLength,
  type CreateStaffInput,
  type StaffList,
  type StaffMember,
  type UpdateStaffInput,
} from '../../../../lambdas/shared/contract/schemas/staff';
import { api } from '../../lib/api-client';
import { pageLimit } from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest filter the API accepts (the contract's). */
export const maxFilterLength = staffFilterMaxLength;

export interface StaffListRequest {
  pageSize: number;
  /** The `nextCursor` of the previous page; none for the first page. */
  cursor?: string;
  /** Text to find in names and emails, as typed. */
  filter?: string;
}

/**
 * The query of `GET /api/staff`: `limit` within 1..1000, the opaque `cursor` as
 * received, and the trimmed `filter`; empty values are left out.
 */
export function staffListQuery({ pageSize, cursor, filter }: StaffListRequest): {
  limit: number;
  cursor?: string;
  filter?: string;
} {
  const limit = pageLimit(pageSize);
  const text = filter?.trim().slice(0, maxFilterLength);
  return {
    limit,
    ...(cursor ? { cursor } : {}),
    ...(text ? { filter: text } : {}),
  };
}

export function listStaff(request: StaffListRequest, signal?: AbortSignal): Promise<StaffList> {
  return api(staffApi, 'GET /api/staff', { query: staffListQuery(request), signal });
}

/** A page of the staff list, for `useCursorList`. */
export const fetchStaffPage: FetchPage<{ filter: string }, StaffMember> = (
  { query, pageSize, cursor },
  signal,
) => listStaff({ pageSize, cursor, filter: query.filter }, signal);

export function createStaff(input: CreateStaffInput): Promise<StaffMember> {
  return api(staffApi, 'POST /api/staff', { body: input });
}

export function updateStaff(id: string, input: UpdateStaffInput): Promise<StaffMember> {
  return api(staffApi, 'PATCH /api/staff/{id}', { params: { id }, body: input });
}
