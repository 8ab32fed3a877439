import * as z from 'zod';
import { passwordPolicy, newPasswordField } from '../../../../lambdas/shared/contract/schemas/auth';

/**
 * The change-password form: the current password (only present: Cognito checks it), a
 * new one by the pool's rules (the shared rules the other password forms use), typed
 * twice.
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1).max(passwordPolicy.maxLength),
    password: newPasswordField,
    confirmPassword: z.string().min(1),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    params: { rule: 'match' },
  });

export type ChangePasswordFormField = 'currentPassword' | 'password' | 'confirmPassword';
