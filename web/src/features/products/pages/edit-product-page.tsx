import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import { LoadedRecord } from '../../../components/loaded-record';
import { useStaleEdit } from '../../../components/stale-edit';
import { useToast } from '../../../components/toast/use-toast';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { RecordHistory } from '../../audit';
import { getProduct, parseProduct, productPath } from '../api';
import { updateProduct } from '../write-api';
import { ProductForm } from '../components/product-form';
import { TestPlanSection } from '../components/test-plan-section';
import { changedProductFields, productFormValues } from '../product-form';

export default function EditProductPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useApiQuery(productPath(id), parseProduct);
  // A saved test plan is a change of the product: its History reads it.
  const [historyRevision, setHistoryRevision] = useState(0);
  useDocumentTitle(t('productForm.editTitle'));

  const header = (
    <Header variant="h1" description={t('productForm.editDescription')}>
      {t('productForm.editTitle')}
    </Header>
  );

  return (
    <ContentLayout header={header}>
      <LoadedRecord
        query={query}
        testIdPrefix="product"
        notFoundHint={t('productForm.notFoundHint')}
        backTo={paths.products}
        backLabel={t('productForm.backToProducts')}
      >
        {(product) => (
          <SpaceBetween size="l">
            <EditProductForm product={product} />
            <TestPlanSection
              product={product}
              onSaved={() => setHistoryRevision((count) => count + 1)}
            />
            <RecordHistory entity="product" id={product.id} revision={historyRevision} />
          </SpaceBetween>
        )}
      </LoadedRecord>
    </ContentLayout>
  );
}

/** The form for a loaded product; its version moves on when the user reloads after a conflict. */
function EditProductForm({ product }: { product: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const stale = useStaleEdit({
    record: product,
    load: () => getProduct(product.id),
    changedLabels: (before, after) =>
      changedProductFields(before, after).map((field) => t(`product.fields.${field}`)),
    testId: 'product',
  });

  return (
    <ProductForm
      initialValues={productFormValues(product)}
      submitLabel={t('productForm.editSubmit')}
      notice={stale.notice}
      onStale={stale.markStale}
      onSave={async (fields) => {
        stale.clear();
        await updateProduct(product.id, fields, stale.version);
        showToast({ type: 'success', content: t('productForm.updated') });
        void navigate(paths.products);
      }}
    />
  );
}
