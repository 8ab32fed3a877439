/** Roles carried by the verified ID token claim `custom:role`. */
export const roles = ['admin', 'staff'] as const;
export type Role = (typeof roles)[number];

/** Name of the ID token claim that carries the role. */
export const roleClaim = 'custom:role';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * The approver's name as a report prints it beside their role ("approved by Chen
 * (Administrator)"): null when there is no name to print, because it is empty or only a role's
 * word (`roleWords`: the role's key and its word in each language, e.g. "admin",
 * "Administrator", "管理員"), so the report says the role alone instead of "Administrator
 * (Administrator)".
 */
export function approverName(name: string, roleWords: readonly string[]): string | null {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  const shown = name.trim();
  if (shown === '' || roleWords.some((word) => plain(word) === plain(shown))) return null;
  return shown;
}
