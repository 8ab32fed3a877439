import { useParams } from 'react-router-dom';
import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';
import { paths } from '../../../routes/paths';

export default function EditSerialNumberPage() {
  const { id = '' } = useParams();
  return (
    <SectionPlaceholderPage
      section="edit-serial-number"
      titleKey="sections.editSerialNumber.title"
      descriptionKey="sections.editSerialNumber.description"
      descriptionParams={{ id }}
      backTo={paths.serialNumbers}
    />
  );
}
