import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';

export default function StaffsPage() {
  return (
    <SectionPlaceholderPage
      section="staffs"
      titleKey="nav.staffs"
      descriptionKey="sections.staffs.description"
    />
  );
}
