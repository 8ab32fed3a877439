import { SectionPlaceholderPage } from '../../../components/section-placeholder-page';

export default function MachineDataPage() {
  return (
    <SectionPlaceholderPage
      section="machine-data"
      titleKey="nav.machineData"
      descriptionKey="sections.machineData.description"
    />
  );
}
