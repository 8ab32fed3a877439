import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Machine } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateTimeCell, withWholeHeaders } from '../../../components/table-cells';
import { TableEmptyState } from '../../../components/table-empty-state';
import { useToast } from '../../../components/toast/use-toast';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCursorList, type FetchPage } from '../../../lib/use-cursor-list';
import { listMachines, revokeMachine } from '../api';
import { CreateMachineModal } from './create-machine-modal';

/** A test hall has a handful of benches: the whole list, read at once. */
const fetchMachines: FetchPage<null, Machine> = async () => {
  const items = await listMachines();
  return { items, nextCursor: null, total: items.length };
};

/** Admins' list of machine keys: create one (shown once), revoke one. */
export function MachinesSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { showToast } = useToast();
  const list = useCursorList({ fetchPage: fetchMachines, pageSize: 1000, query: null });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Machine>();
  const dateTime = (value: string | null, none: string) =>
    value ? (formatDateTime(value, language) ?? value) : none;
  const reload = list.reload;
  const onCreated = useCallback(() => reload(), [reload]);

  const items = list.state.status === 'success' ? list.state.data.items : [];
  const loading = list.state.status === 'loading';

  return (
    <>
      <Table<Machine>
        data-testid="machines-table"
        variant="container"
        items={items}
        trackBy="id"
        loading={loading}
        loadingText={t('machines.loading')}
        wrapLines
        stickyColumns={{ last: 1 }}
        ariaLabels={{ tableLabel: t('machines.title') }}
        empty={
          <TableEmptyState
            error={list.state.status === 'error' ? list.state.error : undefined}
            onRetry={list.reload}
            retryTestId="machines-retry"
            onClearFilter={() => undefined}
          />
        }
        header={
          <Header
            variant="h2"
            counter={
              typeof list.total === 'number' ? `(${formatNumber(list.total, language)})` : undefined
            }
            description={t('machines.description')}
            actions={
              <Button
                variant="primary"
                onClick={() => setCreating(true)}
                data-testid="machine-create"
              >
                {t('machines.create.action')}
              </Button>
            }
          >
            {t('machines.title')}
          </Header>
        }
        columnDefinitions={withWholeHeaders([
          {
            id: 'name',
            header: t('machines.fields.name'),
            isRowHeader: true,
            cell: (machine) => machine.name,
          },
          {
            id: 'note',
            header: t('machines.fields.note'),
            cell: (machine) => machine.note ?? t('common.none'),
          },
          {
            id: 'createdAt',
            header: t('machines.fields.createdAt'),
            // Date and time may take two lines, each whole.
            cell: (machine) => <DateTimeCell value={machine.createdAt} />,
          },
          {
            id: 'lastUsedAt',
            header: t('machines.fields.lastUsedAt'),
            cell: (machine) =>
              machine.lastUsedAt ? (
                <DateTimeCell value={machine.lastUsedAt} />
              ) : (
                <span className="cell-keep-words">{t('machines.neverUsed')}</span>
              ),
          },
          {
            id: 'status',
            header: t('machines.fields.status'),
            cell: (machine) =>
              machine.revokedAt ? (
                <StatusIndicator type="stopped">
                  {t('machines.status.revoked', {
                    date: dateTime(machine.revokedAt, t('common.none')),
                  })}
                </StatusIndicator>
              ) : (
                <StatusIndicator type="success" wrapText={false}>
                  {t('machines.status.active')}
                </StatusIndicator>
              ),
          },
          {
            id: 'actions',
            header: t('table.actions'),
            width: 120,
            cell: (machine) =>
              machine.revokedAt ? null : (
                <Button
                  variant="inline-link"
                  ariaLabel={t('machines.revoke.label', { name: machine.name })}
                  onClick={() => setRevoking(machine)}
                  data-testid={`machine-revoke-${machine.id}`}
                >
                  <span className="cell-nowrap">{t('machines.revoke.action')}</span>
                </Button>
              ),
          },
        ])}
      />
      {creating && <CreateMachineModal onClose={() => setCreating(false)} onCreated={onCreated} />}
      {revoking && (
        <ConfirmModal
          title={t('machines.revoke.title', { name: revoking.name })}
          confirmLabel={t('machines.revoke.confirm')}
          testId="machine-revoke-modal"
          onClose={() => setRevoking(undefined)}
          onConfirm={async () => {
            await revokeMachine(revoking.id);
            setRevoking(undefined);
            showToast({
              type: 'success',
              content: t('machines.revoke.done', { name: revoking.name }),
            });
            list.reload();
          }}
        >
          {t('machines.revoke.body', { name: revoking.name })}
        </ConfirmModal>
      )}
    </>
  );
}
