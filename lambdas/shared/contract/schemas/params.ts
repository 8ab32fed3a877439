import * as z from 'zod';

/** `{id}` path parameter of a record; anything else answers not-found. */
export const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/** A report request's id: 128 random bits, base64url (the secret of its PDF link). */
export const requestIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** `{id}` of a report request; any other shape is answered `not-found` without a read. */
export const requestIdParams = z.strictObject({ id: z.string().regex(requestIdPattern) });

/**
 * `{reportNumber}` of the verification route, as typed: trimmed, ASCII letters upper-cased.
 * Only ASCII: `toUpperCase` would make `ſ` an `S` and `ı` an `I`, so a look-alike number
 * would verify as the real one.
 */
export const reportNumberParams = z.strictObject({
  reportNumber: z
    .string()
    .max(64)
    .transform((value) => value.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase())),
});
