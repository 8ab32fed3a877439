import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';

export default function SearchesPage() {
  return (
    <SectionPlaceholderPage
      section="searches"
      titleKey="nav.searches"
      descriptionKey="sections.searches.description"
    />
  );
}
