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
import { actorName, auditActor, auditChanges, auditSubject, subjectName } from '../audit-format';
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
  /** Narrower columns, for a table with both who and which record inside a page's section. */
  narrow?: boolean;
}

/**
 * Where a record can be opened as it is now: products and serial ranges have edit pages, a
 * unit (its serial is the entry's id) its own page, the site settings theirs; staff accounts
 * and machine keys their lists, a report request the search history of its serial. Nothing
 * for a record deleted (by this entry, or since: the API could not name it) or a batch.
 */
export function recordPath(
  row: Pick<AuditRow, 'action' | 'entity' | 'entityId' | 'subjectLabel' | 'subjectDetail'>,
): string | undefined {
  if (row.action === 'delete') return undefined;
  // Named records only: one the API could not name is gone.
  const named = Boolean(row.subjectLabel);
  switch (row.entity) {
    case 'product':
      return named ? pathTo(paths.editProduct, { id: row.entityId }) : undefined;
    case 'serial-range':
      return named ? pathTo(paths.editSerialNumber, { id: row.entityId }) : undefined;
    case 'unit':
      return pathTo(paths.unit, { serial: row.entityId });
    case 'settings':
      return paths.settings;
    case 'staff':
      return named ? paths.staffs : undefined;
    case 'machine':
      return named ? paths.machineData : undefined;
    case 'report-request':
      return row.subjectDetail
        ? `${paths.searches}?${new URLSearchParams({ serial: row.subjectDetail }).toString()}`
        : undefined;
    case 'machine-data':
    case 'import':
      return undefined;
  }
}

/** The columns of an audit table: when, (who,) what, (which record,) and the changed fields. */
export function useAuditColumns({
  onActor,
  withRecord = false,
  withActor = true,
  narrow = false,
}: AuditColumnsOptions): ServerTableColumn<AuditRow>[] {
  const { t } = useTranslation();
  const { language } = useLanguage();
  /**
   * A person by name with their email under it (either may be long: both break); with
   * `onActor`, the name is a button that narrows the list to them (its accessible name holds
   * the name as shown, and the email that tells two people of one name apart).
   */
  const who = (actor: AuditActor) => {
    const shown = auditActor(actor, t);
    const wholeUpTo = withRecord ? 0 : undefined;
    const name = <BreakableEmail email={shown.name} wholeUpTo={wholeUpTo} />;
    return (
      <>
        {onActor ? (
          <Button
            variant="inline-link"
            ariaLabel={t('audit.activity.showActor', { name: actorName(actor, t) })}
            onClick={() => onActor(actor)}
          >
            {name}
          </Button>
        ) : (
          name
        )}
        {shown.detail && (
          <Box variant="small" color="text-body-secondary" display="block">
            <BreakableEmail email={shown.detail} wholeUpTo={wholeUpTo} />
          </Box>
        )}
      </>
    );
  };

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
            cell: (row: AuditRow) => who(row.actor),
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
              const subject = auditSubject(row, t, language);
              const path = recordPath(row);
              // Under a name: the kind (unless the name is the kind), then what tells it apart.
              // A record named by its kind only ("Product (deleted)") needs no second line.
              // Either may be one long word (an account without a name is named by its
              // email): it breaks anywhere rather than widen the column past the page.
              const under = subject.named
                ? [subject.label === subject.kind ? undefined : subject.kind, subject.detail]
                    .filter(Boolean)
                    .join(t('audit.values.partSeparator'))
                : '';
              return (
                <SpaceBetween size="xxxs">
                  {path ? (
                    <RouterLink
                      to={path}
                      ariaLabel={t('audit.activity.openRecord', {
                        record: subjectName(subject, t),
                      })}
                    >
                      <span className="cell-break-anywhere">{subject.label}</span>
                    </RouterLink>
                  ) : (
                    <span className="cell-break-anywhere">{subject.label}</span>
                  )}
                  {under && (
                    <Box variant="small" color="text-body-secondary">
                      <span className="cell-break-anywhere">{under}</span>
                    </Box>
                  )}
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
      cell: (row) => <ChangesList changes={auditChanges(row, t, language)} />,
    },
  ];
  return columns;
}
