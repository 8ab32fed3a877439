import { useParams } from 'react-router-dom';
import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';
import { paths } from '../../../routes/paths';

export default function EditProductPage() {
  const { id = '' } = useParams();
  return (
    <SectionPlaceholderPage
      section="edit-product"
      titleKey="sections.editProduct.title"
      descriptionKey="sections.editProduct.description"
      descriptionParams={{ id }}
      backTo={paths.products}
    />
  );
}
