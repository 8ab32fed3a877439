import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../../lambdas/shared/contract/roles';
import type { StaffMember } from '../../../../../lambdas/shared/contract/schemas/staff';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-client';
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
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const sameRole = action === 'changeRole' && role === member.role;
  const names = { name: member.name || member.email, email: member.email };

  async function handleConfirm() {
    if (submitting || sameRole) return;
    setSubmitting(true);
    setError(undefined);
    try {
      const updated = await updateStaff(member.id, staffActionRequest(action, role));
      showToast({ type: 'success', content: t(`staffs.done.${action}`, names) });
      onDone(updated);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.internal'));
      setSubmitting(false);
    }
  }

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('staffs.modal.close')}
      header={t(`staffs.modal.${action}.title`, names)}
      data-testid="staff-action-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="staff-action-cancel">
              {t('staffs.modal.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={submitting}
              disabled={sameRole}
              onClick={() => void handleConfirm()}
              data-testid="staff-action-confirm"
            >
              {t(`staffs.modal.${action}.confirm`)}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t(`staffs.modal.${action}.body`, names)}</Box>
        {needsRole(action) && (
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
        )}
        {error && (
          <Alert type="error" data-testid="staff-action-error">
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
