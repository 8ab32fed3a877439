import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import {
  defaultPreferences,
  preferenceChoices,
  unavailableChoices,
  type PreferenceName,
} from '../../lib/preferences';
import { primarySwatch, type PrimaryColor } from '../../lib/primary-colors';
import { PreferencesPreview } from './preferences-preview';
import { usePreferences } from './use-preferences';
import './preferences-modal.css';

/** The preferences in the dialog's three groups, in the specification's order. */
const groups: Record<'appearance' | 'layout' | 'bars', PreferenceName[]> = {
  appearance: ['theme', 'skin', 'primaryColor', 'density'],
  layout: ['layout', 'navigation', 'semiDarkNavigation', 'contentWidth'],
  bars: ['navbar', 'navbarBlur', 'footer'],
};

/**
 * The interface preferences dialog, opened from the user menu (or the navigation while
 * the top bar is hidden): every preference of the specification with its choices, a
 * live preview of the frame, and "Reset to defaults". Every change applies at once.
 * Loaded only when opened.
 */
export default function PreferencesModal() {
  const { t } = useTranslation();
  const { preferences, updatePreferences, panelOpen, setPanelOpen } = usePreferences();
  const unavailable = unavailableChoices(preferences);

  const field = (name: PreferenceName) => {
    // Keys are built from the preference and choice names, all present in both languages.
    const text = (suffix: string) => t(`preferences.${name}.${suffix}` as 'preferences.title');
    const blocked = unavailable[name] ?? [];
    const choiceLabel = (choice: string) =>
      name === 'primaryColor' ? (
        <span className="preferences-swatch-label">
          <span
            className="preferences-swatch"
            style={{ background: primarySwatch(choice as PrimaryColor) }}
            aria-hidden="true"
          />
          {text(choice)}
        </span>
      ) : (
        text(choice)
      );
    return (
      <FormField
        key={name}
        label={text('label')}
        description={text('description')}
        constraintText={
          blocked.length === preferenceChoices[name].length
            ? t('preferences.unavailableInHorizontal')
            : undefined
        }
      >
        <RadioGroup
          data-testid={`preference-${name}`}
          ariaLabel={text('label')}
          direction="horizontal"
          value={preferences[name]}
          items={preferenceChoices[name].map((choice) => ({
            value: choice,
            label: choiceLabel(choice),
            disabled: blocked.includes(choice),
          }))}
          onChange={({ detail }) => updatePreferences({ [name]: detail.value })}
        />
      </FormField>
    );
  };

  return (
    <Modal
      visible={panelOpen}
      size="large"
      onDismiss={() => setPanelOpen(false)}
      header={t('preferences.title')}
      closeAriaLabel={t('common.close')}
      data-testid="preferences-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              data-testid="preferences-reset"
              onClick={() => updatePreferences(defaultPreferences)}
            >
              {t('preferences.reset')}
            </Button>
            <Button
              variant="primary"
              data-testid="preferences-close"
              onClick={() => setPanelOpen(false)}
            >
              {t('common.close')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <div className="preferences-modal">
        <div className="preferences-modal__fields">
          <SpaceBetween size="l">
            <Box color="text-body-secondary">{t('preferences.description')}</Box>
            {(Object.keys(groups) as (keyof typeof groups)[]).map((group) => (
              <SpaceBetween key={group} size="m">
                <Header variant="h3">{t(`preferences.groups.${group}`)}</Header>
                {groups[group].map(field)}
              </SpaceBetween>
            ))}
          </SpaceBetween>
        </div>
        <div className="preferences-modal__preview">
          <SpaceBetween size="xs">
            <Header variant="h3" description={t('preferences.previewDescription')}>
              {t('preferences.preview')}
            </Header>
            <PreferencesPreview preferences={preferences} />
          </SpaceBetween>
        </div>
      </div>
    </Modal>
  );
}
