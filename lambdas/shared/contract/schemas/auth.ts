import { z } from 'zod';

/** Longest email address accepted anywhere (RFC 5321 path limit). */
export const emailMaxLength = 254;

export const emailField = z.string().trim().min(1).max(emailMaxLength).pipe(z.email());

/** Sign-in form. The password is checked by Cognito; here only its presence. */
export const signInSchema = z.strictObject({
  email: emailField,
  password: z.string().min(1).max(256),
});
export type SignInInput = z.infer<typeof signInSchema>;
