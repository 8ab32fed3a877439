import { reportNumberAsTyped } from '../../../../lambdas/shared/contract/report-number';

/** Longest serial number the form takes from a link (the schema's limit). */
const maxSerialLength = 64;

/**
 * What /search shows, from its query string: the search form (pre-filled with
 * `?serial=`, as QR codes on nameplates link it) or, with `?verify=<report number>`,
 * the facts of an issued report.
 */
export type PageMode =
  { kind: 'search'; serial: string } | { kind: 'verify'; reportNumber: string };

export function pageMode(search: string): PageMode {
  const params = new URLSearchParams(search);
  const verify = params.get('verify');
  const reportNumber = verify && reportNumberAsTyped(verify);
  if (reportNumber) return { kind: 'verify', reportNumber };
  // `?verify=` without a number (a unit's verification link): ask for the number.
  if (params.has('verify')) return { kind: 'verify', reportNumber: '' };
  const serial = (params.get('serial') ?? '').trim().slice(0, maxSerialLength);
  return { kind: 'search', serial };
}

/** The Test Report Center's address (a full page load from the back office). */
export const searchPath = '/search';

/** Where an issued report is verified; the PDF's QR code points here too. */
export function verifyPath(reportNumber: string): string {
  return `${searchPath}?verify=${encodeURIComponent(reportNumber)}`;
}

/** The search form with a unit's serial filled in (a nameplate's QR code, a newer report). */
export function serialSearchPath(serial: string): string {
  return `${searchPath}?serial=${encodeURIComponent(serial)}`;
}
