import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gtinCheckDigit, toGtin14 } from '../../lambdas/shared/contract/gs1';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { productSearchWords } from '../../lambdas/shared/contract/search-words';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { tableReader } from '../support/table';

/**
 * The product search (docs/data-model.md, "Product search") through the API, on the real
 * table: any word of a stored product's names, and its GTIN in any length it is typed in,
 * finds it; a word a rename removed no longer does; a product stored before the index is
 * found once the data migration ran.
 */
const stack = inject('stack');
const reader = tableReader(stack);
let token: string;
const as = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token });

/** Letters only: a unique word is one word (letters meeting digits would split it). */
const letters = (value: number, length: number) =>
  Array.from({ length }, (_, index) =>
    String.fromCharCode(97 + (Math.floor(value / 26 ** index) % 26)),
  ).join('');
/** Makes each run's names unique in the shared stack (names are claimed). */
const tag = letters(Number.parseInt(randomUUID().slice(0, 8), 16), 6);
let run = 0;

const fields = (name: string, nameZh: string | null, gtin: string | null) => ({
  name,
  nameZh,
  gtin,
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
});

/** The ids of every product `filter` finds, through all its pages. */
async function found(filter: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({
      filter,
      limit: '1000',
      ...(cursor ? { cursor } : {}),
    });
    const page: { status: number; body: { items: Product[]; nextCursor: string | null } } =
      await as<{ items: Product[]; nextCursor: string | null }>(
        `/api/products?${query.toString()}`,
      );
    expect(page.status, `${filter}: ${JSON.stringify(page.body)}`).toBe(200);
    ids.push(...page.body.items.map((product) => product.id));
    cursor = page.body.nextCursor;
  } while (cursor);
  return ids;
}

/** Full-width forms of ASCII letters and digits, as an IME types them. */
const fullWidth = (text: string) =>
  text.replace(/[0-9A-Za-z]/g, (character) =>
    String.fromCodePoint(character.codePointAt(0)! + 0xfee0),
  );

const latinWord = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,9}$/);
const modelCode = fc
  .tuple(fc.stringMatching(/^[A-Z]{1,3}$/), fc.integer({ min: 1, max: 99999 }))
  .map(([letters, number]) => `${letters}-${number}`);
const chineseRun = fc
  .array(fc.constantFrom(...'閘閥球蝶截止鑄鋼法蘭不鏽逆止安全'), { minLength: 1, maxLength: 6 })
  .map((characters) => characters.join(''));
/** A valid GTIN of 8, 12, 13 or 14 digits (not all zero before the check digit). */
const gtin = fc
  .tuple(fc.constantFrom(8, 12, 13, 14), fc.bigInt({ min: 1n, max: 10n ** 13n - 1n }))
  .map(([length, body]) => {
    const digits = String(body)
      .padStart(length - 1, '0')
      .slice(-(length - 1));
    const safe = /^0+$/.test(digits) ? `${digits.slice(0, -1)}7` : digits;
    return `${safe}${gtinCheckDigit(safe)}`;
  });

const productArbitrary = fc.record({
  words: fc.array(fc.oneof(latinWord, modelCode), { minLength: 1, maxLength: 5 }),
  zh: fc.option(fc.tuple(chineseRun, fc.option(modelCode, { nil: null })), { nil: null }),
  gtin: fc.option(gtin, { nil: null }),
  pick: fc.nat(),
  cut: fc.nat(),
  wide: fc.boolean(),
  upper: fc.boolean(),
});

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
});
afterAll(() => reader.destroy());

