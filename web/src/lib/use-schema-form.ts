import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import {
  validate,
  type MessageRef,
  type Validation,
} from '../../../lambdas/shared/contract/validation';
import type { TranslationKey } from '../i18n/types';

type ServerMessage = { key: TranslationKey } | { text: string };

/**
 * The message a field shows for a schema issue: an empty field is missing, whatever
 * the rule it broke (zod reports an empty choice, e.g. `fluid`, as an invalid value).
 */
export function shownIssue(issue: MessageRef, typed: string | undefined): MessageRef {
  return issue.key === 'validation.invalid' && (typed ?? '').trim() === ''
    ? { key: 'validation.required' }
    : issue;
}

/**
 * State of a form checked with a shared zod schema: values, and per field the
 * schema's message (shown after the first submit, then live) or a message set from
 * the server's answer (cleared when the field is edited). Values survive failures.
 *
 * Values are the text typed; `toInput` turns them into what the schema reads (e.g.
 * numbers from number fields) and should be a stable (module level) function.
 */
export function useSchemaForm<T, Field extends string>(
  schema: ZodType<T>,
  initialValues: Record<Field, string>,
  toInput: (values: Record<Field, string>) => unknown = (values) => values,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, ServerMessage>>>({});

  const validation = validate(schema, toInput(values));
  const clientErrors = submitted && !validation.success ? validation.fields : {};

  /** The translated message of a field, if it has one. */
  const errorText = (field: Field): string | undefined => {
    const issue = clientErrors[field];
    if (issue) {
      const ref = shownIssue(issue, values[field]);
      return t(ref.key, ref.params ?? {});
    }
    const server = serverErrors[field];
    if (!server) return undefined;
    return 'key' in server ? t(server.key) : server.text;
  };

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Marks the form submitted (so messages show) and checks the current values. */
  const submit = (): Validation<T> => {
    setSubmitted(true);
    return validate(schema, toInput(values));
  };

  /** Shows an already translated message on a field (e.g. from an API answer). */
  const setFieldError = useCallback((field: Field, text: string) => {
    setServerErrors((current) => ({ ...current, [field]: { text } }));
  }, []);

  /** Shows a catalogue message on a field; it follows language changes. */
  const setFieldErrorKey = useCallback((field: Field, key: TranslationKey) => {
    setServerErrors((current) => ({ ...current, [field]: { key } }));
  }, []);

  /** The first field (in `order`) with a message: where to put the focus. */
  const firstInvalid = (order: readonly Field[], result: Validation<T>): Field | undefined =>
    result.success ? undefined : order.find((field) => result.fields[field]);

  return { values, setValue, errorText, submit, setFieldError, setFieldErrorKey, firstInvalid };
}
