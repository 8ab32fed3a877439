import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes, type HttpMethod } from '../../lambdas/routes';
import {
  errorCodes,
  errorStatus,
  type ErrorBody,
  type ErrorCode,
} from '../../lambdas/shared/contract/error-codes';
import { message, type MessageKey } from '../../lambdas/shared/contract/messages';
import en from '../../lambdas/shared/contract/messages/en.json';
import {
  ingestBatchSchema,
  voidResultSchema,
  createMachineSchema,
  maxResultsPerBatch,
  readResultsCsv,
  testResultColumns,
  type MachineCreated,
} from '../../lambdas/shared/contract/schemas/machine-data';
import {
  createProductSchema,
  productFieldsSchema,
  updateProductSchema,
} from '../../lambdas/shared/contract/schemas/product';
import {
  createReportRequestSchema,
  signatureCheckInputSchema,
} from '../../lambdas/shared/contract/schemas/report-request';
import {
  createSerialRangeSchema,
  updateSerialRangeSchema,
} from '../../lambdas/shared/contract/schemas/serial-range';
import {
  createStaffSchema,
  revokeSessionsSchema,
  staffMailSchema,
  updateOwnAccountSchema,
  updateStaffSchema,
} from '../../lambdas/shared/contract/schemas/staff';
import { savePlanSchema } from '../../lambdas/shared/contract/schemas/test-plan';
import { updateSiteSettingsSchema } from '../../lambdas/shared/contract/schemas/settings';
import { bodyLimitOf } from '../../lambdas/shared/contract/api-spec';
import { readProductsCsv } from '../../lambdas/shared/contract/schemas/product-import';
import {
  rangeImportRowSchema,
  readRangesCsv,
} from '../../lambdas/shared/contract/schemas/serial-range-import';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { cognitoAdmin, createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';
import { requestReport } from '../support/visitor';

/**
 * Hostile input: every write route of the route table, called as a caller it admits,
 * gets random and adversarial bodies (wrong types, huge strings, unicode edge cases,
 * prototype-pollution keys, script and CSV formula payloads, deep nesting, malformed
 * JSON, invalid UTF-8) and random path ids. Every answer must be the expected 4xx with
 * the standard error body, and nothing may change: the table (but for abuse counters
 * and a machine's last-use time), the user pool and the mail store are compared before
 * and after each route's run.
 *
 * Every generated body is invalid: the shared schema the handler uses decides, and a
 * body it would accept is skipped, so a pass never depends on fast-check's luck.
 */
const stack = inject('stack');
const reader = tableReader(stack);

/** Runs per route; `FUZZ_RUNS=2000` for a long hunt. */
const runs = Number(process.env.FUZZ_RUNS ?? 200);

// ---------------------------------------------------------------------------------------
// Hostile values

/** A JSON document built piece by piece, so keys like `__proto__` and duplicates survive. */
type JsonNode =
  | string
  | number
  | boolean
  | null
  | JsonNode[]
  | { kind: 'object'; entries: [string, JsonNode][] }
  | { kind: 'raw'; text: string };

const objectNode = (entries: [string, JsonNode][]): JsonNode => ({ kind: 'object', entries });

function toJson(node: JsonNode): string {
  if (Array.isArray(node)) return `[${node.map(toJson).join(',')}]`;
  if (node !== null && typeof node === 'object') {
    if (node.kind === 'raw') return node.text;
    return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${toJson(value)}`).join(',')}}`;
  }
  return JSON.stringify(node);
}

/** A plain value (a valid body template) as a node tree. */
function toNode(value: unknown): JsonNode {
  if (Array.isArray(value)) return value.map(toNode);
  if (value !== null && typeof value === 'object') {
    return objectNode(Object.entries(value).map(([key, item]) => [key, toNode(item)]));
  }
  return value as JsonNode;
}

const pollutionKeys = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isAdmin',
  'role',
  'id',
  'version',
  'pk',
  'sk',
];

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00x',
  '\u202Eexe.pdf\u202C',
  'مرحبا بالعالم',
  'שלום',
  '\u200B\u200C\u200D',
  '\uFEFF',
  '\u2028\u2029',
  'e\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '🇹🇼',
  '\u{10FFFF}',
  '\r\n\t\u0007\u001B[31m',
  '測試報告',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  "'; DROP TABLE reports; --",
  '{"$gt":""}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '%s%s%s%n',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","click")',
  '+1+1',
  '-2+3',
  '@SUM(1+1)',
  '\t=1+1',
  ...pollutionKeys,
  'TR-00000-00000',
  'true',
  'null',
  'NaN',
  '1e400',
];

const hugeString = fc
  .tuple(
    fc.constantFrom('A', '😀', '\u0000', '測', '\uD800', ' ', '=', '<'),
    fc.constantFrom(256, 5_000, 70_000),
  )
  .map(([unit, count]) => unit.repeat(count));

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-0, 1e308, -1e308, 2 ** 53 + 1, -1, 0.1, 5e-324, 1_000_000_000),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Fragments JSON.stringify never writes: numbers out of range, many digits, escapes. */
const rawFragment = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '0.0000000000000000000000000001',
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"\\u0000"',
    '"a\\u0000b"',
    '-0.0',
  )
  .map((text): JsonNode => ({ kind: 'raw', text }));

const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...pollutionKeys) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant('k'.repeat(10_000)) },
);

const hostileLeaf: fc.Arbitrary<JsonNode> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: rawFragment },
);

const { value: hostileValue } = fc.letrec<{
  value: JsonNode;
  array: JsonNode[];
  object: JsonNode;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileLeaf,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc
    .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
    .map((entries) => objectNode(entries)),
}));

/** Nesting far deeper than any body: arrays, objects, or a field of the body. */
const deepNesting = fc
  .tuple(fc.constantFrom('array', 'object', 'field'), fc.constantFrom(64, 1_000, 20_000))
  .map(([shape, depth]) => {
    if (shape === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  });

// ---------------------------------------------------------------------------------------
// Bodies

interface RawBody {
  bytes: Buffer | undefined;
  contentType: string | undefined;
}

/**
 * Mostly JSON's labels, so most bodies reach the schemas; any other label on a JSON route
 * is refused before the body is read (a browser sends those cross-site without a
 * preflight).
 */
const jsonLabels = ['application/json', 'application/json; charset=utf-8'] as const;
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...jsonLabels) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain;charset=UTF-8',
      'text/csv',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded;+json',
      'text/plain; x=+json',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      undefined,
    ),
  },
);

type Mutation =
  | { op: 'set'; target: number; field: number; value: JsonNode }
  | { op: 'delete'; target: number; field: number }
  | { op: 'add'; target: number; key: string; value: JsonNode }
  | { op: 'duplicate'; target: number; field: number; value: JsonNode }
  | { op: 'wrap'; how: 'array' | 'string' | 'nested' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      target: fc.nat(),
      field: fc.nat(),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('delete' as const), target: fc.nat(), field: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      target: fc.nat(),
      key: hostileKey,
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('duplicate' as const),
      target: fc.nat(),
      field: fc.nat(),
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('wrap' as const),
      how: fc.constantFrom('array' as const, 'string' as const, 'nested' as const),
    }),
  },
);

function objectsIn(node: JsonNode): { kind: 'object'; entries: [string, JsonNode][] }[] {
  if (Array.isArray(node)) return node.flatMap(objectsIn);
  if (node !== null && typeof node === 'object' && node.kind === 'object') {
    return [node, ...node.entries.flatMap(([, value]) => objectsIn(value))];
  }
  return [];
}

