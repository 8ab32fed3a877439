/**
 * Authenticator-app (TOTP) pieces shared by the sign-in page and the account page: the
 * code's shape, and the `otpauth://` address an app reads from the QR code. Cognito's codes
 * are RFC 6238's defaults (SHA-1, 6 digits, 30 s), said out loud in the address so an app
 * never guesses.
 */

/** The digits a code has. */
export const totpDigits = 6;

/** What the person typed, without the spaces and dashes apps show inside a code. */
export function normalizeTotpCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Whether a normalized code has the shape Cognito accepts: six digits. */
export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${totpDigits}}$`).test(code);
}

/**
 * The key-URI an authenticator app reads (Google Authenticator's "Key Uri Format"):
 * `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`.
 * The label's issuer and account are encoded each (a `:` inside either would split the
 * label); the secret is Cognito's base32 text as it is.
 */
export function otpauthUri({
  issuer,
  account,
  secret,
}: {
  issuer: string;
  account: string;
  secret: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${encodeURIComponent(secret.replace(/\s/g, '').toUpperCase())}`,
    `issuer=${encodeURIComponent(issuer)}`,
    'algorithm=SHA1',
    `digits=${totpDigits}`,
    'period=30',
  ].join('&');
  return `otpauth://totp/${label}?${query}`;
}

/** The secret in groups of four, as a person copies it into an app by hand. */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
