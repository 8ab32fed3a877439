import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '../../../../../lambdas/shared/contract/schemas/settings';
import { LoadedRecord } from '../../../components/loaded-record';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../routes/paths';
import { RecordHistory } from '../../audit';
import { parseSiteSettings, settingsPath } from '../api';
import { SiteSettingsForm } from '../components/site-settings-form';

/**
 * The site settings page (`/settings`, admins): which verdicts visitors may receive, whether
 * people may create an account, and the settings' history.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const query = useApiQuery(settingsPath, parseSiteSettings);
  useDocumentTitle(t('siteSettings.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('siteSettings.description')}>
          {t('siteSettings.title')}
        </Header>
      }
    >
      <LoadedRecord
        query={query}
        testIdPrefix="settings"
        notFoundHint=""
        backTo={paths.dashboard}
        backLabel={t('nav.dashboard')}
      >
        {(settings) => <SiteSettingsEditor loaded={settings} />}
      </LoadedRecord>
    </ContentLayout>
  );
}

/** The form on the settings as last saved (a save starts it again from the new version). */
function SiteSettingsEditor({ loaded }: { loaded: SiteSettings }) {
  const [settings, setSettings] = useState(loaded);
  const [revision, setRevision] = useState(0);
  return (
    <SpaceBetween size="l">
      <SiteSettingsForm
        key={settings.version}
        settings={settings}
        onSaved={(saved) => {
          setSettings(saved);
          setRevision((count) => count + 1);
        }}
      />
      <RecordHistory entity="settings" id="site" revision={revision} />
    </SpaceBetween>
  );
}
