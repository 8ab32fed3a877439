import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../../lambdas/shared/contract/schemas/staff';
import BulkRunDialog from '../../../components/bulk/bulk-run-dialog';
import { updateStaff } from '../api';
import { staffActionRequest } from '../staff-actions';

export interface BulkStaffModalProps {
  action: 'disable' | 'enable';
  /** The selected accounts the action applies to (never the administrator's own). */
  members: readonly StaffMember[];
  /** Selected accounts it does not apply to (already in that state): left as they are. */
  skipped: number;
  onFinished: (result: { changed: number; failed: number }) => void;
  onClose: () => void;
}

/**
 * Disables or enables several accounts (Staff page, admins): each through `PATCH
 * /api/staff/{id}` as the one-account action does, so each is audited and checked on its
 * own (the last active administrator stays); the accounts refused are reported by name.
 */
export default function BulkStaffModal({
  action,
  members,
  skipped,
  onFinished,
  onClose,
}: BulkStaffModalProps) {
  const { t } = useTranslation();
  const count = members.length;
  return (
    <BulkRunDialog
      title={t(`bulk.staff.${action}.title`, { count })}
      confirmLabel={t(`bulk.staff.${action}.confirm`, { count })}
      items={members}
      itemName={(member) => member.name || member.email}
      run={(member) => updateStaff(member.id, staffActionRequest(action))}
      onFinished={onFinished}
      onClose={onClose}
      testId="bulk-staff"
    >
      {t(`bulk.staff.${action}.body`, {
        count,
        names: members.map((member) => member.name || member.email).join(t('common.listSeparator')),
      })}
      {skipped > 0 && ` ${t(`bulk.staff.${action}.skipped`, { count: skipped })}`}
    </BulkRunDialog>
  );
}
