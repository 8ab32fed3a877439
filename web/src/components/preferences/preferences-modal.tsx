import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import {
  barPlacements,
  contentWidths,
  defaultPreferences,
  densities,
  navigationStates,
  themes,
  type InterfacePreferences,
} from '../../lib/preferences';
import { usePreferences } from './use-preferences';

/** Which choices each preference offers, in display order. */
const groups = {
  theme: themes,
  density: densities,
  contentWidth: contentWidths,
  navigation: navigationStates,
  navbar: barPlacements,
  footer: barPlacements,
} as const satisfies { [K in keyof InterfacePreferences]: readonly InterfacePreferences[K][] };

type Group = keyof typeof groups;

/** The interface preferences panel, opened from the user menu; every change applies at once. */
export function PreferencesModal() {
  const { t } = useTranslation();
  const { preferences, updatePreferences, panelOpen, setPanelOpen } = usePreferences();

  const field = (group: Group) => {
    // Keys are built from the group and choice names, all present in both languages.
    const text = (suffix: string) => t(`preferences.${group}.${suffix}` as 'preferences.title');
    return (
      <FormField key={group} label={text('label')} description={text('description')}>
        <RadioGroup
          data-testid={`preference-${group}`}
          ariaLabel={text('label')}
          value={preferences[group]}
          items={groups[group].map((choice) => ({
            value: choice,
            label: text(choice),
            description: text(`${choice}Description`),
          }))}
          onChange={({ detail }) => updatePreferences({ [group]: detail.value })}
        />
      </FormField>
    );
  };

  return (
    <Modal
      visible={panelOpen}
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
      <SpaceBetween size="l">
        <Box color="text-body-secondary">{t('preferences.description')}</Box>
        {(Object.keys(groups) as Group[]).map(field)}
      </SpaceBetween>
    </Modal>
  );
}
