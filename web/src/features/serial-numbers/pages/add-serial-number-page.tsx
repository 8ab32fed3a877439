import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { useAllProducts } from '../../products';
import { createSerialRange } from '../api';
import { SerialRangeForm } from '../components/serial-range-form';
import { emptySerialForm } from '../serial-form';

export default function AddSerialNumberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const products = useAllProducts();
  useDocumentTitle(t('serialForm.addTitle'));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('serialForm.addDescription')}>
          {t('serialForm.addTitle')}
        </Header>
      }
    >
      <SerialRangeForm
        initialValues={emptySerialForm}
        products={products}
        submitLabel={t('serialForm.addSubmit')}
        onSave={async (fields) => {
          await createSerialRange(fields);
          showToast({ type: 'success', content: t('serialForm.added') });
          void navigate(paths.serialNumbers);
        }}
      />
    </ContentLayout>
  );
}
