import FormField from '@cloudscape-design/components/form-field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../../lambdas/shared/contract/roles';
import type { StaffMember } from '../../../../../lambdas/shared/contract/schemas/staff';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { updateStaff } from '../api';
import { needsRole, staffActionRequest, type StaffAction } from '../staff-actions';
import { RoleSelect } from './role-select';

interface StaffActionModalProps {
  action: StaffAction;
  member: StaffMember;
  onClose: () => void;
  /** Called with the updated account after the API accepted the change. */
  onDone: (updated: StaffMember) => void;
}

function initialRole(action: StaffAction, member: StaffMember): Role {
  if (action === 'changeRole') return member.role === 'admin' ? 'staff' : 'admin';
  return member.role ?? 'staff';
}

/** Confirms one action on one account, then sends it; the API's refusal is shown in place. */
export function StaffActionModal({ action, member, onClose, onDone }: StaffActionModalProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [role, setRole] = useState<Role>(() => initialRole(action, member));
  const sameRole = action === 'changeRole' && role === member.role;
  const names = { name: member.name || member.email, email: member.email };

  return (
    <ConfirmModal
      title={t(`staffs.modal.${action}.title`, names)}
      confirmLabel={t(`staffs.modal.${action}.confirm`)}
      confirmDisabled={sameRole}
      onConfirm={async () => {
        const updated = await updateStaff(member.id, staffActionRequest(action, role));
        showToast({ type: 'success', content: t(`staffs.done.${action}`, names) });
        onDone(updated);
      }}
      onClose={onClose}
      testId="staff-action"
      fields={
        needsRole(action) && (
          <FormField
            label={t('staffs.modal.role')}
            errorText={sameRole ? t('staffs.modal.sameRole') : undefined}
          >
            <RoleSelect
              value={role}
              onChange={setRole}
              invalid={sameRole}
              data-testid="staff-action-role"
            />
          </FormField>
        )
      }
    >
      {t(`staffs.modal.${action}.body`, names)}
    </ConfirmModal>
  );
}
