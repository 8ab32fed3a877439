import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { tableReader } from '../support/table';

const stack = inject('stack');
let token: string;
const reader = tableReader(stack);
const as = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token });

const valve = (name: string) => ({
  name,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged, ANSI 150',
  pressureFC: 16,
  pressureWCB: 25,
  pressureSUS: 40,
  application: 'District heating',
  applicationMedium: 'Hot water',
});

async function newProduct(name: string): Promise<Product> {
  const response = await as<Product>('/api/products', { method: 'POST', body: valve(name) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const range = (productId: string, startSerial: string, endSerial: string) => ({
  productId,
  startSerial,
  endSerial,
  productionDate: '2026-03-15',
  bodyMaterial: 'WCB',
});

async function createRange(productId: string, start: string, end: string) {
  return as<SerialRange>('/api/serial-numbers', {
    method: 'POST',
    body: range(productId, start, end),
  });
}

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
});
afterAll(() => reader.destroy());

describe('products', () => {
  it('creates, reads, edits with the current version and deletes', async () => {
    const product = await newProduct('Gate Valve GV-100');
    expect(product).toMatchObject({ version: 1, createdBy: stack.admin.email, pressureFC: 16 });
    expect((await as<Product>(`/api/products/${product.id}`)).body.name).toBe('Gate Valve GV-100');

    const edited = await as<Product>(`/api/products/${product.id}`, {
      method: 'PUT',
      body: { ...valve('Gate Valve GV-100A'), version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Gate Valve GV-100A', version: 2 });

    const stale = await as(`/api/products/${product.id}`, {
      method: 'PUT',
      body: { ...valve('Gate Valve GV-100B'), version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('aborted');
    expect((await as<Product>(`/api/products/${product.id}`)).body.name).toBe('Gate Valve GV-100A');

    expect((await as(`/api/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
    const gone = await as(`/api/products/${product.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.message).toBe('Product Not Found');
    // The name is free again.
    await newProduct('Gate Valve GV-100A');
  });

  it('keeps names unique, case-insensitively, also on rename', async () => {
    await newProduct('Ball Valve BV-20');
    const duplicate = await as('/api/products', {
      method: 'POST',
      body: valve('ball valve bv-20'),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error?.fields).toHaveProperty('name');
    const other = await newProduct('Ball Valve BV-25');
    const rename = await as(`/api/products/${other.id}`, {
      method: 'PUT',
      body: { ...valve('BALL VALVE BV-20'), version: 1 },
    });
    expect(rename.status).toBe(409);
    // Spelled with other white space or another form of the same letters: the same name.
    for (const name of ['Ball  Valve BV-20', 'Ball\u3000Valve  BV-20 ']) {
      const twin = await as('/api/products', { method: 'POST', body: valve(name) });
      expect(twin.status, name).toBe(409);
    }
    const composed = await newProduct('Caf\u00e9 Valve BV-30');
    expect(composed.name).toBe('Caf\u00e9 Valve BV-30');
    const decomposed = await as('/api/products', {
      method: 'POST',
      body: valve('Cafe\u0301 Valve BV-30'),
    });
    expect(decomposed.status).toBe(409);
    // An invisible character would make a look-alike twin: refused.
    const invisible = await as('/api/products', {
      method: 'POST',
      body: valve('Ball Valve BV-20\u200b'),
    });
    expect(invisible.status).toBe(400);
    expect(invisible.body.error?.fields).toHaveProperty('name');
  });

  it('refuses inverted temperatures, unknown fluids and unknown fields, storing nothing', async () => {
    const before = (await reader.stats()).products;
    for (const body of [
      { ...valve('Bad T'), temperatureMin: 200 },
      { ...valve('Bad F'), fluid: 'lava' },
      { ...valve('Bad X'), colour: 'red' },
      { ...valve('Bad P'), pressureFC: -1 },
      { ...valve(''), name: '' },
    ]) {
      const response = await as('/api/products', { method: 'POST', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await reader.stats()).products).toBe(before);
  });

  it('lists in name order with a word filter, pages with cursors, reports the total', async () => {
    for (const name of ['Check Valve CV-1', 'Check Valve CV-2', 'Check Valve CV-3']) {
      await newProduct(name);
    }
    const first = await as<{ items: Product[]; nextCursor: string; total: number | null }>(
      // Every word must match, the last as a start: other files' "Check Valve" products lack CV.
      '/api/products?filter=check%20valve%20cv&limit=2',
    );
    expect(first.body.items.map((item) => item.name)).toEqual([
      'Check Valve CV-1',
      'Check Valve CV-2',
    ]);
    expect(first.body.total).toBeNull();
    const second = await as<{ items: Product[]; nextCursor: string | null }>(
      `/api/products?filter=check%20valve%20cv&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((item) => item.name)).toEqual(['Check Valve CV-3']);
    const all = await as<{ total: number }>('/api/products?limit=1');
    expect(all.body.total).toBe((await reader.stats()).products);
    const recent = await as<{ items: Product[] }>(
      '/api/products?sort=updatedAt&order=desc&limit=1',
    );
    expect(recent.body.items[0]?.name).toBe('Check Valve CV-3');
    expect((await as('/api/products?cursor=bm9wZQ')).status).toBe(400);
  });
});

describe('serial ranges', () => {
  let product: Product;
  beforeAll(async () => {
    product = await newProduct('Globe Valve GL-50');
  });

  it('computes total units and normalizes the serials', async () => {
    const created = await createRange(product.id, ' av-2024-000100 ', 'AV-2024-000199');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      startSerial: 'AV-2024-000100',
      endSerial: 'AV-2024-000199',
      totalUnits: 100,
    });
  });

  it('refuses overlaps at both edges and inside, naming the range, and allows adjacent ranges', async () => {
    for (const [start, end] of [
      ['AV-2024-000050', 'AV-2024-000100'],
      ['AV-2024-000199', 'AV-2024-000300'],
      ['AV-2024-000120', 'AV-2024-000130'],
      ['AV-2024-000001', 'AV-2024-000999'],
    ] as const) {
      const response = await createRange(product.id, start, end);
      expect(response.status, `${start}-${end}`).toBe(409);
      expect(response.body.error).toMatchObject({
        code: 'already-exists',
        message: 'This range overlaps AV-2024-000100 – AV-2024-000199',
      });
    }
    expect((await createRange(product.id, 'AV-2024-000200', 'AV-2024-000299')).status).toBe(201);
    expect((await createRange(product.id, 'AV-2024-000090', 'AV-2024-000099')).status).toBe(201);
  });

  it('keeps other prefixes and digit counts independent', async () => {
    expect((await createRange(product.id, 'AV-2025-000100', 'AV-2025-000199')).status).toBe(201);
    expect((await createRange(product.id, 'AV-2024-00100', 'AV-2024-00199')).status).toBe(201);
    expect((await createRange(product.id, '000100', '000199')).status).toBe(201);
  });

  it('names the rule a bad pair breaks', async () => {
    const cases = [
      ['AV-1', 'AB-9', 'The ending serial must have the same prefix as the starting serial'],
      ['AV-01', 'AV-009', 'The ending serial must have as many digits as the starting serial'],
      ['AV-09', 'AV-01', 'The ending serial must not be before the starting serial'],
    ] as const;
    for (const [start, end, message] of cases) {
      const response = await createRange(product.id, start, end);
      expect(response.status).toBe(400);
      expect(response.body.error?.fields?.endSerial).toBe(message);
    }
  });

  it('refuses a range for a product that does not exist', async () => {
    const response = await createRange('no-such-product', 'ZZ-1', 'ZZ-9');
    expect(response.status).toBe(400);
    expect(response.body.error?.fields).toHaveProperty('productId');
  });

  it('refuses an edit into an overlap and a stale edit; a valid edit moves the range', async () => {
    const moving = (await createRange(product.id, 'MV-1000', 'MV-1099')).body;
    await createRange(product.id, 'MV-2000', 'MV-2099');
    const into = await as(`/api/serial-numbers/${moving.id}`, {
      method: 'PUT',
      body: { ...range(product.id, 'MV-1000', 'MV-2000'), version: 1 },
    });
    expect(into.status).toBe(409);
    const moved = await as<SerialRange>(`/api/serial-numbers/${moving.id}`, {
      method: 'PUT',
      body: { ...range(product.id, 'MV-1500', 'MV-1999'), version: 1 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ totalUnits: 500, version: 2 });
    const stale = await as(`/api/serial-numbers/${moving.id}`, {
      method: 'PUT',
      body: { ...range(product.id, 'MV-1500', 'MV-1599'), version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('aborted');
    // The old place is free, the new one is found by lookup.
    expect((await createRange(product.id, 'MV-1000', 'MV-1099')).status).toBe(201);
    const found = await as<SerialRange>('/api/serial-numbers/lookup?serial=mv-1777');
    expect(found.body.id).toBe(moving.id);
  });

  it('looks up serials at the edges and outside', async () => {
    const lookup = (serial: string) =>
      as<SerialRange>(`/api/serial-numbers/lookup?serial=${serial}`);
    expect((await lookup('AV-2024-000100')).body.startSerial).toBe('AV-2024-000100');
    expect((await lookup('AV-2024-000199')).body.startSerial).toBe('AV-2024-000100');
    const outside = await lookup('AV-2024-000500');
    expect(outside.status).toBe(404);
    expect(outside.body.error?.message).toBe('This serial number is not in any range');
    expect((await lookup('AV-2024-0150')).status).toBe(404);
  });

  it('refuses to delete a product that has ranges; deletes a range and updates counters', async () => {
    const owner = await newProduct('Butterfly Valve BF-80');
    const owned = (await createRange(owner.id, 'BF-001', 'BF-010')).body;
    const refused = await as(`/api/products/${owner.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain('still has serial number ranges');
    const before = await reader.stats();
    expect((await as(`/api/serial-numbers/${owned.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await reader.stats();
    expect(after.serialRanges).toBe(before.serialRanges! - 1);
    expect(after.units).toBe(before.units! - 10);
    expect((await as(`/api/products/${owner.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it("lists one product's ranges in serial order with its count", async () => {
    const listed = await as<{ items: SerialRange[]; total: number }>(
      `/api/serial-numbers?productId=${product.id}&limit=1000`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const starts = listed.body.items.map((item) => item.startSerial);
    expect(starts).toEqual([...starts].sort());
    expect(listed.body.total).toBe(listed.body.items.length);
  });

  it('keeps every counter equal to a fresh count', async () => {
    const items = await reader.scanAll();
    const ranges = items.filter((item) => String(item.pk).startsWith('RANGE#'));
    const products = items.filter((item) => String(item.pk).startsWith('PRODUCT#'));
    const stats = await reader.stats();
    expect(stats.products).toBe(products.length);
    expect(stats.serialRanges).toBe(ranges.length);
    expect(stats.units).toBe(ranges.reduce((sum, item) => sum + Number(item.totalUnits), 0));
    for (const product of products) {
      const own = ranges.filter((item) => item.productId === product.id).length;
      expect(product.rangeCount, String(product.name)).toBe(own);
    }
  });
});
