import * as z from 'zod';

/** Longest email address accepted anywhere (RFC 5321 path limit). */
export const emailMaxLength = 254;

export const emailField = z.string().trim().min(1).max(emailMaxLength).pipe(z.email());

/**
 * Password rules, the same as the user pool's (lib/auth-definition.ts builds the pool
 * from these), so a form refuses what Cognito would refuse, with a clearer message.
 */
export const passwordPolicy = {
  minLength: 12,
  maxLength: 256,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

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

const namePattern = /^[\p{L}\p{M}\p{N} .,'’()&-]+$/u;

/** A person's display name: letters of any script, digits, spaces and name punctuation. */
export const personNameField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => namePattern.test(value), { params: { rule: 'name' } });

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