/** Applies mutations to a copy of a valid body: most land one step from valid. */
function mutate(template: unknown, mutations: Mutation[]): JsonNode {
  let root = toNode(structuredClone(template));
  for (const change of mutations) {
    if (change.op === 'wrap') {
      if (change.how === 'array') root = [root];
      else if (change.how === 'string') root = toJson(root);
      else root = objectNode([['body', root]]);
      continue;
    }
    const objects = objectsIn(root);
    if (objects.length === 0) continue;
    const target = objects[change.target % objects.length]!;
    if (change.op === 'add') {
      target.entries.push([change.key, change.value]);
      continue;
    }
    if (target.entries.length === 0) continue;
    const index = change.field % target.entries.length;
    if (change.op === 'set') target.entries[index]![1] = change.value;
    else if (change.op === 'delete') target.entries.splice(index, 1);
    else target.entries.push([target.entries[index]![0], change.value]);
  }
  return root;
}

/** Broken JSON: cut short, a stray character, JavaScript that is not JSON. */
function malformedJson(template: unknown) {
  const text = JSON.stringify(template);
  return fc.oneof(
    fc.nat({ max: text.length - 1 }).map((cut) => text.slice(0, cut)),
    fc
      .tuple(fc.nat({ max: text.length }), fc.constantFrom(',', '}', '{', '"', '\\', ':', '\u0000'))
      .map(([at, char]) => text.slice(0, at) + char + text.slice(at)),
    fc.constantFrom(
      `${text}${text}`,
      `${text},`,
      `\uFEFF${text}`,
      text.replace(/"/g, "'"),
      text.replace(/:true/, ':True'),
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":undefined}',
      '{a:1}',
      '[1,]',
      '{"a":1,}',
      '"\\x41"',
      '// comment\n{}',
      'null',
      'true',
      '0',
      '""',
      ' ',
      '\n\t',
    ),
  );
}

function jsonBodies(template: unknown): fc.Arbitrary<RawBody> {
  const text = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(mutation, { minLength: 1, maxLength: 3 })
        .map((mutations) => toJson(mutate(template, mutations))),
    },
    { weight: 2, arbitrary: hostileValue.map(toJson) },
    { weight: 2, arbitrary: malformedJson(template) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  );
  const body = fc.oneof(
    { weight: 10, arbitrary: text.map((value) => Buffer.from(value, 'utf8')) },
    // Bytes that are not UTF-8 at all (the server decodes them as UTF-8, as Lambda does).
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({ bytes: body, contentType });
}

const csvCell = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('"', '""', '"a,b"', '"unclosed', 'a"b', '\r', '\n') },
);

/**
 * CSV documents: a usable header (`columns`) with hostile rows, hostile headers, or no CSV at
 * all; `validRow` the cells of a valid row.
 */
