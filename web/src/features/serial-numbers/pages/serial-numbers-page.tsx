import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';

export default function SerialNumbersPage() {
  return (
    <SectionPlaceholderPage
      section="serial-numbers"
      titleKey="nav.serialNumbers"
      descriptionKey="sections.serialNumbers.description"
    />
  );
}
