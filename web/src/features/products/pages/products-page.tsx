import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';

export default function ProductsPage() {
  return (
    <SectionPlaceholderPage
      section="products"
      titleKey="nav.products"
      descriptionKey="sections.products.description"
    />
  );
}
