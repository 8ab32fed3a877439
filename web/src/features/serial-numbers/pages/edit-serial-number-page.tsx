import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { LoadedRecord } from '../../../components/loaded-record';
import { useStaleEdit } from '../../../components/stale-edit';
import { useToast } from '../../../components/toast/use-toast';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { RecordHistory } from '../../audit';
import { useAllProducts, type AllProducts } from '../../products';
import { getSerialRange, parseSerialRange, serialRangePath, updateSerialRange } from '../api';
import { SerialRangeForm } from '../components/serial-range-form';
import { changedSerialFields, serialFormValues, type SerialFormField } from '../serial-form';

const fieldLabels = {
  productId: 'serialRange.fields.product',
  bodyMaterial: 'serialRange.fields.bodyMaterial',
  startSerial: 'serialRange.fields.startSerial',
  endSerial: 'serialRange.fields.endSerial',
  productionDate: 'serialRange.fields.productionDate',
} as const satisfies Record<SerialFormField, string>;

export default function EditSerialNumberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useApiQuery(serialRangePath(id), parseSerialRange);
  const products = useAllProducts();
  useDocumentTitle(t('serialForm.editTitle'));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('serialForm.editDescription')}>
          {t('serialForm.editTitle')}
        </Header>
      }
    >
      <LoadedRecord
        query={query}
        testIdPrefix="serial"
        notFoundHint={t('serialForm.notFoundHint')}
        backTo={paths.serialNumbers}
        backLabel={t('serialForm.backToList')}
      >
        {(range) => (
          <SpaceBetween size="l">
            <EditSerialRangeForm range={range} products={products} />
            <RecordHistory entity="serial-range" id={range.id} />
          </SpaceBetween>
        )}
      </LoadedRecord>
    </ContentLayout>
  );
}

/** The form for a loaded range; its version moves on when the user reloads after a conflict. */
function EditSerialRangeForm({ range, products }: { range: SerialRange; products: AllProducts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const stale = useStaleEdit({
    record: range,
    load: () => getSerialRange(range.id),
    changedLabels: (before, after) =>
      changedSerialFields(before, after).map((field) => t(fieldLabels[field])),
    testId: 'serial',
  });

  return (
    <SerialRangeForm
      initialValues={serialFormValues(range)}
      products={products}
      submitLabel={t('serialForm.editSubmit')}
      notice={stale.notice}
      onStale={stale.markStale}
      onSave={async (fields) => {
        stale.clear();
        await updateSerialRange(range.id, fields, stale.version);
        showToast({ type: 'success', content: t('serialForm.updated') });
        void navigate(paths.serialNumbers);
      }}
    />
  );
}
