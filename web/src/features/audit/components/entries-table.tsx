import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../../lambdas/shared/contract/schemas/audit';
import { withWholeHeaders } from '../../../components/table-cells';
import type { AuditRow } from '../api';
import { useAuditColumns } from './audit-columns';

export interface EntriesTableProps {
  /** The entries to show, newest first, as the page's own answer holds them. */
  entries: readonly AuditEntry[];
}

/**
 * Entries a page already read with its record (a unit's history comes with the unit), in
 * the history's table: when, who, what, which record (a unit's history holds its range's
 * and its results' batches' entries too) and the changed fields. A chunk of its own.
 */
export default function EntriesTable({ entries }: EntriesTableProps) {
  const { t } = useTranslation();
  const columns = useAuditColumns({ withRecord: true, narrow: true });
  // Entries carry no id: a row is named by its place in the list the page holds.
  const rows: AuditRow[] = entries.map((entry, index) => ({ ...entry, key: String(index) }));
  return (
    <Table
      data-testid="history-table"
      variant="borderless"
      items={rows}
      trackBy="key"
      columnDefinitions={withWholeHeaders(columns)}
      wrapLines
      ariaLabels={{ tableLabel: t('audit.history.tableLabel') }}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
          <Box variant="strong" color="inherit" data-testid="history-empty">
            {t('audit.history.empty')}
          </Box>
        </Box>
      }
      footer={
        rows.length > 0 && (
          <Box color="text-body-secondary" variant="span" data-testid="history-count">
            {t('audit.history.all', { count: rows.length })}
          </Box>
        )
      }
    />
  );
}
