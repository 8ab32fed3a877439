import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../aws/dynamodb';
import { ValidationError } from '../errors';
import { keys } from '../keys';
import { tableName } from './table-name';

/**
 * List cursors are the server's own tokens: `<payload>.<signature>`, the payload the page's
 * last key and the time it was issued, the signature an HMAC-SHA256 over the payload and
 * the list it was issued for (the list's name and every filter and order it was read
 * with). A cursor the server did not issue, one issued for another list or filter, or one
 * older than {@link cursorLifetimeMs} is `invalid-argument` before anything reads it, so
 * no forged key ever reaches a Query.
 *
 * The key: 256 random bits kept in the table itself (`keys.cursorKey()`), made by the first
 * function that needs it and read once per cold start. Anyone who can read the table can
 * read every record a cursor points into, so the table guards the key as well as anything
 * could, with no other service, client or setting (the same code in AWS and locally).
 * Deleting the item rotates it: cursors issued before are then "expired", and a list
 * starts again at the top.
 */

/** What a cursor is bound to: the list and everything that shapes its order and content. */
export type CursorScope = { list: string } & Record<string, string | number | boolean | undefined>;

/** How long a cursor works: a day, longer than anyone pages through one list. */
export const cursorLifetimeMs = 24 * 60 * 60_000;

let secret: Promise<Buffer> | undefined;

/** The stored key; undefined before the first function made it. */
async function storedKey(): Promise<Buffer | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: tableName(), Key: keys.cursorKey(), ConsistentRead: true }),
  );
  const key = Item?.key;
  return typeof key === 'string' && key.length >= 43 ? Buffer.from(key, 'base64url') : undefined;
}

function cursorSecret(): Promise<Buffer> {
  secret ??= (async () => {
    const stored = await storedKey();
    if (stored) return stored;
    // The first to need it makes it; a racing first one reads the one that won.
    const made = randomBytes(32);
    try {
      await getDocuments().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.cursorKey(), key: made.toString('base64url') },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return made;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const winner = await storedKey();
      if (!winner) throw new Error('The cursor key could not be read');
      return winner;
    }
  })();
  secret.catch(() => (secret = undefined));
  return secret;
}

/** The scope as one string: keys sorted, absent values left out. */
function scopeText(scope: CursorScope): string {
  const entries = Object.entries(scope)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

async function sign(scope: CursorScope, payload: string): Promise<Buffer> {
  return createHmac('sha256', await cursorSecret())
    .update(scopeText(scope))
    .update('\n')
    .update(payload)
    .digest();
}

const invalidCursor = () =>
  new ValidationError({ cursor: { key: 'errors.invalidCursor' } }, 'errors.invalidCursor');

/** The cursor of the page after the one that ended at `lastKey`; null when none follows. */
export async function encodeCursor(
  lastKey: Record<string, unknown> | undefined,
  scope: CursorScope,
  now = Date.now(),
): Promise<string | null> {
  if (!lastKey) return null;
  const payload = Buffer.from(JSON.stringify({ k: lastKey, t: now })).toString('base64url');
  return `${payload}.${(await sign(scope, payload)).toString('base64url')}`;
}

/**
 * The last key a cursor carries, when this server issued it for this `scope` within its
 * lifetime; `invalid-argument` ("The page cursor is invalid or expired") otherwise.
 */
export async function decodeCursor(
  cursor: string | undefined,
  scope: CursorScope,
  now = Date.now(),
): Promise<Record<string, string> | undefined> {
  if (cursor === undefined || cursor === '') return undefined;
  const match = /^([A-Za-z0-9_-]{1,3000})\.([A-Za-z0-9_-]{43})$/.exec(cursor);
  if (!match) throw invalidCursor();
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = await sign(scope, payload);
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling the server writes: base64 has others for the same bytes.
  if (given.toString('base64url') !== signature) throw invalidCursor();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  // Signed by us: the payload is what we wrote. Checked anyway, never trusted blindly.
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { k: key, t: issuedAt } = (decoded ?? {}) as { k?: unknown; t?: unknown };
  if (
    typeof issuedAt !== 'number' ||
    now - issuedAt > cursorLifetimeMs ||
    issuedAt > now + 60_000
  ) {
    throw invalidCursor();
  }
  if (
    typeof key !== 'object' ||
    key === null ||
    Array.isArray(key) ||
    Object.values(key).some((value) => typeof value !== 'string')
  ) {
    throw invalidCursor();
  }
  return key as Record<string, string>;
}
