import { useCursorList, type FetchPage } from '../../lib/use-cursor-list';
import type { StaffMember } from '../../../../lambdas/shared/contract/schemas/staff';
import { listStaff } from './api';

const fetchStaffPage: FetchPage<{ filter: string }, StaffMember> = (
  { query, pageSize, cursor },
  signal,
) => listStaff({ pageSize, cursor, filter: query.filter }, signal);

/** One page of the staff list (see `useCursorList`); a new page size or filter starts at page 1. */
export function useStaffList({ pageSize, filter }: { pageSize: number; filter: string }) {
  return useCursorList({ fetchPage: fetchStaffPage, pageSize, query: { filter } });
}
