/** Roles carried by the verified ID token claim `custom:role`. */
export const roles = ['admin', 'staff'] as const;
export type Role = (typeof roles)[number];

/** Name of the ID token claim that carries the role. */
export const roleClaim = 'custom:role';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
