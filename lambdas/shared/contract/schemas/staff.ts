import * as z from 'zod';
import { roles } from '../roles';
import { emailField, newPasswordField, personNameField } from './auth';
import { listPageSchema } from './records';

/**
 * An account's state as staff see it:
 * - `active`: confirmed, enabled, with a role;
 * - `pending`: registered and confirmed, waiting for an admin to give it a role;
 * - `unverified`: registered, email not yet confirmed (cannot sign in);
 * - `disabled`: switched off by an admin (cannot sign in).
 */
export const staffStatuses = ['active', 'pending', 'unverified', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** `POST /api/staff`: an admin creates an account and sets its first password. */
export const createStaffSchema = z.strictObject({
  name: personNameField,
  email: emailField,
  password: newPasswordField,
  role: z.enum(roles),
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
});
export type ListStaffQuery = z.infer<typeof listStaffQuerySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).nullable(),
  status: z.enum(staffStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({
  items: z.array(staffMemberSchema),
  nextCursor: z.string().nullable(),
  /** Accounts matching the filter, for the table's page count. */
  total: z.number().int().nonnegative(),
});
export type StaffList = z.infer<typeof staffListSchema>;
