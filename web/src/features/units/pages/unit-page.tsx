import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import type { UnitView } from '../../../../../lambdas/shared/contract/schemas/unit';
import { LoadedRecord } from '../../../components/loaded-record';
import { useToast } from '../../../components/toast/use-toast';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { EntriesHistory } from '../../audit';
import { parseUnitView, unitPath } from '../api';
import { UnitIdentity } from '../components/unit-identity';
import { UnitOverview } from '../components/unit-overview';
import { UnitReports } from '../components/unit-reports';
import { UnitResults } from '../components/unit-results';
import { VoidResultModal } from '../components/void-result-modal';

/**
 * A unit's page (`/units/:serial`): what it is (product, range, material, verdict), its
 * identification link and label, every result (voids included, each other one voidable),
 * every report issued for it and its history, from one `GET` that a void reads again.
 */
export default function UnitPage() {
  const { t } = useTranslation();
  const { serial = '' } = useParams();
  // After a void the page reads the unit again; what it showed stays meanwhile.
  const query = useApiQuery(unitPath(serial), parseUnitView, { keepWhileReloading: true });
  useDocumentTitle(t('unit.pageTitle', { serial }));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={query.data ? query.data.product.name : t('unit.description')}
          actions={
            <Button
              iconName="refresh"
              ariaLabel={t('common.refresh')}
              loading={query.reloading}
              disabled={query.status !== 'success'}
              onClick={query.reload}
              data-testid="unit-refresh"
            />
          }
        >
          <span data-testid="unit-serial">{query.data?.serialNumber ?? serial}</span>
        </Header>
      }
    >
      <LoadedRecord
        query={query}
        testIdPrefix="unit"
        notFoundHint={t('unit.notFoundHint')}
        backTo={paths.serialNumbers}
        backLabel={t('serialForm.backToList')}
      >
        {(unit) => <UnitDetails unit={unit} onChanged={query.reload} />}
      </LoadedRecord>
    </ContentLayout>
  );
}

function UnitDetails({ unit, onChanged }: { unit: UnitView; onChanged: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [voiding, setVoiding] = useState<TestResult>();
  return (
    <SpaceBetween size="l">
      <UnitOverview unit={unit} />
      <UnitResults serial={unit.serialNumber} results={unit.results} onVoid={setVoiding} />
      <UnitReports serial={unit.serialNumber} reports={unit.reports} />
      <UnitIdentity unit={unit} />
      <EntriesHistory entries={unit.history} description={t('unit.history.description')} />
      {voiding && (
        <VoidResultModal
          result={voiding}
          onClose={() => setVoiding(undefined)}
          onVoided={() => {
            setVoiding(undefined);
            showToast({ type: 'success', content: t('unit.void.done') });
            onChanged();
          }}
        />
      )}
    </SpaceBetween>
  );
}
