import * as z from 'zod';
import { passwordPolicy } from '../password-policy';

export { passwordPolicy };

/** Longest email address accepted anywhere (RFC 5321 path limit). */
export const emailMaxLength = 254;

export const emailField = z.string().trim().min(1).max(emailMaxLength).pipe(z.email());

/** A new password: long enough and with every character class the pool requires. */
export const newPasswordField = z
  .string()
  .min(1)
  .max(passwordPolicy.maxLength)
  .refine((value) => value.length >= passwordPolicy.minLength, { params: { rule: 'length' } })
  .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value), { params: { rule: 'case' } })
  .refine((value) => /\d/.test(value), { params: { rule: 'digit' } })
  .refine((value) => /[^A-Za-z0-9\s]/.test(value), { params: { rule: 'symbol' } });

/** Sign-in form. The password is checked by Cognito; here only its presence. */
export const signInSchema = z.strictObject({
  email: emailField,
  password: z.string().min(1).max(passwordPolicy.maxLength),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Letters, marks and digits of any script, spaces, and the punctuation names use (the
 * middle dots of transcribed names: 迈克尔·乔丹, 麥可‧喬丹, マイケル・ジョーダン). */
const namePattern = /^[\p{L}\p{M}\p{N} .,'’()&·‧・-]+$/u;

/** A person's display name: letters of any script, digits, spaces and name punctuation. */
export const personNameField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => namePattern.test(value), { params: { rule: 'name' } });

/**
 * A name as Cognito holds it, fit to show and to print. People can set their own `name`
 * through Cognito directly (UpdateUserAttributes: the app client must let them write it,
 * for sign-up and the account page), past the forms and their rule. Every name the API
 * reads from a token or from the user pool passes through here before it reaches a list,
 * an audit entry or a report: a name the rule accepts stays as it is; any other keeps only
 * the characters the rule allows (control, invisible and direction characters go), with
 * spaces collapsed, cut to the rule's length; nothing left is no name.
 */
export function accountName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const valid = personNameField.safeParse(raw);
  if (valid.success) return valid.data;
  const kept = [...raw.normalize('NFC')]
    .filter((character) => namePattern.test(character))
    .join('')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return personNameField.safeParse(kept).success ? kept : undefined;
}

export const forgotPasswordSchema = z.strictObject({ email: emailField });

export const resetPasswordSchema = z
  .strictObject({
    email: emailField,
    code: z.string().trim().min(1).max(32),
    password: newPasswordField,
    confirmPassword: z.string().min(1),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    params: { rule: 'match' },
  });

export const registerSchema = z
  .strictObject({
    name: personNameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    params: { rule: 'match' },
  });

/** The code Cognito mails to confirm a registration. */
export const confirmRegistrationSchema = z.strictObject({
  email: emailField,
  code: z.string().trim().min(1).max(32),
});
