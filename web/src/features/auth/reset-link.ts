import * as z from 'zod';
import { emailField } from '../../../../lambdas/shared/contract/schemas/auth';

const resetLinkSchema = z.object({
  email: emailField,
  code: z.string().trim().min(1).max(32),
});

/** The email and code of an emailed reset link (`/reset-password?email=...&code=...`), if usable. */
export function readResetLink(search: string): { email: string; code: string } | undefined {
  const params = new URLSearchParams(search);
  const result = resetLinkSchema.safeParse({
    // A `+` left unencoded in the link reads as a space; an address has no spaces.
    email: params.get('email')?.replaceAll(' ', '+') ?? undefined,
    code: params.get('code') ?? undefined,
  });
  return result.success ? result.data : undefined;
}
