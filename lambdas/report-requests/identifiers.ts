import { randomBytes, randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O, U, so numbers read back without confusion. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new report number, `TR-XXXXX-XXXXX`: 50 random bits, so numbers cannot be
 * guessed from one another (reportNumberPattern in the shared contract).
 */
export function newReportNumber(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `TR-${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A report request's id: 128 random bits, base64url. It is the secret of the PDF link. */
export function newRequestId(): string {
  return randomBytes(16).toString('base64url');
}
