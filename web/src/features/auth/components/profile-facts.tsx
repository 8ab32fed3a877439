import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { ownAccountPath, parseOwnAccount } from '../own-account';
import { useAuth } from '../use-auth';

/**
 * Who you are: name, email and role from the session at once, and since when the
 * account exists from `GET /api/account` (Cognito keeps it; no token carries it).
 */
export function ProfileFacts() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const account = useApiQuery(ownAccountPath, parseOwnAccount);
  if (!user) return null;

  let memberSince;
  if (account.status === 'loading') {
    memberSince = <StatusIndicator type="loading">{t('account.profile.loading')}</StatusIndicator>;
  } else if (account.status === 'success') {
    memberSince = (
      <span data-testid="profile-member-since">
        {formatDateTime(account.data.createdAt, language) ?? t('common.none')}
      </span>
    );
  } else {
    memberSince = t('common.none');
  }

  return (
    <Container header={<Header variant="h2">{t('account.profile.title')}</Header>}>
      <div data-testid="profile-facts">
        <KeyValuePairs
          columns={4}
          items={[
            {
              label: t('account.profile.name'),
              value: (
                <span data-testid="profile-name">
                  {user.name ?? (
                    <Box color="text-status-inactive">{t('account.profile.noName')}</Box>
                  )}
                </span>
              ),
            },
            {
              label: t('account.profile.email'),
              value: <span data-testid="profile-email">{user.email}</span>,
            },
            {
              label: t('account.profile.role'),
              value: <span data-testid="profile-role">{t(`roles.${user.role}`)}</span>,
            },
            { label: t('account.profile.memberSince'), value: memberSince },
          ]}
        />
      </div>
      {account.status === 'error' && (
        <Box margin={{ top: 'm' }}>
          <Alert
            type="error"
            action={<Button onClick={account.reload}>{t('common.retry')}</Button>}
            data-testid="profile-load-error"
          >
            {account.error.message}
          </Alert>
        </Box>
      )}
    </Container>
  );
}
