import FormField from '@cloudscape-design/components/form-field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../../lambdas/shared/contract/roles';
import type { StaffMember } from '../../../../../lambdas/shared/contract/schemas/staff';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import type { Language } from '../../../i18n/languages';
import { useLanguage } from '../../../i18n/use-language';
import { resendInvitation, resetMfa, resetPassword, updateStaff } from '../api';
import {
  isStaffChange,
  needsRole,
  sendsMail,
  staffActionRequest,
  type StaffAction,
} from '../staff-actions';
import { MailLanguageSelect } from './mail-language-select';
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

/** Sends one action on one account: its route, with the role or mail language chosen. */
export function sendStaffAction(
  action: StaffAction,
  member: Pick<StaffMember, 'id'>,
  choices: { role: Role; language: Language },
): Promise<StaffMember> {
  if (isStaffChange(action)) {
    return updateStaff(member.id, staffActionRequest(action, choices.role));
  }
  switch (action) {
    case 'resendInvitation':
      return resendInvitation(member.id, choices.language);
    case 'resetPassword':
      return resetPassword(member.id, choices.language);
    case 'resetMfa':
      return resetMfa(member.id);
  }
}

/**
 * Confirms one action on one account, then sends it; the API's refusal (its catalogue
 * message) is shown in place, the dialog staying open.
 */
export function StaffActionModal({ action, member, onClose, onDone }: StaffActionModalProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { language: uiLanguage } = useLanguage();
  const [role, setRole] = useState<Role>(() => initialRole(action, member));
  // A mail goes out in the language of the interface unless the admin chooses the other.
  const [language, setLanguage] = useState<Language>(uiLanguage);
  const sameRole = action === 'changeRole' && role === member.role;
  const names = { name: member.name || member.email, email: member.email };

  return (
    <ConfirmModal
      title={t(`staffs.modal.${action}.title`, names)}
      confirmLabel={t(`staffs.modal.${action}.confirm`)}
      confirmDisabled={sameRole}
      onConfirm={async () => {
        const updated = await sendStaffAction(action, member, { role, language });
        showToast({
          type: 'success',
          content: t(`staffs.done.${action}`, { ...names, language: t(`language.${language}`) }),
        });
        onDone(updated);
      }}
      onClose={onClose}
      testId="staff-action"
      fields={
        needsRole(action) ? (
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
        ) : (
          sendsMail(action) && (
            <FormField label={t('staffs.modal.mailLanguage')}>
              <MailLanguageSelect
                value={language}
                onChange={setLanguage}
                data-testid="staff-action-language"
              />
            </FormField>
          )
        )
      }
    >
      {t(`staffs.modal.${action}.body`, names)}
    </ConfirmModal>
  );
}
