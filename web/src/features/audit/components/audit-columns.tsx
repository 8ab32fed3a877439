import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { AuditActor } from '../../../../../lambdas/shared/contract/schemas/audit';
import { RouterLink } from '../../../components/router-link';
import { BreakableEmail, DateTimeCell } from '../../../components/table-cells';
import type { ServerTableColumn } from '../../../components/use-server-table';
import { useLanguage } from '../../../i18n/use-language';
import { pathTo, paths } from '../../../routes/paths';
import type { AuditRow } from '../api';
import { actorName, auditChanges } from '../audit-format';
import { isAuditAction } from '../api';
import { ChangesList } from './changes-list';
import '../audit.css';

interface AuditColumnsOptions {
  /** Makes each actor a button that narrows the list to that actor (the Activity page). */
  onActor?: (actor: AuditActor) => void;
  /** Adds the record column (kind and id) for a list of many records. */
  withRecord?: boolean;
  /** Leaves out the actor column, for one person's own actions. Default: shown. */
  withActor?: boolean;
  /** A better name for a value than the entry has (e.g. a product's name for its id). */
  valueName?: (field: string, value: unknown) => string | undefined;
  /** Narrower columns, for a table with both who and which record inside a page's section. */
  narrow?: boolean;
}

/**
 * Where a record can be opened: products and serial ranges have edit pages, a unit (its
 * serial is the entry's id) its own page, the site settings theirs.
 */
export function recordPath(
  row: Pick<AuditRow, 'action' | 'entity' | 'entityId'>,
): string | undefined {
  if (row.action === 'delete') return undefined;
  if (row.entity === 'product') return pathTo(paths.editProduct, { id: row.entityId });
  if (row.entity === 'serial-range') return pathTo(paths.editSerialNumber, { id: row.entityId });
  if (row.entity === 'unit') return pathTo(paths.unit, { serial: row.entityId });
  if (row.entity === 'settings') return paths.settings;
  return undefined;
}

/** The columns of an audit table: when, (who,) what, (which record,) and the changed fields. */
export function useAuditColumns({
  onActor,
  withRecord = false,
  withActor = true,
  valueName,
  narrow = false,
}: AuditColumnsOptions): ServerTableColumn<AuditRow>[] {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const who = (actor: AuditActor) =>
    actor.email ?? (actor.machine ? t('audit.machineActor', { name: actor.machine }) : actor.id);

  const columns: ServerTableColumn<AuditRow>[] = [
    {
      id: 'at',
      header: t('audit.columns.at'),
      isRowHeader: true,
      alwaysVisible: true,
      // Date and time (to the second) may take two lines, each whole.
      cell: (row) => <DateTimeCell value={row.at} seconds />,
    },
    ...(withActor
      ? [
          {
            id: 'actor' as const,
            header: t('audit.columns.actor'),
            minWidth: narrow ? 140 : 160,
            cell: (row: AuditRow) =>
              onActor ? (
                <Button
                  variant="inline-link"
                  ariaLabel={t('audit.activity.showActor', { name: actorName(row.actor) })}
                  onClick={() => onActor(row.actor)}
                >
                  <BreakableEmail email={who(row.actor)} wholeUpTo={withRecord ? 0 : undefined} />
                </Button>
              ) : (
                <BreakableEmail email={who(row.actor)} wholeUpTo={withRecord ? 0 : undefined} />
              ),
          },
        ]
      : []),
    {
      id: 'action',
      header: t('audit.columns.action'),
      minWidth: 90,
      cell: (row) => (
        <span className="audit-nowrap">
          {isAuditAction(row.action) ? t(`audit.actions.${row.action}`) : row.action}
        </span>
      ),
    },
    ...(withRecord
      ? [
          {
            id: 'record' as const,
            header: t('audit.columns.record'),
            minWidth: narrow ? 140 : 160,
            cell: (row: AuditRow) => {
              const kind = t(`audit.entities.${row.entity}`);
              const path = recordPath(row);
              return (
                <SpaceBetween size="xxxs">
                  {path ? (
                    <RouterLink
                      to={path}
                      ariaLabel={t('audit.activity.openRecord', {
                        record: `${kind} ${row.entityId}`,
                      })}
                    >
                      {kind}
                    </RouterLink>
                  ) : (
                    <span>{kind}</span>
                  )}
                  <Box variant="small" color="text-body-secondary">
                    <span className="cell-break-anywhere">{row.entityId}</span>
                  </Box>
                </SpaceBetween>
              );
            },
          },
        ]
      : []),
    {
      id: 'changes',
      header: t('audit.columns.changes'),
      alwaysVisible: true,
      minWidth: narrow ? 240 : 280,
      cell: (row) => <ChangesList changes={auditChanges(row, t, language, valueName)} />,
    },
  ];
  return columns;
}
