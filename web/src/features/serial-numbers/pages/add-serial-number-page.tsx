import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';
import { paths } from '../../../routes/paths';

export default function AddSerialNumberPage() {
  return (
    <SectionPlaceholderPage
      section="add-serial-number"
      titleKey="sections.addSerialNumber.title"
      descriptionKey="sections.addSerialNumber.description"
      backTo={paths.serialNumbers}
    />
  );
}
