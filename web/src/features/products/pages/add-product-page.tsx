import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';
import { paths } from '../../../routes/paths';

export default function AddProductPage() {
  return (
    <SectionPlaceholderPage
      section="add-product"
      titleKey="sections.addProduct.title"
      descriptionKey="sections.addProduct.description"
      backTo={paths.products}
    />
  );
}
