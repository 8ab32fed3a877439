import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, {
  type StatusIndicatorProps,
} from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type {
  StaffMember,
  StaffStatus,
} from '../../../../../lambdas/shared/contract/schemas/staff';
import { BulkActions } from '../../../components/bulk/bulk-actions';
import { useExportSelected } from '../../../components/bulk/export-selected';
import { RouterButton } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { BreakableEmail, DateTimeCell } from '../../../components/table-cells';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { RecordHistoryModal } from '../../audit';
import { useAuth } from '../../auth';
import { fetchStaffPage } from '../api';
import { StaffActionModal } from '../components/staff-action-modal';
import { staffCsv } from '../staff-csv';
import { isOwnAccount, staffActions, type StaffAction } from '../staff-actions';

/** The dialog of a change to several accounts, fetched when one is chosen. */
const BulkStaffModal = lazy(() => import('../components/bulk-staff-modal'));

const statusIndicator: Record<StaffStatus, StatusIndicatorProps.Type> = {
  active: 'success',
  pending: 'pending',
  unverified: 'warning',
  disabled: 'stopped',
};

export default function StaffsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ action: StaffAction; member: StaffMember }>();
  /** The account whose history is open. */
  const [viewing, setViewing] = useState<StaffMember>();
  /** The change to the selected accounts being confirmed. */
  const [bulk, setBulk] = useState<{
    action: 'disable' | 'enable';
    members: StaffMember[];
    skipped: number;
  }>();
  const exportSelected = useExportSelected();
  const { showToast } = useToast();
  useDocumentTitle(t('staffs.title'));

  const columns: ServerTableColumn<StaffMember>[] = [
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
      // A long address breaks (at the @ and the dots first) rather than widen the table.
      minWidth: 200,
      cell: (member) => <BreakableEmail email={member.email} />,
    },
    {
      id: 'role',
      header: t('staffs.columns.role'),
      cell: (member) =>
        member.role ? (
          <span className="cell-nowrap">{t(`roles.${member.role}`)}</span>
        ) : (
          <Box color="text-status-inactive" tagOverride="span">
            <span className="cell-keep-words">{t('staffs.noRole')}</span>
          </Box>
        ),
    },
    {
      id: 'status',
      header: t('staffs.columns.status'),
      cell: (member) => (
        <StatusIndicator type={statusIndicator[member.status]} wrapText={false}>
          {t(`staffs.status.${member.status}`)}
        </StatusIndicator>
      ),
    },
    {
      id: 'createdAt',
      header: t('staffs.columns.createdAt'),
      cell: (member) => <DateTimeCell value={member.createdAt} />,
    },
    {
      id: 'actions',
      header: t('staffs.columns.actions'),
      width: 110,
      cell: (member) => {
        const own = isOwnAccount(member, user?.email);
        const name = member.name || member.email;
        const changes = staffActions(member);
        return (
          <ButtonDropdown
            variant="inline-icon"
            expandToViewport
            ariaLabel={t('staffs.actions.menu', { name })}
            data-testid={`staff-actions-${member.id}`}
            items={[
              {
                id: 'changes',
                text: t('staffs.actions.change'),
                // Your own account is another administrator's to change; its history is yours to read.
                items: changes.map((action) => ({
                  id: action,
                  text: t(`staffs.actions.${action}`),
                  disabled: own,
                  disabledReason: own ? t('staffs.actions.self') : undefined,
                })),
              },
              {
                id: 'records',
                text: t('staffs.actions.records'),
                items: [
                  { id: 'history', text: t('audit.history.open') },
                  {
                    id: 'activity',
                    text: t('staffs.actions.activity'),
                    href: `${paths.activity}?actor=${encodeURIComponent(member.id)}`,
                  },
                ],
              },
            ]}
            onItemClick={(event) => {
              const { id } = event.detail;
              if (id === 'history') {
                setViewing(member);
                return;
              }
              if (id === 'activity') {
                event.preventDefault();
                void navigate(`${paths.activity}?actor=${encodeURIComponent(member.id)}`);
                return;
              }
              const action = changes.find((candidate) => candidate === id);
              if (action && !own) setPending({ action, member });
            }}
          />
        );
      },
    },
  ];

  const table = useServerTable({
    preferencesKey: 'staffs',
    fetchPage: fetchStaffPage,
    query: { filter },
    columns,
    columnChoice: false,
    filtered: filter !== '',
    onClearFilter: () => setFilteringText(''),
    texts: 'staffs',
    ariaLive: ({ first, last, total }) =>
      t('staffs.ariaLive', { first, last, total: total ?? last }),
    paginationLabel: t('staffs.pagination.label'),
    retryTestId: 'staff-retry',
    // Your own account cannot be selected: it is another administrator's to change.
    selection: {
      itemLabel: (member) => member.name || member.email,
      isItemDisabled: (member) => isOwnAccount(member, user?.email),
    },
  });
  const selected = table.selectedItems;
  /** The selected accounts a change applies to, as the one-account menu offers it. */
  const applicable = (action: 'disable' | 'enable') =>
    selected.filter(
      (member) => !isOwnAccount(member, user?.email) && staffActions(member).includes(action),
    );

  return (
    <>
      <Table
        {...table.tableProps}
        data-testid="staff-table"
        variant="full-page"
        wrapLines
        stickyColumns={{ last: 1 }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={table.counter}
            description={t('staffs.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <BulkActions
                  count={selected.length}
                  testId="staff-bulk"
                  actions={[
                    { id: 'export', text: t('bulk.exportSelected') },
                    ...(['disable', 'enable'] as const).map((action) => ({
                      id: action,
                      text: t(`bulk.staff.${action}.menu`),
                      disabledReason:
                        applicable(action).length === 0
                          ? t(`bulk.staff.${action}.none`)
                          : undefined,
                    })),
                  ]}
                  onAction={(id) => {
                    if (id === 'export') {
                      void exportSelected('staff', () =>
                        Promise.resolve({ csv: staffCsv(selected), rows: selected.length }),
                      );
                    } else if (id === 'disable' || id === 'enable') {
                      const members = applicable(id);
                      setBulk({ action: id, members, skipped: selected.length - members.length });
                    }
                  }}
                />
                <RouterButton to={paths.addStaff} variant="primary" data-testid="staff-add">
                  {t('staffs.add')}
                </RouterButton>
              </SpaceBetween>
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
            filteringClearAriaLabel={t('table.clearFilter')}
            countText={table.matchesText}
            onChange={({ detail }) => setFilteringText(detail.filteringText)}
            data-testid="staff-filter"
          />
        }
      />
      {viewing && (
        <RecordHistoryModal
          entity="staff"
          id={viewing.id}
          name={viewing.name || viewing.email}
          onClose={() => setViewing(undefined)}
        />
      )}
      {bulk && (
        <Suspense fallback={null}>
          <BulkStaffModal
            {...bulk}
            onFinished={({ changed, failed }) => {
              table.list.reload();
              table.clearSelection();
              if (failed > 0) return;
              setBulk(undefined);
              showToast({
                type: 'success',
                content: t(`bulk.staff.${bulk.action}.done`, { count: changed }),
              });
            }}
            onClose={() => setBulk(undefined)}
          />
        </Suspense>
      )}
      {pending && (
        <StaffActionModal
          action={pending.action}
          member={pending.member}
          onClose={() => setPending(undefined)}
          onDone={() => {
            setPending(undefined);
            table.list.reload();
          }}
        />
      )}
    </>
  );
}
