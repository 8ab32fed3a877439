import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import { gtinCheckDigit } from '../../lambdas/shared/contract/gs1';
import { message } from '../../lambdas/shared/contract/messages';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { DashboardFigures } from '../../lambdas/shared/contract/schemas/dashboard';
import {
  finishedImportStatuses,
  importBodyLimitBytes,
  maxImportRows,
  type ImportJob,
  type ImportSummary,
} from '../../lambdas/shared/contract/schemas/imports';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { keys } from '../../lambdas/shared/keys';
import { partCuts } from '../../web/src/components/import/import-flow';
import { productsCsv } from '../../web/src/features/products/product-csv';
import { serialRangesCsv } from '../../web/src/features/serial-numbers/serial-csv';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo, type StackProcess } from '../support/stack-process';
import { tableReader } from '../support/table';

/**
 * A stack of this file's own (the integration-own-stacks project): the whole 5,000-row files
 * it stores (about 85,000 items) would slow every test of the shared stack that scans it.
 */
let own: StackProcess;
let stack: StackInfo;
let reader: ReturnType<typeof tableReader>;
let token: string;
const tag = randomUUID().slice(0, 6).toUpperCase();
const as = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token });

type Answer = { status: number; body: ImportSummary & Partial<ErrorBody> };

async function importFile(
  what: 'products' | 'serial-numbers',
  csv: string,
  query: Record<string, string> = {},
): Promise<Answer> {
  const search = new URLSearchParams({ fileName: `${what}-${tag}.csv`, ...query });
  const response = await fetch(`${stack.appUrl}/api/${what}/import?${search}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const counters = async () => (await as<DashboardFigures>('/api/dashboard')).body;

/**
 * Sends a file to be imported (202: checked and queued) and follows the import until it is
 * over, as the page does: its last state, and each count of rows written seen on the way.
 */
async function importAndWait(
  what: 'products' | 'serial-numbers',
  csv: string | Promise<Answer>,
): Promise<{ job: ImportJob; seen: number[] }> {
  const accepted = typeof csv === 'string' ? await importFile(what, csv) : await csv;
  expect(accepted.status, JSON.stringify(accepted.body).slice(0, 500)).toBe(202);
  const queued = accepted.body as unknown as ImportJob;
  expect(queued).toMatchObject({ status: 'queued', written: 0, error: null });
  const seen: number[] = [];
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { status, body } = await as<ImportJob>(`/api/imports/${queued.id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    if (finishedImportStatuses.includes(body.status)) return { job: body, seen };
    seen.push(body.written);
    if (Date.now() > deadline) throw new Error(`The import is still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The products of the file another writer gets in the way of: few, so the rival's write
 * lands while the import writes (DynamoDB Local writes a few hundred items a second and a
 * product is about 13 items with its search words). The full-size files are stored whole.
 */
const conflictProducts = 60;

/** Waits until `ready` says the import's writing has begun (its check is over), then answers. */
async function whenWriting(ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('The import never began writing');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A valid GTIN-14 of this run: unique per `n`. */
const base = String(randomInt(10_000, 99_999));
const gtin = (n: number) => {
  const body = `2${base}${String(n).padStart(7, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

const now = new Date().toISOString();
/** A product as the list exports it (the export's own columns filled, as a real export). */
const exported = (n: number, fields: Partial<Product> = {}): Product => ({
  id: randomUUID(),
  name: `Import ${tag} Valve ${n}`,
  nameZh: `匯入閥 ${tag} ${n}`,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged, ASME B16.5 Class 150',
  connectionZh: '法蘭',
  pressureFC: 16,
  pressureWCB: n % 3 === 0 ? null : 25,
  pressureSUS: null,
  application: n % 2 ? '-40 °C service' : null,
  applicationZh: null,
  applicationMedium: 'Water',
  applicationMediumZh: '水',
  gtin: n % 2 ? gtin(n) : null,
  planVersion: null,
  version: 3,
  createdAt: now,
  updatedAt: now,
  createdBy: 'someone@example.com',
  updatedBy: 'someone@example.com',
  ...fields,
});

beforeAll(async () => {
  own = await startStackProcess();
  stack = own.info;
  reader = tableReader(stack);
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
}, 180_000);
afterAll(async () => {
  reader?.destroy();
  await own?.stop();
});

describe('a product import', () => {
  let taken: Product;
  const rows = maxImportRows;
  /** The file's problems, by the API's name: what the refusal must name, each. */
  const expected = new Map<string, string>();
  let badFile: string;

  beforeAll(async () => {
    const created = await as<Product>('/api/products', {
      method: 'POST',
      body: {
        ...Object.fromEntries(
          Object.entries(exported(900_001)).filter(
            ([name]) =>
              ![
                'id',
                'planVersion',
                'version',
                'createdAt',
                'updatedAt',
                'createdBy',
                'updatedBy',
              ].includes(name),
          ),
        ),
        name: `Import ${tag} Taken`,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    taken = created.body;

    const line = (index: number) => index + 2;
    const products = Array.from({ length: rows }, (_, index) => exported(index));
    const set = (
      index: number,
      fields: Partial<Product>,
      field: string,
      key: string,
      params = {},
    ) => {
      products[index] = { ...products[index]!, ...fields };
      expected.set(`row ${line(index)}.${field}`, message(key as never, params));
    };
    set(10, { fluid: 'lava' as Product['fluid'] }, 'fluid', 'validation.invalid');
    set(20, { name: '' }, 'name', 'validation.required');
    set(
      30,
      { temperatureMin: 200, temperatureMax: 100 },
      'temperatureMax',
      'validation.temperatureOrder',
    );
    set(40, { name: `Import ${tag} ${'L'.repeat(120)}` }, 'name', 'validation.tooLong', {
      max: 120,
    });
    set(50, { connection: 'Flanged\u0007' }, 'connection', 'validation.controlChars');
    set(60, { nameZh: '閘閥 🙂' }, 'nameZh', 'validation.pdfCharacters', {
      characters: '🙂 (U+1F642)',
    });
    set(
      70,
      { gtin: `${gtin(70).slice(0, -1)}${(Number(gtin(70).at(-1)) + 1) % 10}` },
      'gtin',
      'validation.gtinCheckDigit',
      { expected: Number(gtin(70).at(-1)) },
    );
    set(80, { name: `import ${tag} valve 79` }, 'name', 'validation.duplicateInFile', {
      line: line(79),
    });
    set(91, { gtin: gtin(89) }, 'gtin', 'validation.duplicateInFile', { line: line(89) });
    set(100, { name: taken.name.toUpperCase() }, 'name', 'errors.productNameTaken');
    set(111, { gtin: taken.gtin }, 'gtin', 'errors.gtinTaken');
    set(150, { temperatureMax: 5000 }, 'temperatureMax', 'validation.numberMax', { max: 1200 });
    // Past the first 1,000 listed problems (lines 2002–3501 below): counted, not listed.
    set(rows - 1, { fluid: '' as Product['fluid'] }, 'fluid', 'validation.required');
    // 1,500 rows of one problem: the answer lists the first 1,000 and counts them all.
    for (let index = 2000; index < 3500; index++) {
      products[index] = { ...products[index]!, pressureFC: -1 };
    }
    const csv = productsCsv(products).split('\r\n');
    // An extra cell the first line names no column for; a column the import does not know.
    csv[0] += ',,colour';
    csv[line(130) - 1] += ',,,surplus';
    expected.set(
      `row ${line(130)}._`,
      message('validation.extraCells', { cells: 22, columns: 21 }),
    );
    csv[line(140) - 1] += ',,red';
    expected.set(`row ${line(140)}.colour`, message('validation.unknownField'));
    badFile = csv.join('\r\n');
  }, 60_000);

  it('names every problem of a 5,000-row file in one answer and stores nothing', async () => {
    const before = await counters();
    const answer = await importFile('products', badFile);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(400);
    const { error } = answer.body;
    expect(error?.messageKey).toBe('errors.importRefused');
    expect(error?.params).toEqual({ problems: expected.size + 1500, listed: 1000 });
    const fields = error?.fields ?? {};
    expect(Object.keys(fields)).toHaveLength(1000);
    // Every problem before line 2002 is listed, each in the catalogue's words.
    for (const [name, text] of expected) {
      if (name === `row ${rows + 1}.fluid`) {
        expect(fields[name]).toBeUndefined();
        continue;
      }
      expect(fields[name], name).toBe(text);
    }
    expect(fields['row 2002.pressureFC']).toBe(message('validation.numberMin', { min: 0 }));
    // Reading order: by line.
    const lines = Object.keys(fields).map((name) => Number(/^row (\d+)\./.exec(name)![1]));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    // Nothing stored: the counters, and no product of the file.
    const after = await counters();
    expect(after.products).toBe(before.products);
    expect(await reader.get(keys.productName(`Import ${tag} Valve 0`))).toBeUndefined();
  }, 120_000);

  it('checks the corrected file on a dry run, then stores the whole 5,000-row file through the import worker, audited as one batch', async () => {
    const products = Array.from({ length: rows }, (_, index) => exported(index));
    const before = await counters();
    const dry = await importFile('products', productsCsv(products), { dryRun: 'true' });
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(dry.body).toEqual({ rows, created: 0, dryRun: true, batchId: null });
    expect((await counters()).products).toBe(before.products);
    expect(await reader.get(keys.productName(`Import ${tag} Valve 0`))).toBeUndefined();

    // The whole 5,000-row file, written by the import worker.
    const last = rows - 1;
    const { job: stored } = await importAndWait('products', productsCsv(products));
    expect(stored).toMatchObject({
      kind: 'product',
      status: 'stored',
      rows: rows,
      written: rows,
      fileName: `products-${tag}.csv`,
      error: null,
    });
    expect((await counters()).products).toBe(before.products! + rows);

    // The round trip: what the list answers is what the file said (its own columns aside).
    // Found by its number (every product of the file shares the other words).
    const found = await as<{ items: Product[] }>(
      `/api/products?sort=name&filter=${encodeURIComponent(`Valve ${last}`)}`,
    );
    const named = found.body.items.filter((item) => item.name === `Import ${tag} Valve ${last}`);
    expect(named).toHaveLength(1);
    const { id, version, createdAt, updatedAt, createdBy, updatedBy, ...fields } = named[0]!;
    const ownColumns = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
    const sent = Object.fromEntries(
      Object.entries(exported(last)).filter(([name]) => !ownColumns.includes(name)),
    );
    expect(fields).toEqual(sent);
    expect(version).toBe(1);
    expect([id, createdAt, updatedAt, createdBy, updatedBy]).not.toContain(undefined);

    // One entry of the import's own per transaction, and the product's own create, both
    // naming the batch with the file's name and rows.
    const batch = {
      id: stored.id,
      fileName: `products-${tag}.csv`,
      rows: rows,
    };
    const parts = await as<{ items: AuditEntry[] }>(
      `/api/audit?entity=import&id=${stored.id}&limit=1000`,
    );
    expect(parts.status).toBe(200);
    expect(parts.body.items.length).toBeGreaterThan(rows / 15);
    expect(
      parts.body.items.reduce((sum, entry) => sum + Number(entry.changes.created?.to), 0),
    ).toBe(rows);
    for (const entry of parts.body.items) {
      expect(entry).toMatchObject({ action: 'import', batch, subjectLabel: batch.fileName });
    }
    const history = await as<{ items: AuditEntry[] }>(`/api/audit?entity=product&id=${id}`);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        action: 'create',
        batch,
        subjectLabel: `Import ${tag} Valve ${last}`,
      }),
    ]);
  }, 900_000);

  it('refuses a file over the row limit or the size limit before reading its rows', async () => {
    const tooMany = productsCsv(
      Array.from({ length: rows + 1 }, (_, index) => exported(100_000 + index)),
    );
    const answer = await importFile('products', tooMany);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      messageKey: 'errors.importTooManyRows',
      params: { max: rows, rows: rows + 1 },
    });
    const tooLarge = await importFile('products', 'name\r\n' + 'x'.repeat(importBodyLimitBytes));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({
      code: 'payload-too-large',
      messageKey: 'errors.fileTooLarge',
      params: { megabytes: 3 },
    });
  }, 60_000);

  it('answers not-found for an import it does not know', async () => {
    const answer = await as<ErrorBody>(`/api/imports/${randomUUID()}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'not-found' });
  });

  /** Sends a file's parts, cut as the page cuts them (`limit`: the largest part). */
  async function sendParts(
    file: Buffer,
    limit: number,
  ): Promise<{ uploadId: string; parts: string }> {
    const uploadId = randomUUID();
    const cuts = partCuts(file, limit);
    for (let part = 1; part < cuts.length; part++) {
      const sent = await fetch(`${stack.appUrl}/api/imports/uploads/${uploadId}/parts/${part}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: new Uint8Array(file.subarray(cuts[part - 1], cuts[part])),
      });
      expect(sent.status, await sent.text()).toBe(204);
    }
    return { uploadId, parts: String(cuts.length - 1) };
  }

  it('takes a file over 3 MB in parts, checks it whole, and stores a file sent in parts', async () => {
    // Every text of both languages at its longest: about 2.6 kB a row, 3.3 MB in all.
    const long = (text: string, length: number) => text.repeat(length).slice(0, length);
    const longest = (n: number) =>
      exported(300_000 + n, {
        name: `Parts ${tag} ${n} ${long('Long valve name ', 120)}`.slice(0, 120),
        nameZh: long('閘閥', 120),
        connection: long('Flanged ', 100),
        connectionZh: long('法蘭', 100),
        application: long('Steam and hot water ', 200),
        applicationZh: long('蒸汽與熱水', 200),
        applicationMedium: long('Water ', 200),
        applicationMediumZh: long('水', 200),
        gtin: null,
      });
    const large = Buffer.from(productsCsv(Array.from({ length: 1_300 }, (_, n) => longest(n))));
    expect(large.length).toBeGreaterThan(importBodyLimitBytes);
    expect((await importFile('products', large.toString())).status).toBe(413);
    const upload = await sendParts(large, importBodyLimitBytes);
    expect(upload.parts).toBe('2');
    const dry = await importFile('products', '', { ...upload, dryRun: 'true' });
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(dry.body).toEqual({ rows: 1_300, created: 0, dryRun: true, batchId: null });
    // A part that never arrived is named; a body beside the upload is refused.
    const missing = await importFile('products', '', { ...upload, parts: '3', dryRun: 'true' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      messageKey: 'errors.importPartMissing',
      params: { part: 3 },
    });
    const both = await importFile('products', 'name\r\n', { ...upload, dryRun: 'true' });
    expect(both.status).toBe(400);
    expect(both.body.error?.messageKey).toBe('errors.importBodyWithUpload');

    // Stored from parts (a small file here: writing is the slow part on this stack), cut at
    // line ends into parts of 20 kB.
    const small = Array.from({ length: 40 }, (_, n) => longest(5_000 + n));
    const file = Buffer.from(productsCsv(small));
    const parts = await sendParts(file, 20_000);
    expect(Number(parts.parts)).toBeGreaterThan(2);
    const before = await counters();
    const { job } = await importAndWait('products', importFile('products', '', parts));
    expect(job).toMatchObject({ status: 'stored', rows: 40, written: 40 });
    expect((await counters()).products).toBe(before.products! + 40);
    // Its last row stored whole, its Chinese texts intact.
    const claim = (await reader.get(keys.productName(small.at(-1)!.name))) as {
      productId: string;
    };
    const stored = await as<Product>(`/api/products/${claim.productId}`);
    expect(stored.body).toMatchObject({
      nameZh: long('閘閥', 120),
      applicationMediumZh: long('水', 200),
    });
  }, 300_000);

  it('undoes what it wrote when someone takes a name of the file meanwhile', async () => {
    const products = Array.from({ length: conflictProducts }, (_, index) =>
      exported(200_000 + index),
    );
    const file = productsCsv(products);
    const last = products.at(-1)!;
    const before = await counters();
    // Another writer takes the last row's name once the import is writing (its check passed):
    // the import's parts go in file order, the last row's last.
    const pending = importFile('products', file);
    await whenWriting(
      async () => (await reader.get(keys.productName(products[0]!.name))) !== undefined,
    );
    const rival = await as<Product>('/api/products', {
      method: 'POST',
      body: {
        ...Object.fromEntries(
          Object.entries(last).filter(
            ([name]) =>
              ![
                'id',
                'planVersion',
                'version',
                'createdAt',
                'updatedAt',
                'createdBy',
                'updatedBy',
                'gtin',
              ].includes(name),
          ),
        ),
      },
    });
    expect(rival.status, JSON.stringify(rival.body)).toBe(201);
    const { job } = await importAndWait('products', pending);
    expect(job).toMatchObject({ status: 'refused', written: 0 });
    expect(job.error).toMatchObject({
      code: 'already-exists',
      messageKey: 'errors.importConflict',
      fields: { [`row ${conflictProducts + 1}.name`]: message('errors.productNameTaken') },
    });
    // Nothing of it stayed: the counters (the rival's product aside), the first and a
    // middle product of the file, with their claims.
    expect((await counters()).products).toBe(before.products! + 1);
    for (const product of [products[0]!, products[30]!]) {
      expect(await reader.get(keys.productName(product.name))).toBeUndefined();
    }
    expect(await reader.get(keys.productGtin(products[1]!.gtin!))).toBeUndefined();
    expect(await reader.get(keys.productName(last.name))).toMatchObject({
      productId: rival.body.id,
    });
  }, 120_000);
});

describe('a serial number range import', () => {
  const prefix = `IM${tag}-`;
  const serial = (n: number) => `${prefix}${String(n).padStart(7, '0')}`;
  let single: Product;
  let multi: Product;
  let withGtin: Product;
  let stored: SerialRange;
  const rows = 2_000;
  const expected = new Map<string, string>();

  const product = async (name: string, fields: Partial<Product>) => {
    const created = await as<Product>('/api/products', {
      method: 'POST',
      body: {
        name,
        temperatureMin: 0,
        temperatureMax: 100,
        fluid: 'oil',
        connection: 'Wafer',
        pressureFC: null,
        pressureWCB: 20,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
        ...fields,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };

  /** A range as the list exports it: 10 units, its product by name. */
  const range = (n: number, of: Product, fields: Partial<SerialRange> = {}): SerialRange => ({
    id: randomUUID(),
    productId: randomUUID(),
    startSerial: serial(n * 10 + 1),
    endSerial: serial(n * 10 + 10),
    totalUnits: 10,
    productionDate: '2026-03-01',
    gtin: null,
    bodyMaterial: of === multi ? 'SUS' : null,
    version: 2,
    createdAt: now,
    updatedAt: now,
    createdBy: 'someone@example.com',
    updatedBy: 'someone@example.com',
    ...fields,
  });
  const ofRow = (n: number) => [single, multi, withGtin][n % 3]!;
  /** The export: each range with its product's id and name (the import reads the name). */
  const csvOf = (ranges: SerialRange[], products: Product[] = ranges.map((_, n) => ofRow(n))) =>
    serialRangesCsv(
      ranges.map((item, index) => ({ ...item, productId: products[index]!.id })),
      new Map(products.map((item) => [item.id, item])),
    );

  beforeAll(async () => {
    single = await product(`Import ${tag} Single`, {});
    multi = await product(`Import ${tag} Multi`, { pressureFC: 10, pressureSUS: 40 });
    withGtin = await product(`Import ${tag} Gtin`, { gtin: gtin(5_000_000) });
    const created = await as<SerialRange>('/api/serial-numbers', {
      method: 'POST',
      body: {
        productId: single.id,
        startSerial: serial(900_001),
        endSerial: serial(900_100),
        productionDate: '2026-01-01',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    stored = created.body;
  });

  it('names every problem of a 2,000-row file in one answer and stores nothing', async () => {
    const ranges = Array.from({ length: rows }, (_, n) => range(n, ofRow(n)));
    const products = ranges.map((_, n) => ofRow(n));
    const line = (index: number) => index + 2;
    const unknown = { ...single, id: randomUUID(), name: `Import ${tag} Nowhere` };
    const set = (
      index: number,
      fields: Partial<SerialRange>,
      field: string,
      key: string,
      params = {},
      of?: Product,
    ) => {
      ranges[index] = { ...ranges[index]!, ...fields };
      if (of) products[index] = of;
      expected.set(`row ${line(index)}.${field}`, message(key as never, params));
    };
    set(5, {}, 'productName', 'validation.productUnknown', {}, unknown);
    set(16, { bodyMaterial: null }, 'bodyMaterial', 'validation.materialRequired');
    set(27, { bodyMaterial: 'SUS' }, 'bodyMaterial', 'validation.materialNotRated', {
      material: 'SUS',
    });
    set(33, { startSerial: 'bad serial!' }, 'startSerial', 'validation.serialFormat');
    set(45, { endSerial: serial(1) }, 'endSerial', 'validation.serialOrder');
    set(
      57,
      { endSerial: `XX-${String(580).padStart(7, '0')}` },
      'endSerial',
      'validation.serialPrefix',
    );
    set(
      66,
      { startSerial: serial(655), endSerial: serial(670) },
      'startSerial',
      'validation.rangeOverlapInFile',
      { line: line(65) },
    );
    set(
      75,
      { startSerial: serial(900_050), endSerial: serial(900_200) },
      'startSerial',
      'errors.serialRangeOverlap',
      { conflict: `${stored.startSerial} – ${stored.endSerial}` },
    );
    set(
      86,
      { startSerial: `LONGPREFIX-${tag}-00000001`, endSerial: `LONGPREFIX-${tag}-00000009` },
      'startSerial',
      'validation.serialTooLongForGtin',
      { max: 20 },
    );
    set(95, { productionDate: '2026-02-30' }, 'productionDate', 'validation.date');
    set(
      105,
      { startSerial: `${prefix}000000001`, endSerial: `${prefix}200000000` },
      'endSerial',
      'validation.rangeSize',
      { max: 100_000_000 },
    );
    expect(ofRow(86)).toBe(withGtin);
    const before = await counters();
    const answer = await importFile('serial-numbers', csvOf(ranges, products));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 800)).toBe(400);
    expect(answer.body.error?.messageKey).toBe('errors.importRefused');
    expect(answer.body.error?.params).toEqual({ problems: expected.size, listed: expected.size });
    expect(answer.body.error?.fields).toEqual(Object.fromEntries(expected));
    const after = await counters();
    expect([after.serialRanges, after.units]).toEqual([before.serialRanges, before.units]);
    const listed = await as<{ items: SerialRange[] }>(
      `/api/serial-numbers?filter=${prefix}&limit=10`,
    );
    expect(listed.body.items.map((item) => item.id)).toEqual([stored.id]);
  }, 120_000);

  it('checks the corrected file on a dry run, then stores a whole 5,000-row file, with the counters and each product’s range count', async () => {
    const ranges = Array.from({ length: rows }, (_, n) => range(n, ofRow(n)));
    const before = await counters();
    const dry = await importFile('serial-numbers', csvOf(ranges), { dryRun: '1' });
    expect(dry.status, JSON.stringify(dry.body).slice(0, 800)).toBe(200);
    expect(dry.body).toEqual({ rows, created: 0, dryRun: true, batchId: null });
    // The whole file, 5,000 rows: written by the import worker in parts, its progress
    // followed as the page follows it (the request itself only checks and queues it).
    const whole = Array.from({ length: maxImportRows }, (_, n) => range(n, ofRow(n)));
    const stored = whole;
    const { job, seen } = await importAndWait('serial-numbers', csvOf(whole));
    expect(job).toMatchObject({
      kind: 'serial-range',
      status: 'stored',
      rows: maxImportRows,
      written: maxImportRows,
      error: null,
    });
    // Rows written were counted on the way, never more than the file and never backwards.
    expect(seen.some((written) => written > 0 && written < maxImportRows)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const after = await counters();
    expect(after.serialRanges).toBe(before.serialRanges! + maxImportRows);
    expect(after.units).toBe(before.units! + maxImportRows * 10);
    const ofMulti = await as<{ total: number; items: SerialRange[] }>(
      `/api/serial-numbers?productId=${multi.id}&limit=1`,
    );
    expect(ofMulti.body.total).toBe(stored.filter((_, n) => ofRow(n) === multi).length);
    expect(ofMulti.body.items[0]).toMatchObject({
      bodyMaterial: 'SUS',
      productionDate: '2026-03-01',
    });
    const unit = await as<SerialRange>(`/api/serial-numbers/lookup?serial=${serial(15)}`);
    expect(unit.body).toMatchObject({
      startSerial: serial(11),
      endSerial: serial(20),
      productId: multi.id,
    });
    const ofGtin = await as<SerialRange>(`/api/serial-numbers/lookup?serial=${serial(25)}`);
    expect(ofGtin.body).toMatchObject({ productId: withGtin.id, gtin: withGtin.gtin });
  }, 600_000);

  it('undoes the parts it wrote when someone stores an overlapping range meanwhile', async () => {
    // Two partitions: the first's parts are written before the second's meets the rival.
    const first = `IMA${tag}-`;
    const second = `IMZ${tag}-`;
    const ranges = [
      ...Array.from({ length: 250 }, (_, n) =>
        range(n, single, {
          startSerial: `${first}${String(n * 10 + 1).padStart(6, '0')}`,
          endSerial: `${first}${String(n * 10 + 10).padStart(6, '0')}`,
        }),
      ),
      ...Array.from({ length: 50 }, (_, n) =>
        range(n, single, {
          startSerial: `${second}${String(n * 10 + 1).padStart(6, '0')}`,
          endSerial: `${second}${String(n * 10 + 10).padStart(6, '0')}`,
        }),
      ),
    ];
    const file = csvOf(
      ranges,
      ranges.map(() => single),
    );
    expect((await importFile('serial-numbers', file, { dryRun: 'true' })).status).toBe(200);
    const before = await counters();
    const rangesOfSingle = (
      await as<{ total: number }>(`/api/serial-numbers?productId=${single.id}&limit=1`)
    ).body.total;
    // Another writer stores a range over the second partition's once the import is writing
    // (its check passed): the import writes the partitions in order, the first's parts first.
    const pending = importFile('serial-numbers', file);
    await whenWriting(
      async () => (await as(`/api/serial-numbers/lookup?serial=${first}000001`)).status === 200,
    );
    const rival = await as<SerialRange>('/api/serial-numbers', {
      method: 'POST',
      body: {
        productId: single.id,
        startSerial: `${second}000495`,
        endSerial: `${second}000600`,
        productionDate: '2026-01-01',
      },
    });
    expect(rival.status, JSON.stringify(rival.body)).toBe(201);
    const { job } = await importAndWait('serial-numbers', pending);
    expect(job).toMatchObject({ status: 'refused', written: 0 });
    expect(job.error).toMatchObject({
      messageKey: 'errors.importConflict',
      fields: {
        'row 301.startSerial': message('errors.serialRangeOverlap', {
          conflict: `${second}000495 – ${second}000600`,
        }),
      },
    });
    // Nothing of it stayed: the counters and the product's ranges (the rival's aside).
    const after = await counters();
    expect([after.serialRanges, after.units]).toEqual([
      before.serialRanges! + 1,
      before.units! + rival.body.totalUnits,
    ]);
    expect(
      (await as<{ total: number }>(`/api/serial-numbers?productId=${single.id}&limit=1`)).body
        .total,
    ).toBe(rangesOfSingle + 1);
    expect((await as(`/api/serial-numbers/lookup?serial=${first}000001`)).status).toBe(404);
  }, 120_000);
});
