import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { getSecrets } from '../aws/secrets';
import { getConfig } from '../config';
import { ValidationError } from '../errors';

/**
 * List cursors are the server's own tokens: `<payload>.<signature>`, the payload the page's
 * last key and the time it was issued, the signature an HMAC-SHA256 over the payload and
 * the list it was issued for (the list's name and every filter and order it was read
 * with). A cursor the server did not issue, one issued for another list or filter, or one
 * older than {@link cursorLifetimeMs} is `invalid-argument` before anything reads it, so
 * no forged key ever reaches a Query.
 *
 * The key: `CURSOR_SECRET` on the local stack, in AWS a Secrets Manager secret the stack
 * generates (`CURSOR_SECRET_ARN`), read once per cold start. Rotating it ends every cursor
 * issued before, which a list answers as "expired": the page starts again at the top.
 */

/** What a cursor is bound to: the list and everything that shapes its order and content. */
export type CursorScope = { list: string } & Record<string, string | number | boolean | undefined>;

/** How long a cursor works: a day, longer than anyone pages through one list. */
export const cursorLifetimeMs = 24 * 60 * 60_000;

let secret: Promise<Buffer> | undefined;

function cursorSecret(): Promise<Buffer> {
  secret ??= (async () => {
    const { CURSOR_SECRET, CURSOR_SECRET_ARN } = getConfig();
    if (CURSOR_SECRET) return Buffer.from(CURSOR_SECRET, 'utf8');
    if (!CURSOR_SECRET_ARN) throw new Error('Neither CURSOR_SECRET nor CURSOR_SECRET_ARN is set');
    const result = await getSecrets().send(
      new GetSecretValueCommand({ SecretId: CURSOR_SECRET_ARN }),
    );
    if (!result.SecretString) throw new Error('The cursor secret is empty');
    return Buffer.from(result.SecretString, 'utf8');
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
