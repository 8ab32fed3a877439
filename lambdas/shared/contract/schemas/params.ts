import * as z from 'zod';
import { reportNumberAsTyped } from '../report-number';

/** `{id}` path parameter of a record; anything else answers not-found. */
export const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/** A report request's id: 128 random bits, base64url (the secret of its PDF link). */
export const requestIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** `{id}` of a report request; any other shape is answered `not-found` without a read. */
export const requestIdParams = z.strictObject({ id: z.string().regex(requestIdPattern) });

/** `{reportNumber}` of the verification route, as typed (report-number.ts). */
export const reportNumberParams = z.strictObject({
  reportNumber: z.string().max(64).transform(reportNumberAsTyped),
});
