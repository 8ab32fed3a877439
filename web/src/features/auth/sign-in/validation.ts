import * as z from 'zod';
import {
  newPasswordField,
  signInSchema,
} from '../../../../../lambdas/shared/contract/schemas/auth';
import { validate, type MessageRef } from '../../../../../lambdas/shared/contract/validation';
import type { SignInKey, SignInTextRef } from './texts';

/** The new-password step: the shared password rule, and both entries must match. */
const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string().min(1) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    params: { rule: 'match' },
  });

/** What a form's check answers: the fields' messages, among the page's strings. */
export type FormCheckResult =
  { success: true } | { success: false; fields: Record<string, SignInTextRef> };

export type FormCheck = (values: Record<string, string>) => FormCheckResult;

/** Schema messages are `validation.*` entries, all among the page's strings. */
function pageText(ref: MessageRef): SignInTextRef {
  return ref.key.startsWith('validation.')
    ? { key: ref.key as SignInKey, params: ref.params }
    : { key: 'validation.invalid' };
}

function checkWith(schema: z.ZodType): FormCheck {
  return (values) => {
    const result = validate(schema, values);
    if (result.success) return { success: true };
    return {
      success: false,
      fields: Object.fromEntries(
        Object.entries(result.fields).map(([field, ref]) => [field, pageText(ref)]),
      ),
    };
  };
}

/**
 * The sign-in page's checks: the API's own schemas, so the page and the server give the
 * same messages. Their own chunk (zod would be a ninth of the page's code), loaded as
 * soon as the person starts on a form, well before a submit needs it.
 */
export const formChecks = {
  signIn: checkWith(signInSchema),
  newPassword: checkWith(newPasswordSchema),
};
