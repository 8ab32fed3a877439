import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Validation } from '../../../lambdas/shared/contract/validation';
import { ApiError } from './api-client';
import { formFailure } from './form-failure';

function toApiError(error: unknown, fallback: string): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', fallback, 0);
}

interface RecordFormSubmitOptions<T, Field extends string> {
  /** The form's state, from `useSchemaForm`. */
  form: {
    submit: () => Validation<T>;
    firstInvalid: (order: readonly Field[], result: Validation<T>) => Field | undefined;
    setFieldError: (field: Field, text: string) => void;
  };
  /** The form's fields in page order: the first one with a message gets the focus. */
  formFields: readonly Field[];
  /** Where a 409 `already-exists` without field details shows (the unique value). */
  conflictField: Field;
  /** `focus` of the form's `useFieldFocus`. */
  focus: (field: Field | undefined) => void;
  /** Sends the checked fields; a thrown ApiError is shown on the form, values kept. */
  onSave: (fields: T) => Promise<void>;
  /** Handles a stale edit (409 `aborted`) instead of the form showing it. */
  onStale?: () => void;
}

/**
 * The submit of a record's add or edit form: check the fields with the schema (focus
 * the first one with a message), save, and on a refusal keep everything typed and put
 * the answer where it belongs, on its fields or as the form's message.
 */
export function useRecordFormSubmit<T, Field extends string>({
  form,
  formFields,
  conflictField,
  focus,
  onSave,
  onStale,
}: RecordFormSubmitOptions<T, Field>) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string>();

  /** Submits the form; a button outside the form element (a modal's footer) calls it without an event. */
  async function handleSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (submitting) return;
    setFormError(undefined);
    const result = form.submit();
    if (!result.success) {
      focus(form.firstInvalid(formFields, result));
      return;
    }
    setSubmitting(true);
    try {
      await onSave(result.data);
    } catch (error) {
      setSubmitting(false);
      const failure = toApiError(error, t('errors.internal'));
      if (failure.code === 'aborted' && failure.messageKey === 'errors.aborted' && onStale) {
        onStale();
        return;
      }
      const { fields, message } = formFailure(failure, formFields, conflictField);
      for (const [field, text] of Object.entries(fields)) {
        form.setFieldError(field as Field, text as string);
      }
      focus(formFields.find((field) => field in fields));
      setFormError(message);
    }
  }

  return { submitting, formError, handleSubmit };
}
