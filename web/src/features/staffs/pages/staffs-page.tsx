import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, {
  type ButtonDropdownProps,
} from '@cloudscape-design/components/button-dropdown';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { StaffMember } from '../../../../../lambdas/shared/contract/schemas/staff';
import { BulkActions } from '../../../components/bulk/bulk-actions';
import { useExportSelected } from '../../../components/bulk/export-selected';
import { ChoiceFilter } from '../../../components/choice-filter';
import { FilterActions, FilterBar, FilterItem } from '../../../components/filter-bar';
import { RouterButton } from '../../../components/router-link';
import { useToast } from '../../../components/toast/use-toast';
import { BreakableEmail, DateTimeCell } from '../../../components/table-cells';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { RecordHistoryModal } from '../../audit';
import { useAuth } from '../../auth';
import { fetchStaffPage, staffSortFields, type StaffSort } from '../api';
import { StaffActionModal } from '../components/staff-action-modal';
import { LastSignInCell, MfaBadge, StaffStatusCell } from '../components/staff-cells';
import { staffCsv } from '../staff-csv';
import { isOwnAccount, isStaffChange, staffActions, type StaffAction } from '../staff-actions';
import {
  inactivityChoices,
  mfaChoices,
  notSignedInSince,
  type InactivityChoice,
  type MfaChoice,
} from '../staff-filters';

/** The dialog of a change to several accounts, fetched when one is chosen. */
const BulkStaffModal = lazy(() => import('../components/bulk-staff-modal'));

export default function StaffsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const [sort, setSort] = useState<StaffSort>('name');
  const [mfa, setMfa] = useState<MfaChoice | ''>('');
  const [inactivity, setInactivity] = useState<InactivityChoice | ''>('');
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
      alwaysVisible: true,
      minWidth: 140,
      sortingField: 'name',
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
      cell: (member) => <StaffStatusCell member={member} />,
    },
    {
      id: 'lastSignIn',
      header: t('staffs.columns.lastSignIn'),
      sortingField: 'lastSignIn',
      cell: (member) => <LastSignInCell member={member} />,
    },
    {
      id: 'mfa',
      header: t('staffs.columns.mfa'),
      // The preferences name it in full; the header's own name stays its visible "MFA"
      // (a name that does not hold the visible text confuses voice control).
      label: t('staffs.columns.mfaLabel'),
      sortingField: 'mfa',
      cell: (member) => <MfaBadge member={member} />,
    },
    {
      id: 'createdAt',
      header: t('staffs.columns.createdAt'),
      // Shown from the table preferences: with the sign-in columns the list fits 1280 px
      // beside the navigation without it (docs/web-app.md, "Tables on a laptop screen").
      hiddenByDefault: true,
      cell: (member) => <DateTimeCell value={member.createdAt} />,
    },
    {
      id: 'actions',
      header: t('staffs.columns.actions'),
      alwaysVisible: true,
      width: 110,
      cell: (member) => {
        const own = isOwnAccount(member, user?.email);
        const name = member.name || member.email;
        const actions = staffActions(member);
        const changes = actions.filter(isStaffChange);
        const signInHelp = actions.filter((action) => !isStaffChange(action));
        const item = (action: StaffAction): ButtonDropdownProps.Item => ({
          id: action,
          text: t(`staffs.actions.${action}`),
          disabled: own,
          disabledReason: own
            ? t(isStaffChange(action) ? 'staffs.actions.self' : 'staffs.actions.selfSignIn')
            : undefined,
        });
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
                items: changes.map(item),
              },
              ...(signInHelp.length > 0
                ? [{ id: 'sign-in', text: t('staffs.actions.signIn'), items: signInHelp.map(item) }]
                : []),
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
              const action = actions.find((candidate) => candidate === id);
              if (action && !own) setPending({ action, member });
            }}
          />
        );
      },
    },
  ];

  const filtered = filter !== '' || mfa !== '' || inactivity !== '';
  const clearFilters = () => {
    setFilteringText('');
    setMfa('');
    setInactivity('');
  };
  const table = useServerTable({
    preferencesKey: 'staffs',
    fetchPage: fetchStaffPage,
    query: {
      filter,
      sort,
      ...(mfa ? { mfa } : {}),
      // The day moves at midnight (UTC) only: the query stays the same value until then.
      ...(inactivity ? { notSignedInSince: notSignedInSince(inactivity, new Date()) } : {}),
    },
    columns,
    // Every order runs one way (A to Z; never signed in, then longest ago; without an
    // authenticator app first, then by name).
    sorting: {
      shown: { sort, order: 'asc' },
      fields: staffSortFields,
      onChange: (next) => setSort(next.sort),
    },
    filtered,
    onClearFilter: clearFilters,
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
          <FilterBar>
            <FilterItem wide>
              <FormField label={t('staffs.filters.find')}>
                <TextFilter
                  filteringText={filteringText}
                  filteringPlaceholder={t('staffs.filterPlaceholder')}
                  filteringAriaLabel={t('staffs.filterLabel')}
                  filteringClearAriaLabel={t('table.clearFilter')}
                  countText={table.matchesText}
                  onChange={({ detail }) => setFilteringText(detail.filteringText)}
                  data-testid="staff-filter"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('staffs.filters.mfa')}>
                <ChoiceFilter
                  data-testid="staff-mfa-filter"
                  allLabel={t('staffs.filters.mfaAll')}
                  choices={mfaChoices.map((value) => ({
                    value,
                    label: t(`staffs.filters.mfaChoices.${value}`),
                  }))}
                  value={mfa}
                  onChange={setMfa}
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('staffs.filters.lastSignIn')}>
                <ChoiceFilter
                  data-testid="staff-inactivity-filter"
                  allLabel={t('staffs.filters.anyTime')}
                  choices={inactivityChoices.map((value) => ({
                    value,
                    label: t(`staffs.filters.notSignedInFor.${value}`),
                  }))}
                  value={inactivity}
                  onChange={setInactivity}
                />
              </FormField>
            </FilterItem>
            {filtered && (
              <FilterActions>
                <Button onClick={clearFilters} data-testid="staff-clear-filters">
                  {t('table.clearFilter')}
                </Button>
              </FilterActions>
            )}
          </FilterBar>
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
