import { generateSync } from 'otplib';
import { productName } from '../../lambdas/shared/contract/product-name';

/**
 * Why `value` cannot be the admin's TOTP secret, or nothing when it can. cognito-local
 * checks codes with otplib, which refuses secrets under 16 bytes (26 base32 characters)
 * or over 64 bytes: every code would then be "wrong", silently, so the start refuses them.
 */
export function totpSecretProblem(value: string): string | undefined {
  if (!/^[A-Z2-7]+$/.test(value)) {
    return 'it must be base32: the letters A-Z and the digits 2-7, nothing else';
  }
  if (value.length < 26) return `it must have at least 26 characters, not ${value.length}`;
  try {
    generateSync({ secret: value });
  } catch (error) {
    // Base32 that does not end on a whole byte (e.g. 29 characters), or over 64 bytes.
    const reason = error instanceof Error ? error.message : String(error);
    return `it is not a usable secret (${reason}); 32 characters always are`;
  }
  return undefined;
}

/**
 * The `otpauth://` link an authenticator app reads (as a QR code or pasted): issuer the
 * product, account the sign-in email, SHA-1, 6 digits, 30 s (what Cognito's codes are).
 */
export function totpSetupUri(secret: string, account: string): string {
  const issuer = encodeURIComponent(productName);
  const label = `${issuer}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`;
}