function csvBodies(
  validRow: Record<string, string>,
  columns: readonly string[] = testResultColumns,
): fc.Arbitrary<RawBody> {
  const header = columns.join(',');
  const row = fc
    .tuple(fc.nat({ max: columns.length - 1 }), csvCell)
    .map(([column, cell]) =>
      columns.map((name, index) => (index === column ? cell : (validRow[name] ?? ''))).join(','),
    );
  const text = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(row, { minLength: 1, maxLength: 5 })
        .map((rows) => [header, ...rows].join('\n')),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(csvCell, { minLength: 1, maxLength: 10 })
        .map((cells) => `${cells.join(',')}\n${cells.join(',')}`),
    },
    { weight: 1, arbitrary: fc.constant(header) },
    { weight: 1, arbitrary: fc.constant(`${header}\n`.repeat(3)) },
    {
      weight: 1,
      arbitrary: fc.constant(
        [
          header,
          ...Array.from({ length: maxResultsPerBatch + 1 }, () =>
            columns.map((name) => validRow[name] ?? '').join(','),
          ),
        ].join('\n'),
      ),
    },
    { weight: 2, arbitrary: hostileValue.map(toJson) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
    { weight: 1, arbitrary: deepNesting },
  );
  const body = fc.oneof(
    { weight: 10, arbitrary: text.map((value) => Buffer.from(value, 'utf8')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({ bytes: body, contentType });
}

/** Bodies for routes that take none: they must make no difference. */
const anyBody: fc.Arbitrary<RawBody> = fc.record({
  bytes: fc.option(
    hostileValue.map((node) => Buffer.from(toJson(node), 'utf8')),
    {
      nil: undefined,
    },
  ),
  contentType,
});

/** What the handler sees of the bytes: Lambda's body decoded as UTF-8. */
const serverText = (body: RawBody) => (body.bytes ?? Buffer.alloc(0)).toString('utf8');

function acceptedByJsonSchema(schema: ZodType): (body: RawBody) => boolean {
  return (body) => {
    const text = serverText(body);
    // A body not labelled JSON is refused whatever it holds (lambdas/shared/http); of
    // the labels sent, only these are JSON.
    if (
      text !== '' &&
      !(jsonLabels as readonly (string | undefined)[]).includes(body.contentType)
    ) {
      return false;
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      return false;
    }
    return schema.safeParse(json).success;
  };
}

/**
 * The upload's own checks (its reader, given the bytes sent), short of the range lookup:
 * all rows valid means "acceptable".
 */
function acceptedAsUpload(body: RawBody): boolean {
  const file = readResultsCsv(new Uint8Array(body.bytes ?? Buffer.alloc(0)));
  return file.status === 'valid' && file.rows.length <= maxResultsPerBatch;
}

/**
 * A catalogue import's own checks (its reader: every row's schema), short of the catalogue
 * (names, products, overlaps): no problem means "acceptable".
 */
const acceptedAsImport =
  (read: (bytes: Uint8Array) => { status: string; problems?: unknown[] }) =>
  (body: RawBody): boolean => {
    const file = read(new Uint8Array(body.bytes ?? Buffer.alloc(0)));
    return file.status === 'read' && file.problems?.length === 0;
  };

// ---------------------------------------------------------------------------------------
// Paths

/** Percent-encodes the UTF-8 bytes of a path segment (a lone surrogate becomes U+FFFD). */
function pathSegment(id: string): string {
  return [...Buffer.from(id, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_~-]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const randomId = fc
  .oneof(
    fc.constantFrom(
      ...pollutionKeys,
      'no-such-id',
      'x'.repeat(64),
      'x'.repeat(65),
      'x'.repeat(2_000),
      '%',
      '%zz',
      '💥',
      '\u0000',
      'a b',
      "' OR '1'='1",
      '<script>',
      '../..',
      'TR-00000-00000',
      'AAAAAAAAAAAAAAAAAAAAAA',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
    fc.uuid(),
  )
  // `.` and `..` are dot segments: a URL resolves them before any server sees them.
  .filter((id) => id !== '.' && id !== '..');

interface Target {
  method: HttpMethod;
  /**
   * `staff` for the caller's own session routes (`/api/account/mfa`, `/api/account/sessions/
   * revoke`): as the admin, a call that went through would end the admin's sessions or take
   * its second factor away.
   */
  caller: 'anonymous' | 'admin' | 'staff' | 'machine';
  /** The path and whether it names a real record. */
  path: fc.Arbitrary<{ path: string; real: boolean }>;
  body: fc.Arbitrary<RawBody>;
  /** The server would accept this body: skipped (the property is about invalid input). */
  accepts?: (body: RawBody) => boolean;
  /** The status an invalid call must get. */
  expected: (call: { real: boolean }) => number;
}

const fixedPath = (path: string) => fc.constant({ path, real: false });
const idPath = (pattern: string, realId: string | undefined) =>
  fc
    .oneof(
      { weight: realId ? 1 : 0, arbitrary: fc.constant({ id: realId ?? '', real: true }) },
      { weight: 2, arbitrary: randomId.map((id) => ({ id, real: false })) },
    )
    .map(({ id, real }) => ({ path: pattern.replace(/\{\w+\}/, pathSegment(id)), real }));

// ---------------------------------------------------------------------------------------
// Checking answers

/** Every English catalogue text as a pattern (placeholders and nested counts match anything). */
const cataloguePatterns = (function leaves(node: unknown): RegExp[] {
  if (typeof node === 'string') {
    const parts = node
      .split(/\{\{\w+\}\}|\$t\([^()]*\)/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return [new RegExp(`^${parts.join('[\\s\\S]*')}$`)];
  }
  return Object.values(node as Record<string, unknown>).flatMap(leaves);
})(en);

const isCatalogueText = (text: unknown) =>
  typeof text === 'string' && cataloguePatterns.some((pattern) => pattern.test(text));

/**
 * The standard error body: only `code`, `message`, `messageKey`, `params`, `fields` and
 * `fieldMessages`; texts from the catalogue, each the English of its key and params.
 */
function checkErrorBody(status: number, contentTypeHeader: string | null, text: string): void {
  expect(contentTypeHeader ?? '').toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  const {
    code,
    message: text_,
    messageKey,
    params,
    fields,
    fieldMessages,
    ...rest
  } = body.error ?? {};
  expect(rest).toEqual({});
  expect(errorCodes).toContain(code);
  expect(errorStatus[code as ErrorCode]).toBe(status);
  expect(isCatalogueText(text_), `message ${JSON.stringify(text_)}`).toBe(true);
  expect(message(messageKey as MessageKey, params as Record<string, string>)).toBe(text_);
  if (fields !== undefined) {
    expect(typeof fields).toBe('object');
    const refs = fieldMessages as Record<string, { messageKey: MessageKey; params?: object }>;
    expect(Object.keys(refs ?? {})).toEqual(Object.keys(fields as object));
    for (const [name, fieldMessage] of Object.entries(fields as object)) {
      expect(isCatalogueText(fieldMessage), `${name}: ${JSON.stringify(fieldMessage)}`).toBe(true);
      const ref = Object.getOwnPropertyDescriptor(refs, name)!.value as (typeof refs)[string];
      expect(message(ref.messageKey, ref.params as Record<string, string>)).toBe(fieldMessage);
    }
  } else {
    expect(fieldMessages).toBeUndefined();
  }
}

let adminToken = '';
let staffToken = '';
let machineKey = '';

/** Routes that end the caller's sessions or change their second factor: called as staff. */
const ownSessionRoutes = new Set([
  'POST /api/account/mfa',
  'DELETE /api/account/mfa',
  'POST /api/account/sessions/revoke',
]);

async function send(method: string, path: string, caller: Target['caller'], body: RawBody) {
  const headers: Record<string, string> = {};
  if (caller === 'admin') headers.authorization = `Bearer ${adminToken}`;
  if (caller === 'staff') headers.authorization = `Bearer ${staffToken}`;
  if (caller === 'machine') headers.authorization = `Bearer ${machineKey}`;
  if (body.contentType) headers['content-type'] = body.contentType;
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers,
    body: body.bytes ? new Uint8Array(body.bytes) : undefined,
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

// ---------------------------------------------------------------------------------------
// "Nothing changed"

/** The table, the user pool and the mail store, in a comparable form. */
async function snapshot() {
  const items = (await reader.scanAll())
    // Abuse counters count attempts, valid or not: they are allowed to move.
    .filter((item) => !String(item.pk).startsWith('RATE#'))
    // A search of the history by email is recorded, by design: a read that writes its entry.
    .filter((item) => !(item.type === 'auditEntry' && item.action === 'search'))
    // A machine's last use moves when its key is checked.
    .map((item) =>
      Object.fromEntries(Object.entries(item).filter(([name]) => name !== 'lastUsedAt')),
    )
    .map((item) => JSON.stringify(item, Object.keys(item).sort()))
    .sort();
  const users = (
    (await cognitoAdmin(stack, 'ListUsers', {})) as {
      Users: { Username: string; Attributes: unknown; UserStatus: string; Enabled: boolean }[];
    }
  ).Users.map((user) =>
    JSON.stringify([user.Username, user.Attributes, user.UserStatus, user.Enabled]),
  ).sort();
  const store = (await (await fetch(`${stack.mailViewerUrl}/store`)).json()) as {
    emails: unknown[];
  };
  return { items, users, mails: store.emails.length };
}

/** Waits until the table holds still (e.g. mails of earlier tests being recorded). */
async function settledSnapshot() {
  const deadline = Date.now() + 20_000;
  let previous = await snapshot();
  for (;;) {
    await delay(500);
    const current = await snapshot();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    if (Date.now() > deadline) throw new Error('The table kept changing; cannot fuzz against it');
    previous = current;
  }
}

function expectUnchanged(
  before: Awaited<ReturnType<typeof snapshot>>,
  after: Awaited<ReturnType<typeof snapshot>>,
) {
  const added = after.items.filter((item) => !before.items.includes(item));
  const removed = before.items.filter((item) => !after.items.includes(item));
  expect({ added, removed }).toEqual({ added: [], removed: [] });
  expect(after.users).toEqual(before.users);
  expect(after.mails).toBe(before.mails);
}

// ---------------------------------------------------------------------------------------
// Fixtures: one of each record, so paths can name real ids

const tag = randomUUID().slice(0, 6).toUpperCase();
const serialPrefix = `FZ${tag}-`;
const fixture = {
  productId: '',
  productVersion: 1,
  rangeId: '',
  rangeVersion: 1,
  staffId: '',
  reportRequestId: '',
  machineId: '',
  resultId: '',
};

const productTemplate = {
  name: `Fuzz Valve ${tag} B`,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 10,
  pressureWCB: 16,
  pressureSUS: null,
  application: 'Cooling',
  applicationMedium: null,
};
const rangeTemplate = () => ({
  productId: fixture.productId,
  startSerial: `${serialPrefix}00500`,
  endSerial: `${serialPrefix}00600`,
  productionDate: '2026-06-01',
  bodyMaterial: 'WCB',
});
/** A valid result row, as the cells of an upload. */
const resultRow = {
  serialNumber: `${serialPrefix}00001`,
  testName: 'Leak test',
  result: 'pass',
  value: '1.5',
  unit: 'bar',
  testedAt: '2026-06-01T08:00:00Z',
  machineId: `Fuzz bench ${tag}`,
  operator: 'Fuzz',
  notes: 'ok',
};
/** A valid row of a products file (the import's columns). */
const productImportRow: Record<string, string> = {
  name: `Fuzz Valve ${tag} Imported`,
  temperatureMin: '-10',
  temperatureMax: '180',
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: '10',
};
const productImportColumns = Object.keys(productFieldsSchema.shape);
/** A valid row of a ranges file: a range of the fixture's product (by name). */
const rangeImportRow: Record<string, string> = {
  productName: `Fuzz Valve ${tag}`,
  startSerial: `${serialPrefix}00700`,
  endSerial: `${serialPrefix}00800`,
  productionDate: '2026-06-01',
  bodyMaterial: 'WCB',
};
const rangeImportColumns = Object.keys(rangeImportRowSchema.shape);
/** A file for the signature check (any bytes: an unsigned file is an answer too). */
const signatureCheckTemplate = { pdf: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64') };
/** The same result as a machine sends it: its machine is the key's. */
const ingestRow = Object.fromEntries(
  Object.entries({ ...resultRow, value: 1.5 }).filter(([name]) => name !== 'machineId'),
);
const validCsv = (extraColumn?: string) =>
  [
    [...testResultColumns, ...(extraColumn ? [extraColumn] : [])].join(','),
    [...testResultColumns.map((name) => resultRow[name]), ...(extraColumn ? ['1'] : [])].join(','),
  ].join('\n');

function targets(): Record<string, Target> {
  const reportTemplate = {
    serialNumber: `${serialPrefix}00001`,
    email: 'fuzz.visitor@example.com',
    consent: true,
    language: 'en',
  };
  const ingestTemplate = { results: [ingestRow] };
  const machineTemplate = { name: `Fuzz bench ${tag} 2`, note: 'second' };
  const staffTemplate = {
    name: 'Fuzz Person',
    email: `fuzz.person.${tag.toLowerCase()}@example.com`,
    password: 'Fuzz-Person-2026!',
    role: 'staff',
  };
  const json = (
    method: HttpMethod,
    caller: Target['caller'],
    path: Target['path'],
    template: unknown,
    schema: ZodType,
  ): Target => ({
    method,
    caller,
    path,
    body: jsonBodies(template),
    accepts: acceptedByJsonSchema(schema),
    expected: () => 400,
  });
  return {
    'POST /api/report-requests': json(
      'POST',
      'anonymous',
      fixedPath('/api/report-requests'),
      reportTemplate,
      createReportRequestSchema,
    ),
    'POST /api/report-requests/signature-check': json(
      'POST',
      'anonymous',
      fixedPath('/api/report-requests/signature-check'),
      signatureCheckTemplate,
      signatureCheckInputSchema,
    ),
    'POST /api/report-requests/{id}/resend': {
      method: 'POST',
      caller: 'admin',
      path: idPath('/api/report-requests/{id}/resend', fixture.reportRequestId),
      body: anyBody,
      // A sent report is not sent again.
      expected: ({ real }) => (real ? 409 : 404),
    },
    'POST /api/machine-data': {
      method: 'POST',
      caller: 'admin',
      path: fixedPath('/api/machine-data'),
      body: csvBodies(resultRow),
      accepts: acceptedAsUpload,
      expected: () => 400,
    },
    // Files the import's reader takes are not sent (one could be stored): every other is
    // refused whole.
    'POST /api/products/import': {
      method: 'POST',
      caller: 'admin',
      path: fixedPath('/api/products/import'),
      body: csvBodies(productImportRow, productImportColumns),
      accepts: acceptedAsImport(readProductsCsv),
      expected: () => 400,
    },
    'POST /api/serial-numbers/import': {
      method: 'POST',
      caller: 'admin',
      path: fixedPath('/api/serial-numbers/import'),
      body: csvBodies(rangeImportRow, rangeImportColumns),
      accepts: acceptedAsImport(readRangesCsv),
      expected: () => 400,
    },
    // A part is any text, so only paths that name no upload part are sent (one that did
    // would keep the part: nothing of the catalogue, but not nothing): never kept.
    'PUT /api/imports/uploads/{uploadId}/parts/{part}': {
      method: 'PUT',
      caller: 'admin',
      path: fc
        .tuple(
          randomId.filter((id) => !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id)),
          fc.oneof(randomId, fc.integer({ min: -5, max: 50 }).map(String)),
        )
        .map(([uploadId, part]) => ({
          path: `/api/imports/uploads/${pathSegment(uploadId)}/parts/${pathSegment(part)}`,
          real: false,
        })),
      body: anyBody,
      expected: () => 404,
    },
    // Only invalid reasons are sent (a valid one would void the real result): 400 first.
    'POST /api/machine-data/{id}/void': json(
      'POST',
      'admin',
      idPath('/api/machine-data/{id}/void', fixture.resultId),
      { reason: 'Bench gauge miscalibrated' },
      voidResultSchema,
    ),
    'PUT /api/settings': json(
      'PUT',
      'admin',
      fixedPath('/api/settings'),
      // Based on a version that is not the settings': even accepted, it changes nothing.
      { publicVerdicts: ['pass', 'fail'], version: 99 },
      updateSiteSettingsSchema,
    ),
    'POST /api/machine-data/ingest': json(
      'POST',
      'machine',
      fixedPath('/api/machine-data/ingest'),
      ingestTemplate,
      ingestBatchSchema,
    ),
    'POST /api/machines': json(
      'POST',
      'admin',
      fixedPath('/api/machines'),
      machineTemplate,
      createMachineSchema,
    ),
    'DELETE /api/machines/{id}': {
      method: 'DELETE',
      caller: 'admin',
      // Never the real machine: revoking it is a valid change.
      path: idPath('/api/machines/{id}', undefined),
      body: anyBody,
      expected: () => 404,
    },
    'POST /api/products': json(
      'POST',
      'admin',
      fixedPath('/api/products'),
      productTemplate,
      createProductSchema,
    ),
    'PUT /api/products/{id}': json(
      'PUT',
      'admin',
      idPath('/api/products/{id}', fixture.productId),
      { ...productTemplate, version: fixture.productVersion },
      updateProductSchema,
    ),
    'PUT /api/products/{id}/test-plan': json(
      'PUT',
      'admin',
      idPath('/api/products/{id}/test-plan', fixture.productId),
      {
        // Based on a version that is not the product's: even accepted, it changes nothing.
        tests: [{ name: 'Shell test', method: 'API 598', unit: 'bar', lower: 24, upper: null }],
        allowExtraTests: false,
        version: 99,
      },
      savePlanSchema,
    ),
    'DELETE /api/products/{id}': {
      method: 'DELETE',
      caller: 'admin',
      path: idPath('/api/products/{id}', fixture.productId),
      body: anyBody,
      // The real product's range holds an issued report: refused, naming it.
      expected: ({ real }) => (real ? 400 : 404),
    },
    'POST /api/serial-numbers': json(
      'POST',
      'admin',
      fixedPath('/api/serial-numbers'),
      rangeTemplate(),
      createSerialRangeSchema,
    ),
    'PUT /api/serial-numbers/{id}': json(
      'PUT',
      'admin',
      idPath('/api/serial-numbers/{id}', fixture.rangeId),
      { ...rangeTemplate(), version: fixture.rangeVersion },
      updateSerialRangeSchema,
    ),
    'DELETE /api/serial-numbers/{id}': {
      method: 'DELETE',
      caller: 'admin',
      path: idPath('/api/serial-numbers/{id}', undefined),
      body: anyBody,
      expected: () => 404,
    },
    'POST /api/staff': json(
      'POST',
      'admin',
      fixedPath('/api/staff'),
      staffTemplate,
      createStaffSchema,
    ),
    'PATCH /api/staff/{id}': json(
      'PATCH',
      'admin',
      idPath('/api/staff/{id}', fixture.staffId),
      // The account is staff already: even accepted, this would change nothing.
      { role: 'staff' },
      updateStaffSchema,
    ),
    'POST /api/staff/{id}/invitation': json(
      'POST',
      'admin',
      idPath('/api/staff/{id}/invitation', fixture.staffId),
      { language: 'en' },
      staffMailSchema,
    ),
    'POST /api/staff/{id}/password-reset': json(
      'POST',
      'admin',
      idPath('/api/staff/{id}/password-reset', fixture.staffId),
      { language: 'en' },
      staffMailSchema,
    ),
    'DELETE /api/staff/{id}/mfa': {
      method: 'DELETE',
      caller: 'admin',
      // Never a real account: removing an app is a valid change.
      path: idPath('/api/staff/{id}/mfa', undefined),
      body: anyBody,
      expected: () => 404,
    },
    'PATCH /api/account': json(
      'PATCH',
      'admin',
      fixedPath('/api/account'),
      { name: 'Fuzz Admin' },
      updateOwnAccountSchema,
    ),
    // Staff without an authenticator app: nothing to confirm (409), no second factor to
    // turn it off with (403), whatever the body.
    'POST /api/account/mfa': {
      method: 'POST',
      caller: 'staff',
      path: fixedPath('/api/account/mfa'),
      body: anyBody,
      expected: () => 409,
    },
    'DELETE /api/account/mfa': {
      method: 'DELETE',
      caller: 'staff',
      path: fixedPath('/api/account/mfa'),
      body: anyBody,
      expected: () => 403,
    },
    'POST /api/account/sessions/revoke': json(
      'POST',
      'staff',
      fixedPath('/api/account/sessions/revoke'),
      { reason: 'signOutEverywhere' },
      revokeSessionsSchema,
    ),
  };
}

/** Routes that may change something: HEAD and OPTIONS (the resolver's) are reads. */
const writeRoutes = routes
  .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
  .map(routeKey);
let fuzzTargets: Record<string, Target> = {};

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const staffEmail = `fuzz.caller.${tag.toLowerCase()}@example.com`;
  await createUser(stack, staffEmail, 'Fuzz-Caller-2026!', 'staff');
  staffToken = (await signIn(stack, staffEmail, 'Fuzz-Caller-2026!')).IdToken;
  const as = <T>(path: string, method: string, body: unknown) =>
    callApi<T>(stack, path, { method, body, token: adminToken });

  const product = await as<{ id: string; version: number }>('/api/products', 'POST', {
    ...productTemplate,
    name: `Fuzz Valve ${tag}`,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  fixture.productId = product.body.id;
  fixture.productVersion = product.body.version;
  const range = await as<{ id: string; version: number }>('/api/serial-numbers', 'POST', {
    productId: fixture.productId,
    startSerial: `${serialPrefix}00001`,
    endSerial: `${serialPrefix}00100`,
    productionDate: '2026-06-01',
    bodyMaterial: 'WCB',
  });
  expect(range.status, JSON.stringify(range.body)).toBe(201);
  fixture.rangeId = range.body.id;
  fixture.rangeVersion = range.body.version;
  const machine = await as<MachineCreated>('/api/machines', 'POST', { name: `Fuzz bench ${tag}` });
  expect(machine.status, JSON.stringify(machine.body)).toBe(201);
  machineKey = machine.body.key;
  fixture.machineId = machine.body.machine.id;
  const staff = await as<{ id: string }>('/api/staff', 'POST', {
    name: 'Fuzz Staff',
    email: `fuzz.staff.${tag.toLowerCase()}@example.com`,
    password: 'Fuzz-Staff-2026!',
    role: 'staff',
  });
  expect(staff.status, JSON.stringify(staff.body)).toBe(201);
  fixture.staffId = staff.body.id;
  const report = await requestReport(stack, {
    serialNumber: `${serialPrefix}00001`,
    email: `fuzz.report.${tag.toLowerCase()}@example.com`,
    consent: true,
    language: 'en',
  });
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  fixture.reportRequestId = report.body.id;
  // A stored result, for the void route (whose valid reasons the fuzzer never sends).
  const ingested = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results: [{ ...ingestRow, serialNumber: `${serialPrefix}00090` }] }),
  });
  expect(ingested.status).toBe(200);
  const results = await as<{ items: { id: string }[] }>(
    `/api/machine-data?serial=${serialPrefix}00090`,
    'GET',
    undefined,
  );
  fixture.resultId = results.body.items[0]!.id;
  // Resending must meet a sent report (409), so wait for its mail to be recorded.
  const deadline = Date.now() + 20_000;
  while ((await reader.get(keys.reportRequest(report.body.id)))?.status !== 'sent') {
    if (Date.now() > deadline) throw new Error('The fixture report was not mailed');
    await delay(200);
  }
  fuzzTargets = targets();
}, 60_000);

afterAll(() => reader.destroy());

describe('hostile input on every write route', () => {
  it('has a fuzz target for exactly the write routes of the route table', () => {
    expect(Object.keys(targets()).sort()).toEqual([...writeRoutes].sort());
  });

  for (const key of writeRoutes) {
    it(`${key}: random and adversarial input gets a 4xx error body and changes nothing`, async () => {
      const target = fuzzTargets[key]!;
      const limit = bodyLimitOf(routes.find((route) => routeKey(route) === key)!);
      const before = await settledSnapshot();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(target.path, target.body, async (call, body) => {
          fc.pre(!target.accepts?.(body));
          sent += 1;
          const answer = await send(target.method, call.path, target.caller, body);
          // A body over the route's limit is refused before anything else (the test below),
          // whatever the route would answer to a smaller one.
          const expected = (body.bytes?.byteLength ?? 0) > limit ? 413 : target.expected(call);
          expect(answer.status, answer.text.slice(0, 500)).toBe(expected);
          checkErrorBody(answer.status, answer.contentType, answer.text);
        }),
        { numRuns: runs },
      );
      expect(sent).toBeGreaterThan(runs / 2);
      expectUnchanged(before, await snapshot());
    }, 120_000);
  }
});

describe('sizes, unknown fields and malformed paths', () => {
  const bodyTargets = () =>
    Object.entries(fuzzTargets).filter(([, target]) => target.accepts !== undefined);

  it("refuses bodies just over the route's limit (1 MiB, a file import's 3 MB), and over 6 MiB, with 413 before parsing", async () => {
    const before = await snapshot();
    for (const [key, target] of bodyTargets()) {
      const path = fc.sample(target.path, 1)[0]!.path;
      const limit = bodyLimitOf(routes.find((route) => routeKey(route) === key)!);
      for (const size of [limit + 1, limit + 100, 6 * 1024 * 1024 + 1]) {
        // Valid JSON up to its last byte: only the size is wrong.
        const bytes = Buffer.from(`{"name":"${'A'.repeat(size - 11)}"}`, 'utf8');
        expect(bytes.length).toBe(size);
        const answer = await send(target.method, path, target.caller, {
          bytes,
          contentType: 'application/json',
        });
        expect(answer.status, `${key} with ${size} bytes`).toBe(413);
        checkErrorBody(answer.status, answer.contentType, answer.text);
      }
      // Exactly at the limit is read (and refused as invalid, not as too large).
      const atLimit = Buffer.from(`{"name":"${'A'.repeat(limit - 11)}"}`, 'utf8');
      const answer = await send(target.method, path, target.caller, {
        bytes: atLimit,
        contentType: 'application/json',
      });
      expect(answer.status, `${key} at the limit`).toBe(400);
    }
    expectUnchanged(before, await snapshot());
  }, 60_000);

  it('refuses a valid body with one unknown field, naming the field', async () => {
    const valid: Record<string, { template: unknown; path: string }> = {
      'POST /api/report-requests': {
        template: {
          serialNumber: `${serialPrefix}00002`,
          email: 'fuzz.extra@example.com',
          consent: true,
          language: 'zh',
        },
        path: '/api/report-requests',
      },
      'POST /api/report-requests/signature-check': {
        template: signatureCheckTemplate,
        path: '/api/report-requests/signature-check',
      },
      'POST /api/machine-data/ingest': {
        template: { results: [ingestRow] },
        path: '/api/machine-data/ingest',
      },
      'POST /api/machines': {
        template: { name: `Fuzz bench ${tag} extra`, note: null },
        path: '/api/machines',
      },
      'POST /api/products': {
        template: { ...productTemplate, name: `Fuzz Valve ${tag} extra` },
        path: '/api/products',
      },
      'PUT /api/products/{id}': {
        template: { ...productTemplate, version: fixture.productVersion },
        path: `/api/products/${fixture.productId}`,
      },
      'PUT /api/products/{id}/test-plan': {
        template: {
          tests: [{ name: 'Shell test', method: 'API 598', unit: 'bar', lower: 24, upper: null }],
          allowExtraTests: false,
          version: 99,
        },
        path: `/api/products/${fixture.productId}/test-plan`,
      },
      'POST /api/serial-numbers': { template: rangeTemplate(), path: '/api/serial-numbers' },
      'PUT /api/serial-numbers/{id}': {
        template: { ...rangeTemplate(), version: fixture.rangeVersion },
        path: `/api/serial-numbers/${fixture.rangeId}`,
      },
      'POST /api/staff': {
        template: {
          name: 'Fuzz Extra',
          email: `fuzz.extra.${tag.toLowerCase()}@example.com`,
          password: 'Fuzz-Extra-2026!',
          role: 'staff',
        },
        path: '/api/staff',
      },
      'PATCH /api/staff/{id}': {
        template: { role: 'staff' },
        path: `/api/staff/${fixture.staffId}`,
      },
      'POST /api/staff/{id}/invitation': {
        template: { language: 'en' },
        path: `/api/staff/${fixture.staffId}/invitation`,
      },
      'POST /api/staff/{id}/password-reset': {
        template: { language: 'en' },
        path: `/api/staff/${fixture.staffId}/password-reset`,
      },
      'PATCH /api/account': { template: { name: 'Fuzz Admin' }, path: '/api/account' },
      'POST /api/account/sessions/revoke': {
        template: { reason: 'signOutEverywhere' },
        path: '/api/account/sessions/revoke',
      },
      'POST /api/machine-data/{id}/void': {
        template: { reason: 'Bench gauge miscalibrated' },
        path: `/api/machine-data/${fixture.resultId}/void`,
      },
      'PUT /api/settings': {
        template: { publicVerdicts: ['pass', 'fail'], version: 99 },
        path: '/api/settings',
      },
    };
    // Every JSON route; the CSV files have their own cases below.
    const csvRoutes = [
      'POST /api/machine-data',
      'POST /api/products/import',
      'POST /api/serial-numbers/import',
    ];
    expect(Object.keys(valid).sort()).toEqual(
      bodyTargets()
        .map(([key]) => key)
        .filter((key) => !csvRoutes.includes(key))
        .sort(),
    );
    const before = await snapshot();
    for (const [key, { template, path }] of Object.entries(valid)) {
      const target = fuzzTargets[key]!;
      // The template itself is valid, so the extra field is the only thing wrong.
      expect(
        target.accepts!({
          bytes: Buffer.from(JSON.stringify(template)),
          contentType: 'application/json',
        }),
        key,
      ).toBe(true);
      for (const extra of ['extra', '__proto__', 'constructor', 'prototype', 'isAdmin']) {
        const node = toNode(template) as { kind: 'object'; entries: [string, JsonNode][] };
        node.entries.push([extra, extra === '__proto__' ? objectNode([['role', 'admin']]) : true]);
        const answer = await send(target.method, path, target.caller, {
          bytes: Buffer.from(toJson(node)),
          contentType: 'application/json',
        });
        expect(answer.status, `${key} + ${extra}: ${answer.text}`).toBe(400);
        checkErrorBody(answer.status, answer.contentType, answer.text);
        const fields = (JSON.parse(answer.text) as { error: { fields?: object } }).error.fields;
        expect(Object.keys(fields ?? {}), key).toEqual([extra]);
      }
    }
    // A result row with an unknown field, in a batch and in a CSV upload.
    const batch = await send('POST', '/api/machine-data/ingest', 'machine', {
      bytes: Buffer.from(JSON.stringify({ results: [{ ...ingestRow, extra: 1 }] })),
      contentType: 'application/json',
    });
    expect(batch.status).toBe(400);
    expect(Object.keys(JSON.parse(batch.text).error.fields)).toEqual(['results.0.extra']);
    expect(acceptedAsUpload({ bytes: Buffer.from(validCsv()), contentType: undefined })).toBe(true);
    const upload = await send('POST', '/api/machine-data', 'admin', {
      bytes: Buffer.from(validCsv('extra')),
      contentType: 'text/csv',
    });
    expect(upload.status, upload.text).toBe(400);
    expect(Object.keys(JSON.parse(upload.text).error.fields)).toEqual(['row 2.extra']);
    // A catalogue file's valid row with a column the import does not know.
    for (const [path, row, columns] of [
      ['/api/products/import', productImportRow, productImportColumns],
      ['/api/serial-numbers/import', rangeImportRow, rangeImportColumns],
    ] as const) {
      const csv = (extra?: string) =>
        [
          [...columns, ...(extra ? [extra] : [])].join(','),
          [...columns.map((name) => row[name] ?? ''), ...(extra ? ['1'] : [])].join(','),
        ].join('\n');
      expect(
        fuzzTargets[`POST ${path}`]!.accepts!({
          bytes: Buffer.from(csv()),
          contentType: 'text/csv',
        }),
        path,
      ).toBe(true);
      const answer = await send('POST', path, 'admin', {
        bytes: Buffer.from(csv('extra')),
        contentType: 'text/csv',
      });
      expect(answer.status, answer.text).toBe(400);
      expect(Object.keys(JSON.parse(answer.text).error.fields)).toEqual(['row 2.extra']);
    }
    expectUnchanged(before, await snapshot());
  }, 60_000);

  it('answers malformed percent-encoding in a path id with 404, not a crash', async () => {
    for (const raw of ['%', '%zz', '%E0%A4%A', '%C0%AE', '%FF', '%uD800', 'a%2', '%%']) {
      for (const [pattern, caller] of [
        ['/api/products/{id}', 'admin'],
        ['/api/report-requests/{id}/resend', 'admin'],
        ['/api/machines/{id}', 'admin'],
      ] as const) {
        const method = pattern.startsWith('/api/report') ? 'POST' : 'DELETE';
        const answer = await send(method, pattern.replace('{id}', raw), caller, {
          bytes: undefined,
          contentType: undefined,
        });
        expect(answer.status, `${method} ${pattern} with ${raw}`).toBe(404);
        checkErrorBody(answer.status, answer.contentType, answer.text);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------
// Every route: query strings, path ids and cursors

/** A list route's query that names a page, and how to ask for its first page of one item. */
interface ListQuery {
  route: string;
  path: string;
  query: Record<string, string>;
}

/** The list routes and their orders and filters: each issues cursors of its own. */
const listQueries = (): ListQuery[] => [
  { route: 'GET /api/products', path: '/api/products', query: {} },
  { route: 'GET /api/products', path: '/api/products', query: { sort: 'updatedAt' } },
  { route: 'GET /api/products', path: '/api/products', query: { order: 'desc' } },
  { route: 'GET /api/products', path: '/api/products', query: { filter: 'fuzz' } },
  { route: 'GET /api/serial-numbers', path: '/api/serial-numbers', query: {} },
  {
    route: 'GET /api/serial-numbers',
    path: '/api/serial-numbers',
    query: { productId: fixture.productId },
  },
  { route: 'GET /api/report-requests', path: '/api/report-requests', query: {} },
  { route: 'GET /api/machine-data', path: '/api/machine-data', query: {} },
  {
    route: 'GET /api/machine-data',
    path: '/api/machine-data',
    query: { serial: `${serialPrefix}00001` },
  },
  { route: 'GET /api/machines', path: '/api/machines', query: {} },
  { route: 'GET /api/staff', path: '/api/staff', query: {} },
  { route: 'GET /api/staff', path: '/api/staff', query: { sort: 'lastSignIn' } },
  { route: 'GET /api/audit', path: '/api/audit', query: {} },
  {
    route: 'GET /api/audit',
    path: '/api/audit',
    query: { entity: 'product', id: fixture.productId },
  },
];

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/**
 * Cursors the server did not issue for this list, made from ones it did: the payload
 * changed under the same signature (a partition key alone, a wrong sort key, keys of
 * another index, the old unsigned form), the signature changed, truncated, another
 * list's real cursor, and garbage.
 */
function forgedCursors(real: string, otherLists: string[]): string[] {
  const [payload = '', signature = ''] = real.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    k: Record<string, string>;
    t: number;
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const resigned = (key: Record<string, string>, t = decoded.t) =>
    `${encode({ k: key, t })}.${signature}`;
  const [firstName] = Object.keys(decoded.k);
  const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
  return [
    resigned({ [firstName ?? 'pk']: decoded.k[firstName ?? 'pk'] ?? 'X' }),
    resigned({ ...decoded.k, sk: 'WRONG#SORT' }),
    resigned({ ...decoded.k, gsi2pk: 'PRODUCTS', gsi2sk: 'UPDATED#9999' }),
    resigned({ pk: 'STATS', sk: 'STATS' }),
    resigned(decoded.k, decoded.t - 2 * 24 * 60 * 60_000),
    resigned(decoded.k, 1e300 as number),
    encode(decoded.k),
    `${payload}.${flipped}`,
    real.slice(0, -3),
    `${real}x`,
    `${payload}.`,
    `.${signature}`,
    'x'.repeat(5000),
    '%%%',
    '__proto__',
    encode({ __proto__: { polluted: true } }),
    ...otherLists,
    // A change that leaves the payload as it was (a cursor with one key) is no forgery.
  ].filter((cursor) => cursor !== real);
}

/** Hostile values of query parameters: number edge cases, prototype names, odd text. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '1e400',
    '-1e400',
    '1e-200',
    '5e-324',
    '9007199254740993',
    '1e16',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    ' 5 ',
    '',
    '0',
    '-1',
    '1001',
    '99999999999999999999',
    '2026-02-30',
    '9999-99-99',
    ...pollutionKeys,
    ...hostileStrings.filter((value) => value.length < 200),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

describe('every route: query strings, path ids and cursors', () => {
  const cursors = new Map<string, string>();

  beforeAll(async () => {
    // A second of each listed record, so a page of one names a next page.
    const as = <T>(path: string, method: string, body: unknown) =>
      callApi<T>(stack, path, { method, body, token: adminToken });
    await as('/api/products', 'POST', { ...productTemplate, name: `Fuzz Valve ${tag} C` });
    await as('/api/serial-numbers', 'POST', {
      productId: fixture.productId,
      startSerial: `${serialPrefix}00700`,
      endSerial: `${serialPrefix}00710`,
      productionDate: '2026-06-02',
      bodyMaterial: 'WCB',
    });
    await as('/api/machines', 'POST', { name: `Fuzz bench ${tag} 3` });
    await send('POST', '/api/machine-data/ingest', 'machine', {
      bytes: Buffer.from(
        JSON.stringify({
          results: [ingestRow, { ...ingestRow, testName: 'Shell test', value: 15 }],
        }),
      ),
      contentType: 'application/json',
    });
    for (const list of listQueries()) {
      const answer = await callApi<{ nextCursor?: string | null; cursor?: string | null }>(
        stack,
        withQuery(list.path, { ...list.query, limit: '1' }),
        { token: adminToken },
      );
      expect(answer.status, `${list.path} ${JSON.stringify(answer.body)}`).toBe(200);
      const next = answer.body.nextCursor ?? answer.body.cursor;
      expect(next, `${list.path}?${JSON.stringify(list.query)} names a next page`).toBeTruthy();
      cursors.set(JSON.stringify(list), next!);
    }
  }, 60_000);

  it('follows every real cursor to its next page', async () => {
    for (const list of listQueries()) {
      const cursor = cursors.get(JSON.stringify(list))!;
      const answer = await callApi(
        stack,
        withQuery(list.path, { ...list.query, limit: '1', cursor }),
        {
          token: adminToken,
        },
      );
      expect(answer.status, `${list.path} ${JSON.stringify(list.query)}`).toBe(200);
    }
  });

  it('refuses every forged, foreign or stale cursor with 400 "invalid or expired", never 500', async () => {
    const before = await settledSnapshot();
    const all = listQueries();
    for (const list of all) {
      const key = JSON.stringify(list);
      const real = cursors.get(key)!;
      // Real cursors of the other lists, orders and filters: not issued for this one.
      const others = all
        .filter((other) => JSON.stringify(other) !== key)
        .map((other) => cursors.get(JSON.stringify(other))!);
      for (const cursor of forgedCursors(real, others)) {
        const answer = await send(
          'GET',
          withQuery(list.path, { ...list.query, limit: '1', cursor }),
          'admin',
          { bytes: undefined, contentType: undefined },
        );
        const label = `${list.path} ${JSON.stringify(list.query)} cursor ${cursor.slice(0, 80)}`;
        expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBe(400);
        checkErrorBody(answer.status, answer.contentType, answer.text);
        const { error } = JSON.parse(answer.text) as { error: ErrorBody['error'] };
        expect(error.message, label).toBe('The page cursor is invalid or expired');
        expect(error.fields, label).toEqual({ cursor: 'The page cursor is invalid or expired' });
      }
    }
    expectUnchanged(before, await snapshot());
  }, 120_000);

  it('answers random query strings and path ids on every route with a 2xx or a standard 4xx, never 5xx, and changes nothing', async () => {
    const before = await settledSnapshot();
    const realCursors = [...cursors.values()];
    for (const route of routes) {
      const key = routeKey(route);
      const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
      // The resolver's own parameters: a link type (any spelling) and a context.
      const resolverNames = /^\/(01|id)\//.test(route.path) ? ['linkType', 'context'] : [];
      const names = [...Object.keys(shape ?? {}), 'cursor', 'limit', ...resolverNames];
      const queryArbitrary = fc.array(
        fc.tuple(
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...names) },
            { weight: 1, arbitrary: fc.constantFrom(...pollutionKeys) },
          ),
          fc.oneof(
            { weight: 4, arbitrary: hostileQueryValue },
            { weight: 1, arbitrary: fc.constantFrom(...realCursors) },
          ),
        ),
        { maxLength: 4 },
      );
      const caller: Target['caller'] =
        route.access === 'machine' ? 'machine' : ownSessionRoutes.has(key) ? 'staff' : 'admin';
      // Writes get no body here (the body fuzz above covers bodies): nothing they could do.
      await fc.assert(
        fc.asyncProperty(randomId, queryArbitrary, async (id, pairs) => {
          const search = pairs
            .map(([name, value]) => `${pathSegment(name)}=${pathSegment(value)}`)
            .join('&');
          // A compressed link's path starts with one of its initials (D: a GTIN's).
          const path = route.path
            .replace('{code}', `D${pathSegment(id)}`)
            .replace(/\{\w+\+?\}/g, pathSegment(id));
          const answer = await send(route.method, `${path}${search ? `?${search}` : ''}`, caller, {
            bytes: undefined,
            contentType: undefined,
          });
          expect(
            answer.status,
            `${key} ${path}?${search}: ${answer.text.slice(0, 300)}`,
          ).toBeLessThan(500);
          // A HEAD answer has no body to check.
          if (answer.status >= 400 && route.method !== 'HEAD') {
            checkErrorBody(answer.status, answer.contentType, answer.text);
          }
        }),
        { numRuns: Math.max(20, Math.round(runs / 4)) },
      );
    }
    expectUnchanged(before, await snapshot());
  }, 240_000);

  it('answers random GS1 Digital Link paths (keys, qualifiers, values, encodings) with 3xx or a standard 4xx, never 5xx', async () => {
    const segment = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('01', '21', '10', '22', '17', '99', '8006', '') },
      {
        weight: 2,
        arbitrary: fc.constantFrom('09506000134352', '9506000134352', '09506000134353'),
      },
      { weight: 2, arbitrary: hostileQueryValue },
      { weight: 1, arbitrary: fc.constantFrom(`${serialPrefix}00001`, '%2F', '%E4', '%', '..') },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/01/', '/id/'),
        fc.array(segment, { minLength: 1, maxLength: 7 }),
        fc.constantFrom('GET', 'HEAD', 'OPTIONS'),
        async (root, segments, method) => {
          const path = `${root}${segments.map((part) => (part.startsWith('%') ? part : pathSegment(part))).join('/')}`;
          const answer = await send(method, path, 'anonymous', {
            bytes: undefined,
            contentType: undefined,
          });
          expect(answer.status, `${method} ${path}: ${answer.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
          // `..` segments can lead the path out of the resolver (fetch resolves them):
          // a page path then, refused or served as CloudFront would, not by the API.
          const resolved = new URL(path, 'http://host').pathname;
          const resolver = /^\/(01|id)\//.test(resolved);
          if (answer.status >= 400 && method !== 'HEAD' && resolver) {
            checkErrorBody(answer.status, answer.contentType, answer.text);
          }
        },
      ),
      { numRuns: runs },
    );
  }, 120_000);

  // Request targets as a client may send them raw (fetch keeps `//` and escapes as given):
  // an empty first segment once made the local gateway read a host and end the stack.
  it('answers random raw request targets (empty segments, dot segments, bad escapes, any method) below 500, and keeps answering', async () => {
    const segment = fc.oneof(
      fc.constantFrom('', '..', '.', '%', '%ZZ', '%E4', '%2F', '%00', 'api', 'assets', '01', 'id'),
      fc.constantFrom('search', 'products', 'index.html', 'favicon.svg', '.well-known'),
      hostileQueryValue.map(pathSegment),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
        async (segments, method) => {
          const target = `/${segments.join('/')}`;
          const answer = await send(method, target, 'anonymous', {
            bytes: undefined,
            contentType: undefined,
          });
          expect(answer.status, `${method} ${target}: ${answer.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
        },
      ),
      { numRuns: runs },
    );
    expect((await fetch(`${stack.appUrl}/api/health`)).status).toBe(200);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------
// Numbers

/** JSON numbers the table cannot store as sent: too small, too large, beyond 2^53. */
const unstorableNumbers = [
  '1e-200',
  '5e-324',
  '-5e-324',
  '1e300',
  '-1e300',
  '9007199254740993',
  '9007199254740992',
  '1e16',
  '1e126',
  '123456789012345678901234567890123456789012',
];

describe('numbers the table cannot store', () => {
  /** Each number field of a JSON write, as a body with `@` where the number goes. */
  const numberFields = (): {
    key: string;
    path: string;
    caller: Target['caller'];
    field: string;
    body: string;
  }[] => {
    const product = (field: string) =>
      JSON.stringify({ ...productTemplate, name: `Fuzz Valve ${tag} N`, [field]: '@' });
    const productFields = [
      'temperatureMin',
      'temperatureMax',
      'pressureFC',
      'pressureWCB',
      'pressureSUS',
    ];
    return [
      ...productFields.map((field) => ({
        key: 'POST /api/products',
        path: '/api/products',
        caller: 'admin' as const,
        field,
        body: product(field),
      })),
      ...[...productFields, 'version'].map((field) => ({
        key: 'PUT /api/products/{id}',
        path: `/api/products/${fixture.productId}`,
        caller: 'admin' as const,
        field,
        body: JSON.stringify({ ...productTemplate, version: fixture.productVersion, [field]: '@' }),
      })),
      {
        key: 'PUT /api/serial-numbers/{id}',
        path: `/api/serial-numbers/${fixture.rangeId}`,
        caller: 'admin',
        field: 'version',
        body: JSON.stringify({ ...rangeTemplate(), version: '@' }),
      },
      {
        key: 'POST /api/machine-data/ingest',
        path: '/api/machine-data/ingest',
        caller: 'machine',
        field: 'results.0.value',
        body: JSON.stringify({ results: [{ ...ingestRow, value: '@' }] }),
      },
    ];
  };

  it('refuses each with 400 naming the field, stores nothing, in JSON and in CSV', async () => {
    const before = await settledSnapshot();
    for (const target of numberFields()) {
      for (const number of unstorableNumbers) {
        const text = target.body.replace('"@"', number);
        const answer = await send(target.key.split(' ')[0]!, target.path, target.caller, {
          bytes: Buffer.from(text),
          contentType: 'application/json',
        });
        const label = `${target.key} ${target.field}=${number}: ${answer.text.slice(0, 300)}`;
        expect(answer.status, label).toBe(400);
        checkErrorBody(answer.status, answer.contentType, answer.text);
        expect(Object.keys(JSON.parse(answer.text).error.fields ?? {}), label).toContain(
          target.field,
        );
      }
    }
    for (const number of [...unstorableNumbers, 'NaN', 'Infinity', '-Infinity', '0x10', '1e400']) {
      const csv = [
        testResultColumns.join(','),
        testResultColumns.map((name) => (name === 'value' ? number : resultRow[name])).join(','),
      ].join('\n');
      const answer = await send('POST', '/api/machine-data', 'admin', {
        bytes: Buffer.from(csv),
        contentType: 'text/csv',
      });
      expect(answer.status, `CSV value ${number}: ${answer.text}`).toBe(400);
      expect(Object.keys(JSON.parse(answer.text).error.fields)).toEqual(['row 2.value']);
    }
    expectUnchanged(before, await snapshot());
  }, 60_000);

  it('stores -0 as 0, exponent forms as their number, and a measured value to 15 digits', async () => {
    const created = await callApi<{ id: string; temperatureMin: number; pressureFC: number }>(
      stack,
      '/api/products',
      {
        method: 'POST',
        token: adminToken,
        body: `{"name":"Fuzz Valve ${tag} Z","temperatureMin":-0,"temperatureMax":1.5e2,"fluid":"water","connection":"Flanged","pressureFC":2.5E1}`,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.is(created.body.temperatureMin, 0)).toBe(true);
    expect(created.body.pressureFC).toBe(25);
    const stored = await reader.get(keys.product(created.body.id));
    expect(stored).toMatchObject({ temperatureMin: 0, temperatureMax: 150, pressureFC: 25 });

    const serialNumber = `${serialPrefix}00002`;
    const ingested = await send('POST', '/api/machine-data/ingest', 'machine', {
      bytes: Buffer.from(
        `{"results":[{"serialNumber":"${serialNumber}","testName":"Sum","result":"pass","value":0.30000000000000004,"testedAt":"2026-06-01T08:00:00Z"},` +
          `{"serialNumber":"${serialNumber}","testName":"Leak","result":"pass","value":1e-12,"testedAt":"2026-06-01T08:00:00Z"}]}`,
      ),
      contentType: 'application/json',
    });
    expect(ingested.status, ingested.text).toBe(200);
    const history = await callApi<{ items: { testName: string; value: number }[] }>(
      stack,
      `/api/machine-data?serial=${serialNumber}`,
      { token: adminToken },
    );
    const values = Object.fromEntries(
      history.body.items.map((item) => [item.testName, item.value]),
    );
    expect(values).toEqual({ Sum: 0.3, Leak: 1e-12 });
  });
});
