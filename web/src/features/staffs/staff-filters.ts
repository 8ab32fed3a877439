/**
 * The staff list's filters by sign-in, as data: "not signed in for" a number of days
 * becomes the API's `notSignedInSince` day, and the MFA choice its `mfa` value.
 */

/** The "not signed in for" choices, in days (the last one: a year), as a Select holds them. */
export const inactivityChoices = ['30', '90', '365'] as const;
export type InactivityChoice = (typeof inactivityChoices)[number];

export const mfaChoices = ['on', 'off'] as const;
export type MfaChoice = (typeof mfaChoices)[number];

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The UTC day `days` days before `now` (YYYY-MM-DD): the accounts whose last sign-in
 * was before it, or that never signed in, have not signed in for that long.
 */
export function notSignedInSince(days: InactivityChoice, now: Date): string {
  return new Date(now.getTime() - Number(days) * dayMs).toISOString().slice(0, 10);
}
