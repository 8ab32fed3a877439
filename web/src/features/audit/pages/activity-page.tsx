import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  auditActions,
  auditEntities,
  type AuditAction,
  type AuditEntity,
} from '../../../../../lambdas/shared/contract/schemas/audit';
import { ChoiceFilter } from '../../../components/choice-filter';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterActions, FilterBar, FilterItem } from '../../../components/filter-bar';
import { useServerTable } from '../../../components/use-server-table';
import type { DateRange } from '../../../lib/date-range';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isPickable, type Choice } from '../activity-choices';
import {
  activityRangeProblem,
  fetchActivityPage,
  isActivityFiltered,
  listAllActivity,
  type ActivityFilters,
} from '../api';
import { auditCsv } from '../audit-csv';
import { actorName } from '../audit-format';
import {
  ActorFilter,
  namedByEntries,
  RecordFilter,
  useActors,
} from '../components/activity-filters';
import { useAuditColumns } from '../components/audit-columns';

/**
 * `/activity` (admins): the whole audit trail, newest first, narrowed by who (a person or
 * a machine chosen by name), which kind of record and which record (chosen by name or
 * serials), which action and which days; a name in the list narrows it to that person.
 * Server-side pages and the product's page sizes; the export has every entry the filters
 * select (without dates, the API's last 30 days).
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  // `?actor=` (from a staff account's menu, or kept from before a reload) starts the filter;
  // the list of people names it.
  const [searchParams, setSearchParams] = useSearchParams();
  const [actor, setActor] = useState<Choice | null>(() => {
    const id = searchParams.get('actor');
    return id ? { value: id, label: '' } : null;
  });
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [record, setRecord] = useState<Choice | null>(null);
  const [action, setAction] = useState<AuditAction | ''>('');
  const [range, setRange] = useState<DateRange>({});
  const actors = useActors();
  const actorId = actor?.value ?? '';
  useEffect(() => {
    if ((searchParams.get('actor') ?? '') === actorId) return;
    setSearchParams(actorId ? { actor: actorId } : {}, { replace: true });
  }, [actorId, searchParams, setSearchParams]);
  const filters: ActivityFilters = {
    actor: actorId,
    entity,
    record: record?.value ?? '',
    action,
    range,
  };
  const filtered = isActivityFiltered(filters);
  const rangeProblem = activityRangeProblem(range);
  useDocumentTitle(t('audit.activity.title'));

  const clearFilters = () => {
    setActor(null);
    setEntity('');
    setRecord(null);
    setAction('');
    setRange({});
  };

  const columns = useAuditColumns({
    withRecord: true,
    onActor: (chosen) => setActor({ value: chosen.id, label: actorName(chosen, t) }),
  });
  const table = useServerTable({
    preferencesKey: 'activity',
    fetchPage: fetchActivityPage,
    query: filters,
    columns,
    filtered,
    onClearFilter: clearFilters,
    counter: 'matched',
    trackBy: 'key',
    texts: 'audit.activity',
    retryTestId: 'activity-retry',
  });

  const actorChoice = namedByEntries(actor, table.tableProps.items, t);

  return (
    <Table
      {...table.tableProps}
      data-testid="activity-table"
      variant="full-page"
      wrapLines
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={table.counter}
          description={t('audit.activity.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                iconName="refresh"
                ariaLabel={t('common.refresh')}
                loading={table.loading}
                onClick={table.list.reload}
                data-testid="activity-refresh"
              />
              <ExportCsvButton
                fileBase="activity"
                build={async () => auditCsv(await listAllActivity(filters))}
              />
            </SpaceBetween>
          }
        >
          {t('audit.activity.title')}
        </Header>
      }
      filter={
        <FilterBar>
          <FilterItem>
            <FormField label={t('audit.activity.filters.person')}>
              <ActorFilter
                data-testid="activity-actor"
                value={actorChoice}
                onChange={setActor}
                actors={actors}
              />
            </FormField>
          </FilterItem>
          <FilterItem>
            <FormField label={t('audit.activity.filters.entity')}>
              <ChoiceFilter
                data-testid="activity-entity"
                allLabel={t('audit.activity.filters.allEntities')}
                choices={auditEntities.map((value) => ({
                  value,
                  label: t(`audit.entities.${value}`),
                }))}
                value={entity}
                onChange={(chosen) => {
                  setEntity(chosen);
                  // A record belongs to its kind.
                  if (chosen !== entity) setRecord(null);
                }}
              />
            </FormField>
          </FilterItem>
          <FilterItem>
            <FormField label={t('audit.activity.filters.record')}>
              <RecordFilter
                // A new kind starts a new search.
                key={entity}
                data-testid="activity-record"
                entity={isPickable(entity) ? entity : undefined}
                value={record}
                onChange={setRecord}
                actors={actors}
              />
            </FormField>
          </FilterItem>
          <FilterItem>
            <FormField label={t('audit.activity.filters.action')}>
              <ChoiceFilter
                data-testid="activity-action"
                allLabel={t('audit.activity.filters.allActions')}
                choices={auditActions.map((value) => ({
                  value,
                  label: t(`audit.actions.${value}`),
                }))}
                value={action}
                onChange={setAction}
              />
            </FormField>
          </FilterItem>
          <FilterItem wide>
            <FormField
              label={t('audit.activity.filters.dates')}
              errorText={rangeProblem && t(rangeProblem.key, rangeProblem.params ?? {})}
            >
              <DateRangeFilter
                value={range}
                onChange={setRange}
                ariaLabel={t('audit.activity.filters.dates')}
                data-testid="activity-dates"
              />
            </FormField>
          </FilterItem>
          {filtered && (
            <FilterActions>
              <Button onClick={clearFilters} data-testid="activity-clear">
                {t('table.clearFilter')}
              </Button>
            </FilterActions>
          )}
        </FilterBar>
      }
    />
  );
}
