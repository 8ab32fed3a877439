import type { StaffMember } from '../../../../lambdas/shared/contract/schemas/staff';
import { recordsToCsv, type CsvColumn } from '../../lib/csv';

/** The staff export: every field of an account under its API name (no secret is one). */
export const staffCsvColumns: readonly CsvColumn<StaffMember>[] = [
  { header: 'id', value: (member) => member.id },
  { header: 'name', value: (member) => member.name },
  { header: 'email', value: (member) => member.email },
  { header: 'role', value: (member) => member.role },
  { header: 'status', value: (member) => member.status },
  { header: 'mfaEnabled', value: (member) => member.mfaEnabled },
  { header: 'lastSignInAt', value: (member) => member.lastSignInAt },
  { header: 'invitedAt', value: (member) => member.invitedAt },
  { header: 'createdAt', value: (member) => member.createdAt },
  { header: 'updatedAt', value: (member) => member.updatedAt },
];

export function staffCsv(members: readonly StaffMember[]): string {
  return recordsToCsv(staffCsvColumns, members);
}
