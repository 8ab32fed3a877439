import {
  staffListSchema,
  staffMemberSchema,
  type CreateStaffInput,
  type StaffList,
  type StaffMember,
  type UpdateStaffInput,
} from '../../../../lambdas/shared/contract/schemas/staff';
import { apiRequest, parseAnswer as parse } from '../../lib/api-client';
import { pageLimit } from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

export const staffPath = '/api/staff';

/** Longest filter the API accepts (`listStaffQuerySchema`). */
export const maxFilterLength = 100;

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

export async function listStaff(
  request: StaffListRequest,
  signal?: AbortSignal,
): Promise<StaffList> {
  const body = await apiRequest<unknown>(staffPath, { query: staffListQuery(request), signal });
  return parse(staffListSchema, body);
}

/** A page of the staff list, for `useCursorList`. */
export const fetchStaffPage: FetchPage<{ filter: string }, StaffMember> = (
  { query, pageSize, cursor },
  signal,
) => listStaff({ pageSize, cursor, filter: query.filter }, signal);

export async function createStaff(input: CreateStaffInput): Promise<StaffMember> {
  const body = await apiRequest<unknown>(staffPath, { method: 'POST', body: input });
  return parse(staffMemberSchema, body);
}

export async function updateStaff(id: string, input: UpdateStaffInput): Promise<StaffMember> {
  const body = await apiRequest<unknown>(`${staffPath}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
  return parse(staffMemberSchema, body);
}
