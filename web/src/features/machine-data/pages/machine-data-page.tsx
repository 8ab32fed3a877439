import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuth } from '../../auth';
import { MachinesSection } from '../components/machines-section';
import { ResultsTable } from '../components/results-table';
import { ResultsUpload } from '../components/results-upload';

type TabId = 'results' | 'upload' | 'machines';

/**
 * Machine Data: the test results (all units, or one unit's history with `?serial=`),
 * the CSV upload, and for admins the machine keys.
 */
export default function MachineDataPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = user?.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  // The chosen unit lives in the address: a link (from the search history) or a reload keeps it.
  const serial = searchParams.get('serial') ?? '';
  const [tab, setTab] = useState<TabId>('results');
  const [uploads, setUploads] = useState(0);
  useDocumentTitle(t('machineData.title'));

  const setSerial = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('serial', value);
        else next.delete('serial');
        return next;
      },
      { replace: true },
    );

  // Lazy: a tab renders when first opened and then stays, so an upload under way (or its
  // summary) survives a look at the results.
  const tabs = [
    {
      id: 'results',
      label: t('machineData.tabs.results'),
      content: <ResultsTable serial={serial} onSerialChange={setSerial} refreshKey={uploads} />,
      contentRenderStrategy: 'lazy' as const,
    },
    {
      id: 'upload',
      label: t('machineData.tabs.upload'),
      content: <ResultsUpload onStored={() => setUploads((count) => count + 1)} />,
      contentRenderStrategy: 'lazy' as const,
    },
    ...(admin
      ? [
          {
            id: 'machines',
            label: t('machineData.tabs.machines'),
            content: <MachinesSection />,
            contentRenderStrategy: 'lazy' as const,
          },
        ]
      : []),
  ];

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('machineData.description')}>
          {t('machineData.title')}
        </Header>
      }
    >
      <Tabs
        data-testid="machine-data-tabs"
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as TabId)}
        tabs={tabs}
        ariaLabel={t('machineData.title')}
      />
    </ContentLayout>
  );
}
