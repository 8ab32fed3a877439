import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportVerdicts } from '../../../../../lambdas/shared/contract/schemas/report-request';
import type { SiteSettings } from '../../../../../lambdas/shared/contract/schemas/settings';
import { useStaleEdit } from '../../../components/stale-edit';
import { useToast } from '../../../components/toast/use-toast';
import { VerdictStatus } from '../../../components/verdict-status';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { getSiteSettings, updateSiteSettings } from '../api';
import {
  changedSettings,
  settingsChoice,
  settingsInput,
  withVerdict,
  type SiteSettingsChoice,
} from '../settings-form';

/** The label of each setting, for the stale-edit notice. */
const settingLabels = {
  publicVerdicts: 'audit.fields.publicVerdicts',
  selfRegistration: 'siteSettings.signUp.label',
} as const;

interface SiteSettingsFieldsProps {
  choice: SiteSettingsChoice;
  onChange: (choice: SiteSettingsChoice) => void;
  disabled?: boolean;
  /** When the settings were last saved, and by whom (or that the defaults are in force). */
  saved: Pick<SiteSettings, 'updatedAt' | 'updatedBy'>;
  /** What the form adds under the fields: notices, its error. */
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The site settings, saved together: "Verdicts visitors may receive" (what the choice
 * does, a checkbox per verdict with what it means, a warning when none is chosen) and
 * "Sign-up" (whether people may create an account, which an admin then approves). Drawn
 * from its values alone (tested so).
 */
export function SiteSettingsFields({
  choice,
  onChange,
  disabled = false,
  saved,
  children,
  actions,
}: SiteSettingsFieldsProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const chosen = choice.publicVerdicts;
  return (
    <Form actions={actions}>
      <SpaceBetween size="l">
        <Container
          data-testid="settings-verdicts"
          header={
            <Header variant="h2" description={t('siteSettings.verdicts.description')}>
              {t('siteSettings.verdicts.title')}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <Box variant="p" data-testid="settings-explanation">
              {t('siteSettings.verdicts.explanation')}
            </Box>
            <FormField label={t('siteSettings.verdicts.label')}>
              <SpaceBetween size="s">
                {reportVerdicts.map((verdict) => (
                  <Checkbox
                    key={verdict}
                    checked={chosen.includes(verdict)}
                    disabled={disabled}
                    description={t(`siteSettings.verdicts.hints.${verdict}`)}
                    onChange={({ detail }) =>
                      onChange({
                        ...choice,
                        publicVerdicts: withVerdict(chosen, verdict, detail.checked),
                      })
                    }
                    data-testid={`settings-verdict-${verdict}`}
                  >
                    <VerdictStatus verdict={verdict} />
                  </Checkbox>
                ))}
              </SpaceBetween>
            </FormField>
            {chosen.length === 0 && (
              <Alert
                type="warning"
                statusIconAriaLabel={t('toast.warning')}
                data-testid="settings-none"
              >
                {t('siteSettings.verdicts.none')}
              </Alert>
            )}
          </SpaceBetween>
        </Container>
        <Container
          data-testid="settings-sign-up"
          header={
            <Header variant="h2" description={t('siteSettings.signUp.description')}>
              {t('siteSettings.signUp.title')}
            </Header>
          }
        >
          <SpaceBetween size="s">
            <Toggle
              checked={choice.selfRegistration}
              disabled={disabled}
              onChange={({ detail }) => onChange({ ...choice, selfRegistration: detail.checked })}
              data-testid="settings-self-registration"
            >
              {t('siteSettings.signUp.label')}
            </Toggle>
            <Box variant="p" color="text-body-secondary" data-testid="settings-sign-up-help">
              {t('siteSettings.signUp.help')}
            </Box>
          </SpaceBetween>
        </Container>
        <Box variant="small" color="text-body-secondary" data-testid="settings-saved">
          {saved.updatedAt
            ? t('siteSettings.lastSaved', {
                date: formatDateTime(saved.updatedAt, language) ?? saved.updatedAt,
                name: saved.updatedBy ?? t('common.none'),
              })
            : t('siteSettings.defaults')}
        </Box>
        {children}
      </SpaceBetween>
    </Form>
  );
}

/**
 * The settings as loaded, edited and saved with the version the edit started from; a save
 * over someone else's newer version is refused (409) and offers to reload it, keeping the
 * choice (the record forms' `useStaleEdit`).
 */
export function SiteSettingsForm({
  settings,
  onSaved,
}: {
  settings: SiteSettings;
  onSaved: (settings: SiteSettings) => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [choice, setChoice] = useState(() => settingsChoice(settings));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const stale = useStaleEdit({
    record: settings,
    load: getSiteSettings,
    changedLabels: (before, after) =>
      changedSettings(settingsChoice(before), settingsChoice(after)).map((field) =>
        t(settingLabels[field]),
      ),
    testId: 'settings',
  });

  async function save() {
    if (saving) return;
    setFailure(undefined);
    if (
      changedSettings(choice, settingsChoice(settings)).length === 0 &&
      stale.version === settings.version
    ) {
      showToast({ type: 'info', content: t('siteSettings.unchanged') });
      return;
    }
    stale.clear();
    setSaving(true);
    try {
      const saved = await updateSiteSettings(settingsInput(choice, stale.version));
      showToast({ type: 'success', content: t('siteSettings.saved') });
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.code === 'aborted') stale.markStale();
      else setFailure(error instanceof ApiError ? error.message : t('errors.internal'));
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
      data-testid="settings-form"
    >
      <SiteSettingsFields
        choice={choice}
        onChange={setChoice}
        disabled={saving}
        saved={settings}
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={saving}
            data-testid="settings-save"
          >
            {t('siteSettings.save')}
          </Button>
        }
      >
        {stale.notice}
        {failure && (
          <Alert type="error" statusIconAriaLabel={t('toast.error')} data-testid="settings-error">
            {failure}
          </Alert>
        )}
      </SiteSettingsFields>
    </form>
  );
}