describe('product search', () => {
  it('finds a product by any word of its names and by its GTIN; a rename stops the removed words', async () => {
    await fc.assert(
      fc.asyncProperty(productArbitrary, async (generated) => {
        const unique = `S${tag}${letters(run++, 3)}`;
        const name = [...generated.words, unique].join(' ');
        const nameZh = generated.zh
          ? [generated.zh[0], generated.zh[1]].filter(Boolean).join(' ')
          : null;
        const created = await as<Product>('/api/products', {
          method: 'POST',
          body: fields(name, nameZh, generated.gtin),
        });
        if (created.status === 409) return; // the generated GTIN is another run's
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id;

        // Any word of either name, alone, as typed or in full width and another case.
        const typed = (word: string) => {
          const cased = generated.upper ? word.toUpperCase() : word.toLowerCase();
          return generated.wide ? fullWidth(cased) : cased;
        };
        const words = [...name.split(' '), ...(nameZh ? nameZh.split(' ') : [])];
        const word = words[generated.pick % words.length]!;
        expect(await found(typed(word)), `${word} of ${name} / ${nameZh}`).toContain(id);
        // Several words: all of them (AND), the last one perhaps only its start.
        const start = word.slice(0, 1 + (generated.cut % word.length));
        expect(await found(`${unique} ${start}`), `${unique} ${start}`).toContain(id);
        // A part of the Chinese run.
        if (generated.zh) {
          const run = Array.from(generated.zh[0]);
          const from = generated.cut % run.length;
          const part = run.slice(from, from + 1 + (generated.pick % (run.length - from))).join('');
          expect(await found(part), `${part} of ${nameZh}`).toContain(id);
        }
        // The GTIN as typed, and as GTIN-14.
        if (generated.gtin) {
          expect(await found(generated.gtin)).toContain(id);
          expect(await found(toGtin14(generated.gtin))).toContain(id);
        }

        // Renamed without a word: that word no longer finds it (with its unique word, so
        // no other product's same word hides the answer), the new one does.
        const removed = generated.words[generated.pick % generated.words.length]!;
        const renamed = `Renamed ${unique}`;
        const updated = await as<Product>(`/api/products/${id}`, {
          method: 'PUT',
          body: { ...fields(renamed, null, generated.gtin), version: 1 },
        });
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        // The removed word whole (not the last word): only a product with that word is found.
        if (removed.toLowerCase() !== 'renamed') {
          expect(await found(`${removed} ${unique}`), removed).not.toContain(id);
        }
        expect(await found(`renamed ${unique}`)).toContain(id);
        if (generated.zh) expect(await found(generated.zh[0])).not.toContain(id);

        // Deleted: found by nothing, and no index entry left behind.
        expect((await as(`/api/products/${id}`, { method: 'DELETE' })).status).toBe(200);
        expect(await found(unique)).not.toContain(id);
        const entries = [
          ...productSearchWords({
            name,
            nameZh,
            gtin: generated.gtin && toGtin14(generated.gtin),
          }).map((word) => keys.productWord(word, name, id)),
          ...productSearchWords({
            name: renamed,
            gtin: generated.gtin && toGtin14(generated.gtin),
          }).map((word) => keys.productWord(word, renamed, id)),
        ];
        for (const key of entries) expect(await reader.get(key), key.sk).toBeUndefined();
      }),
      { numRuns: 12 },
    );
  });

  it('pages through many matches with the cursor, each product once', async () => {
    const word = `p${tag}`;
    const ids: string[] = [];
    for (let index = 0; index < 7; index++) {
      // Two words starting with the searched text: still one row per product.
      const name = `${word}x${index} ${word}y${index} Page ${index}`;
      const created = await as<Product>('/api/products', {
        method: 'POST',
        body: fields(name, null, null),
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: URLSearchParams = new URLSearchParams({
        filter: word,
        limit: '3',
        ...(cursor ? { cursor } : {}),
      });
      const page: {
        status: number;
        body: { items: Product[]; nextCursor: string | null; total: number | null };
      } = await as<{ items: Product[]; nextCursor: string | null; total: number | null }>(
        `/api/products?${query.toString()}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.total).toBeNull();
      seen.push(...page.body.items.map((product) => product.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('indexes a product stored before the search index when the data migration runs', async () => {
    const name = `Legacy Valve LV-${tag}`;
    const created = await as<Product>('/api/products', {
      method: 'POST',
      body: fields(name, '舊閥', null),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // As the code before the index stored it: no entries, no recorded words.
    const item = await reader.get(keys.product(id));
    for (const word of productSearchWords({ name, nameZh: '舊閥' })) {
      await reader.remove(keys.productWord(word, name, id));
    }
    const legacy = { ...item! };
    delete legacy.searchWords;
    await reader.put(legacy);
    expect(await found(`LV-${tag}`)).not.toContain(id);

    // The migration, run here against the stack's table as the deploy would.
    Object.assign(process.env, {
      LOG_LEVEL: 'silent',
      TABLE_NAME: stack.resources.tableName,
      DYNAMODB_ENDPOINT: stack.endpoints.dynamodb,
      USER_POOL_ID: 'us-east-1_local',
      USER_POOL_CLIENT_ID: 'local',
      REPORTS_BUCKET: 'reports',
      MAIL_FROM: 'reports@example.com',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const { migrateProductSearch } = await import('../../lambdas/migrations/product-search');
    const summary = await migrateProductSearch();
    expect(summary.indexed).toBeGreaterThanOrEqual(1);
    expect(await found(`LV-${tag}`)).toEqual([id]);
    expect(await found('舊閥')).toContain(id);
    expect((await reader.get(keys.product(id)))?.searchWords).toEqual(
      productSearchWords({ name, nameZh: '舊閥' }),
    );
    // Run again: nothing left to do.
    expect(await migrateProductSearch()).toEqual({ indexed: 0, changedMeanwhile: 0 });
  });
});
