import { useCallback, useState } from 'react';
import { retryingLoader } from '../../../lib/retrying-loader';
import { useText, type SignInTextRef } from './texts';
import type { FormCheck, FormCheckResult } from './validation';

/** The checks' chunk (zod and the shared schemas), loaded once; a failed download is tried again. */
const loadChecks = retryingLoader(() => import('./validation').then((module) => module.formChecks));

/**
 * A sign-in page form's state: values, and per field the schema's message (shown after
 * the first submit, then live) or one set from Cognito's answer (cleared when the field
 * is edited). The check is fetched when the person starts on the form (`prepare`, on the
 * first input or pointer down; not on focus, since the first field takes the focus as the
 * page opens), so the page's first load carries no zod.
 */
export function useCheckedForm<Field extends string>(
  which: 'signIn' | 'newPassword',
  initialValues: Record<Field, string>,
) {
  const { t } = useText();
  const [values, setValues] = useState(initialValues);
  const [check, setCheck] = useState<FormCheck>();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, SignInTextRef>>>({});

  const prepare = () => {
    if (!check) {
      loadChecks().then(
        (checks) => setCheck(() => checks[which]),
        () => undefined, // tried again on submit
      );
    }
  };

  const result = submitted && check ? check(values) : undefined;

  /** The message a field shows, if any, in the page's language. */
  const errorText = (field: Field): string | undefined => {
    const ref =
      (result && !result.success ? result.fields[field] : undefined) ?? serverErrors[field];
    return ref && t(ref.key, ref.params);
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
  const submit = async (): Promise<FormCheckResult> => {
    setSubmitted(true);
    const checks = await loadChecks();
    setCheck(() => checks[which]);
    return checks[which](values);
  };

  /** Shows a message from Cognito's answer on a field. */
  const setServerError = useCallback((field: Field, ref: SignInTextRef) => {
    setServerErrors((current) => ({ ...current, [field]: ref }));
  }, []);

  /** The first field (in `order`) with a message: where to put the focus. */
  const firstInvalid = (order: readonly Field[], checked: FormCheckResult): Field | undefined =>
    checked.success ? undefined : order.find((field) => checked.fields[field]);

  return { values, setValue, errorText, prepare, submit, setServerError, firstInvalid };
}
