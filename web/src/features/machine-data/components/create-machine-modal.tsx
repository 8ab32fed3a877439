import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createMachineSchema,
  type CreateMachineInput,
  type MachineCreated,
} from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useRecordFormSubmit } from '../../../lib/use-record-form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { createMachine } from '../api';
import '../machine-data.css';

type Field = 'name' | 'note';
const formFields: readonly Field[] = ['name', 'note'];

interface CreateMachineModalProps {
  onClose: () => void;
  /** The machine exists (the list can show it); the key is still on screen. */
  onCreated: (created: MachineCreated) => void;
}

/**
 * "Create key": a machine's name and note, then its key, shown this once with a copy
 * button: only its hash is stored, so closing the dialog loses it for good.
 */
export function CreateMachineModal({ onClose, onCreated }: CreateMachineModalProps) {
  const { t } = useTranslation();
  const form = useSchemaForm<CreateMachineInput, Field>(createMachineSchema, {
    name: '',
    note: '',
  });
  const [created, setCreated] = useState<MachineCreated>();
  const { field: inputRef, focus } = useFieldFocus<Field>();
  const { submitting, formError, handleSubmit } = useRecordFormSubmit({
    form,
    formFields,
    conflictField: 'name',
    focus,
    onSave: async (fields) => {
      const answer = await createMachine(fields);
      setCreated(answer);
      onCreated(answer);
    },
  });

  if (created) {
    return (
      <Modal
        visible
        // The key is gone once this closes: only the button closes it, not a stray click.
        onDismiss={({ detail }) => {
          if (detail.reason !== 'overlay') onClose();
        }}
        closeAriaLabel={t('common.close')}
        header={t('machines.created.title', { name: created.machine.name })}
        data-testid="machine-key-modal"
        footer={
          <Box float="right">
            <Button variant="primary" onClick={onClose} data-testid="machine-key-done">
              {t('machines.created.done')}
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Alert type="warning" header={t('machines.created.warningTitle')}>
            {t('machines.created.warning')}
          </Alert>
          <FormField label={t('machines.created.key')} stretch>
            <SpaceBetween size="xs">
              <Box variant="code" data-testid="machine-key">
                <span className="machine-key">{created.key}</span>
              </Box>
              <CopyToClipboard
                variant="button"
                textToCopy={created.key}
                copyButtonText={t('machines.created.copy')}
                copySuccessText={t('machines.created.copied')}
                copyErrorText={t('machines.created.copyFailed')}
              />
            </SpaceBetween>
          </FormField>
          <Box variant="p" color="text-body-secondary">
            {t('machines.created.usage')}
          </Box>
        </SpaceBetween>
      </Modal>
    );
  }

  const errors = { name: form.errorText('name'), note: form.errorText('note') };
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('common.close')}
      header={t('machines.create.title')}
      data-testid="machine-create-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="machine-create-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={submitting}
              onClick={() => void handleSubmit()}
              data-testid="machine-create-submit"
            >
              {t('machines.create.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <SpaceBetween size="m">
          <Box variant="p">{t('machines.create.description')}</Box>
          <FormField
            label={t('machines.fields.name')}
            constraintText={t('machines.create.nameHint')}
            errorText={errors.name}
          >
            <Input
              ref={inputRef('name')}
              data-testid="machine-name"
              autoFocus
              autoComplete="off"
              value={form.values.name}
              invalid={Boolean(errors.name)}
              onChange={({ detail }) => form.setValue('name', detail.value)}
            />
          </FormField>
          <FormField
            label={
              <span>
                {t('machines.fields.note')} <i>{t('machines.create.optional')}</i>
              </span>
            }
            errorText={errors.note}
          >
            <Input
              ref={inputRef('note')}
              data-testid="machine-note"
              autoComplete="off"
              value={form.values.note}
              invalid={Boolean(errors.note)}
              onChange={({ detail }) => form.setValue('note', detail.value)}
            />
          </FormField>
          {formError && <Alert type="error">{formError}</Alert>}
          {/* Enter in a field submits, as in any form. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
