import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { createProduct } from '../write-api';
import { ProductForm } from '../components/product-form';
import { emptyProductForm } from '../product-form';

export default function AddProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  useDocumentTitle(t('productForm.addTitle'));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('productForm.addDescription')}>
          {t('productForm.addTitle')}
        </Header>
      }
    >
      <ProductForm
        initialValues={emptyProductForm}
        submitLabel={t('productForm.addSubmit')}
        onSave={async (fields) => {
          await createProduct(fields);
          showToast({ type: 'success', content: t('productForm.added') });
          void navigate(paths.products);
        }}
      />
    </ContentLayout>
  );
}
