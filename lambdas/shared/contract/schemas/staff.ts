import * as z from 'zod';
import { roles } from '../roles';
import { emailField, newPasswordField, personNameField } from './auth';
import { listPageSchema } from './records';
import { reportLanguages } from './report-words';

/**
 * An account's state as staff see it:
 * - `active`: confirmed, enabled, with a role;
 * - `pending`: registered and confirmed, waiting for an admin to give it a role;
 * - `unverified`: registered, email not yet confirmed (cannot sign in);
 * - `disabled`: switched off by an admin (cannot sign in);
 * - `invited`: created by an admin, first sign-in (with the temporary password) not yet made;
 * - `invitationExpired`: invited, and the temporary password has expired (resend it);
 * - `resetRequired`: an admin reset the password; the person must choose a new one.
 */
export const staffStatuses = [
  'active',
  'pending',
  'unverified',
  'disabled',
  'invited',
  'invitationExpired',
  'resetRequired',
] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/**
 * The language of a mail sent to a staff member (invitation, password reset): the
 * catalogue's languages, named by the short list (the catalogue itself would bring every
 * language's messages into each staff function).
 */
export const mailLanguageField = z.enum(reportLanguages);

/**
 * `POST /api/staff`: an admin creates an account. The password given is a temporary one
 * the person replaces at first sign-in; without one, the person is mailed an invitation
 * with a temporary password Cognito makes, in `language`.
 */
export const createStaffSchema = z.strictObject({
  name: personNameField,
  email: emailField,
  password: newPasswordField.optional(),
  role: z.enum(roles),
  language: mailLanguageField.default('en'),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

/** `PATCH /api/staff/{id}`: change the role (approving a pending account) or switch it on/off. */
export const updateStaffSchema = z
  .strictObject({
    role: z.enum(roles).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => value.role !== undefined || value.enabled !== undefined, {
    params: { rule: 'empty' },
  });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

/**
 * `POST /api/staff/{id}/invitation` (a new temporary password, mailed) and
 * `POST /api/staff/{id}/password-reset` (a reset code, mailed): the mail's language.
 */
export const staffMailSchema = z.strictObject({ language: mailLanguageField });
export type StaffMailInput = z.infer<typeof staffMailSchema>;

/** Why the caller ends every session of their account (`POST /api/account/sessions/revoke`). */
export const sessionRevocationReasons = ['signOutEverywhere', 'passwordChanged'] as const;
export const revokeSessionsSchema = z.strictObject({
  reason: z.enum(sessionRevocationReasons),
});
export type RevokeSessionsInput = z.infer<typeof revokeSessionsSchema>;

/** `PATCH /api/account`: the signed-in person changes their own name. */
export const updateOwnAccountSchema = z.strictObject({ name: personNameField });
export type UpdateOwnAccountInput = z.infer<typeof updateOwnAccountSchema>;

/** Page sizes every back-office table offers; `all` is served in pages of the maximum. */
export const pageSizes = [5, 10, 20, 25, 50, 100] as const;
export const maxPageSize = 1000;

/** The longest filter the staff list takes (the list's filter field stops there). */
export const staffFilterMaxLength = 100;

/** `GET /api/staff` query. */
export const listStaffQuerySchema = z.strictObject({
  limit: listPageSchema.limit,
  cursor: listPageSchema.cursor,
  /** Case-insensitive text found in the name or the email. */
  filter: z.string().trim().max(staffFilterMaxLength).optional(),
  /**
   * `name` (A to Z); `lastSignIn`: accounts that never signed in first, then from the
   * longest ago; `mfa`: accounts without an authenticator app first, then those with one.
   * Ties by name.
   */
  sort: z.enum(['name', 'lastSignIn', 'mfa']).default('name'),
  /** Only accounts with (`on`) or without (`off`) an authenticator app. */
  mfa: z.enum(['on', 'off']).optional(),
  /** Only accounts whose last sign-in was before this day (UTC), or that never signed in. */
  notSignedInSince: z.iso.date().optional(),
});
export type ListStaffQuery = z.infer<typeof listStaffQuerySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).nullable(),
  status: z.enum(staffStatuses),
  /** An authenticator app (TOTP) is the account's second factor. */
  mfaEnabled: z.boolean(),
  /** The last completed sign-in; null: never (since sign-ins are recorded). */
  lastSignInAt: z.string().nullable(),
  /** When the pending invitation (temporary password) was given; null: none pending. */
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/account`: the caller's account, and what this session proved. */
export const ownAccountSchema = staffMemberSchema.extend({
  /** This session was signed in with the second factor (after it was set up). */
  secondFactor: z.boolean(),
  /** When the authenticator app was confirmed; null: none. */
  mfaEnabledAt: z.string().nullable(),
});
export type OwnAccount = z.infer<typeof ownAccountSchema>;

export const staffListSchema = z.object({
  items: z.array(staffMemberSchema),
  nextCursor: z.string().nullable(),
  /** Accounts matching the filter, for the table's page count. */
  total: z.number().int().nonnegative(),
});
export type StaffList = z.infer<typeof staffListSchema>;
