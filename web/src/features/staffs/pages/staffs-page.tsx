import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, {
  type StatusIndicatorProps,
} from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  StaffMember,
  StaffStatus,
} from '../../../../../lambdas/shared/contract/schemas/staff';
import { ListPagination } from '../../../components/list-pagination';
import { ListPreferences } from '../../../components/list-preferences';
import { RouterButton } from '../../../components/router-link';
import { TableEmptyState } from '../../../components/table-empty-state';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePageSizePreference } from '../../../lib/page-size';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { useAuth } from '../../auth';
import { StaffActionModal } from '../components/staff-action-modal';
import { isOwnAccount, staffActions, type StaffAction } from '../staff-actions';
import { useStaffList } from '../use-staff-list';

const statusIndicator: Record<StaffStatus, StatusIndicatorProps.Type> = {
  active: 'success',
  pending: 'pending',
  unverified: 'warning',
  disabled: 'stopped',
};

export default function StaffsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const [pageSize, setPageSize] = usePageSizePreference('staffs.pageSize');
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const list = useStaffList({ pageSize, filter });
  const [pending, setPending] = useState<{ action: StaffAction; member: StaffMember }>();
  useDocumentTitle(t('staffs.title'));

  const items = list.state.status === 'success' ? list.state.data.items : [];
  const loading = list.state.status === 'loading';

  const columns: TableProps.ColumnDefinition<StaffMember>[] = [
    {
      id: 'name',
      header: t('staffs.columns.name'),
      isRowHeader: true,
      minWidth: 160,
      cell: (member) =>
        isOwnAccount(member, user?.email) ? (
          <SpaceBetween direction="horizontal" size="xxs">
            <span>{member.name}</span>
            <Box color="text-body-secondary" tagOverride="span">
              {t('staffs.you')}
            </Box>
          </SpaceBetween>
        ) : (
          member.name
        ),
    },
    {
      id: 'email',
      header: t('staffs.columns.email'),
      minWidth: 220,
      cell: (member) => member.email,
    },
    {
      id: 'role',
      header: t('staffs.columns.role'),
      cell: (member) =>
        member.role ? (
          t(`roles.${member.role}`)
        ) : (
          <Box color="text-status-inactive" tagOverride="span">
            {t('staffs.noRole')}
          </Box>
        ),
    },
    {
      id: 'status',
      header: t('staffs.columns.status'),
      cell: (member) => (
        <StatusIndicator type={statusIndicator[member.status]}>
          {t(`staffs.status.${member.status}`)}
        </StatusIndicator>
      ),
    },
    {
      id: 'createdAt',
      header: t('staffs.columns.createdAt'),
      cell: (member) => formatDateTime(member.createdAt, language) ?? member.createdAt,
    },
    {
      id: 'actions',
      header: t('staffs.columns.actions'),
      width: 110,
      cell: (member) => {
        const own = isOwnAccount(member, user?.email);
        const name = member.name || member.email;
        return (
          <ButtonDropdown
            variant="inline-icon"
            expandToViewport
            ariaLabel={t('staffs.actions.menu', { name })}
            disabled={own}
            disabledReason={own ? t('staffs.actions.self') : undefined}
            data-testid={`staff-actions-${member.id}`}
            items={staffActions(member).map((action) => ({
              id: action,
              text: t(`staffs.actions.${action}`),
            }))}
            onItemClick={({ detail }) => {
              const action = staffActions(member).find((candidate) => candidate === detail.id);
              if (action && !own) setPending({ action, member });
            }}
          />
        );
      },
    },
  ];

  const filtered = filter !== '';
  const empty = (
    <TableEmptyState
      error={list.state.status === 'error' ? list.state.error : undefined}
      onRetry={list.reload}
      retryTestId="staff-retry"
      filterHint={filtered ? t('staffs.emptyHint') : undefined}
      onClearFilter={() => setFilteringText('')}
    />
  );

  return (
    <>
      <Table
        data-testid="staff-table"
        variant="full-page"
        items={items}
        trackBy="id"
        columnDefinitions={columns}
        loading={loading}
        loadingText={t('staffs.loading')}
        empty={empty}
        totalItemsCount={list.total ?? undefined}
        firstIndex={list.pageIndex * pageSize + 1}
        ariaLabels={{ tableLabel: t('staffs.tableLabel') }}
        renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
          t('staffs.ariaLive', {
            first: firstIndex,
            last: lastIndex,
            total: totalItemsCount ?? lastIndex,
          })
        }
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={
              typeof list.total === 'number' ? `(${formatNumber(list.total, language)})` : undefined
            }
            description={t('staffs.description')}
            actions={
              <RouterButton to={paths.addStaff} variant="primary" data-testid="staff-add">
                {t('staffs.add')}
              </RouterButton>
            }
          >
            {t('staffs.title')}
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filteringText}
            filteringPlaceholder={t('staffs.filterPlaceholder')}
            filteringAriaLabel={t('staffs.filterLabel')}
            filteringClearAriaLabel={t('staffs.filterClear')}
            countText={
              filtered && list.state.status === 'success' && list.state.data.total !== null
                ? t('staffs.matches', { count: list.state.data.total })
                : undefined
            }
            onChange={({ detail }) => setFilteringText(detail.filteringText)}
            data-testid="staff-filter"
          />
        }
        pagination={
          <ListPagination
            list={list}
            disabled={loading}
            ariaLabels={{
              paginationLabel: t('staffs.pagination.label'),
              nextPageLabel: t('staffs.pagination.next'),
              previousPageLabel: t('staffs.pagination.previous'),
              pageLabel: (number) => t('staffs.pagination.page', { number }),
            }}
          />
        }
        preferences={
          <ListPreferences
            pageSize={pageSize}
            onPageSizeChange={setPageSize}
            pageSizeTitle={t('staffs.preferences.pageSize')}
            pageSizeLabel={(count) => t('staffs.preferences.pageSizeOption', { count })}
          />
        }
      />
      {pending && (
        <StaffActionModal
          action={pending.action}
          member={pending.member}
          onClose={() => setPending(undefined)}
          onDone={() => {
            setPending(undefined);
            list.reload();
          }}
        />
      )}
    </>
  );
}
