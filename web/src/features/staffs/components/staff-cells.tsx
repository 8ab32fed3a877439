import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import StatusIndicator, {
  type StatusIndicatorProps,
} from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type {
  StaffMember,
  StaffStatus,
} from '../../../../../lambdas/shared/contract/schemas/staff';
import { DateTimeCell } from '../../../components/table-cells';

const statusIndicator: Record<StaffStatus, StatusIndicatorProps.Type> = {
  active: 'success',
  pending: 'pending',
  unverified: 'warning',
  disabled: 'stopped',
  invited: 'pending',
  invitationExpired: 'error',
  resetRequired: 'warning',
};

/** The account's state as a status with its icon, kept on one line. */
export function StaffStatusCell({ member }: { member: Pick<StaffMember, 'status'> }) {
  const { t } = useTranslation();
  return (
    <StatusIndicator type={statusIndicator[member.status]} wrapText={false}>
      {t(`staffs.status.${member.status}`)}
    </StatusIndicator>
  );
}

/** When the account last signed in (date, then time), or "Never". */
export function LastSignInCell({ member }: { member: Pick<StaffMember, 'lastSignInAt'> }) {
  const { t } = useTranslation();
  if (member.lastSignInAt) return <DateTimeCell value={member.lastSignInAt} />;
  return (
    <Box color="text-status-inactive" tagOverride="span">
      <span className="cell-nowrap">{t('staffs.never')}</span>
    </Box>
  );
}

/** Whether the account signs in with an authenticator app: a green "On" or a grey "Off". */
export function MfaBadge({ member }: { member: Pick<StaffMember, 'mfaEnabled'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="staff-mfa" data-mfa={member.mfaEnabled ? 'on' : 'off'}>
      <Badge color={member.mfaEnabled ? 'green' : 'grey'}>
        <span className="cell-nowrap">
          {t(member.mfaEnabled ? 'staffs.mfa.on' : 'staffs.mfa.off')}
        </span>
      </Badge>
    </span>
  );
}
