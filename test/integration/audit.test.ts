import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import { callApi } from '../support/api';
import { createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';

/**
 * The audit trail as its readers meet it: every change a person or a machine makes leaves
 * one entry, written with the change; a refused change leaves none; a record's history is
 * open to those who see the record, one's own actions to oneself, the whole log to admins.
 */
const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 6).toUpperCase();

let adminToken = '';
let staffToken = '';
let adminId = '';
let staffId = '';
const subOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });
type Page = { items: AuditEntry[]; cursor: string | null };
const history = (token: string, entity: string, id: string) =>
  as<Page>(token, `/api/audit?entity=${entity}&id=${encodeURIComponent(id)}&limit=50`);

const product = {
  name: `Audit Valve ${tag}`,
  temperatureMin: -10,
  temperatureMax: 120,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 10,
};

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  adminId = subOf(adminToken);
  const email = `audit.staff.${tag.toLowerCase()}@example.com`;
  await createUser(stack, email, 'Audit-Staff-2026!', 'staff');
  staffToken = (await signIn(stack, email, 'Audit-Staff-2026!')).IdToken;
  staffId = subOf(staffToken);
});
afterAll(() => reader.destroy());

describe('a record’s history', () => {
  let productId = '';

  it('records create, update and delete of a product, newest first, with the fields changed', async () => {
    const created = await as<{ id: string; version: number }>(
      adminToken,
      '/api/products',
      'POST',
      product,
    );
    expect(created.status).toBe(201);
    productId = created.body.id;
    const updated = await as<{ version: number }>(adminToken, `/api/products/${productId}`, 'PUT', {
      ...product,
      pressureFC: 16,
      version: created.body.version,
    });
    expect(updated.status).toBe(200);
    // A stale edit is refused and leaves no entry.
    const stale = await as(adminToken, `/api/products/${productId}`, 'PUT', {
      ...product,
      pressureFC: 25,
      version: created.body.version,
    });
    expect(stale.status).toBe(409);
    expect((await as(adminToken, `/api/products/${productId}`, 'DELETE')).status).toBe(200);

    const { status, body } = await history(adminToken, 'product', productId);
    expect(status).toBe(200);
    expect(body.cursor).toBeNull();
    expect(body.items.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, update, create] = body.items;
    for (const entry of body.items) {
      expect(entry).toMatchObject({
        actor: { id: adminId, email: stack.admin.email },
        entity: 'product',
        entityId: productId,
      });
    }
    expect(update!.changes).toEqual({ pressureFC: { from: 10, to: 16 } });
    expect(create!.changes).toMatchObject({
      name: { from: null, to: product.name },
      pressureFC: { from: null, to: 10 },
    });
    expect(deleted!.changes).toMatchObject({ name: { from: product.name, to: null } });
    expect(Date.parse(create!.at)).toBeLessThanOrEqual(Date.parse(update!.at));
  });

  it('is open to staff for the records staff see, not for accounts or machine keys', async () => {
    const staffRead = await history(staffToken, 'product', productId);
    expect(staffRead.status).toBe(200);
    expect(staffRead.body.items).toHaveLength(3);
    expect((await history(staffToken, 'staff', adminId)).status).toBe(403);
    expect((await history(staffToken, 'machine', 'any')).status).toBe(403);
    expect((await as(staffToken, '/api/audit')).status).toBe(403);
  });

  it('records serial ranges, staff changes (never a password), machine keys and ingests', async () => {
    const owner = await as<{ id: string }>(adminToken, '/api/products', 'POST', {
      ...product,
      name: `Audit Owner ${tag}`,
    });
    const range = await as<{ id: string }>(adminToken, '/api/serial-numbers', 'POST', {
      productId: owner.body.id,
      startSerial: `AU${tag}-0001`,
      endSerial: `AU${tag}-0010`,
      productionDate: '2026-03-01',
    });
    expect(range.status).toBe(201);
    expect((await history(adminToken, 'serial-range', range.body.id)).body.items[0]).toMatchObject({
      action: 'create',
      changes: { startSerial: { from: null, to: `AU${tag}-0001` } },
    });

    const password = 'Audit-Person-2026!';
    const person = await as<{ id: string }>(adminToken, '/api/staff', 'POST', {
      name: 'Audit Person',
      email: `audit.person.${tag.toLowerCase()}@example.com`,
      password,
      role: 'staff',
    });
    expect(person.status).toBe(201);
    await as(adminToken, `/api/staff/${person.body.id}`, 'PATCH', { role: 'admin' });
    const staffHistory = await history(adminToken, 'staff', person.body.id);
    expect(staffHistory.body.items.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(staffHistory.body.items[0]!.changes).toEqual({ role: { from: 'staff', to: 'admin' } });
    expect(JSON.stringify(staffHistory.body)).not.toContain(password);

    const machine = await as<{ key: string; machine: { id: string } }>(
      adminToken,
      '/api/machines',
      'POST',
      {
        name: `Audit bench ${tag}`,
      },
    );
    const ingest = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machine.body.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        results: [
          {
            serialNumber: `AU${tag}-0001`,
            testName: 'Shell test',
            result: 'pass',
            testedAt: '2026-03-02T08:00:00Z',
          },
          {
            serialNumber: `AU${tag}-0002`,
            testName: 'Shell test',
            result: 'fail',
            testedAt: '2026-03-02T08:00:00Z',
          },
        ],
      }),
    });
    expect(ingest.status).toBe(200);
    await as(adminToken, `/api/machines/${machine.body.machine.id}`, 'DELETE');
    const machineHistory = await history(adminToken, 'machine', machine.body.machine.id);
    expect(machineHistory.body.items.map((entry) => entry.action)).toEqual(['revoke', 'create']);
    expect(JSON.stringify(machineHistory.body)).not.toContain(machine.body.key.split('_').at(-1)!);

    // The ingest: one entry per batch, by the machine, found in the whole log.
    const log = await as<Page>(adminToken, `/api/audit?actor=${machine.body.machine.id}&limit=10`);
    expect(log.status).toBe(200);
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      actor: { id: machine.body.machine.id, machine: `Audit bench ${tag}` },
      action: 'ingest',
      entity: 'machine-data',
      changes: {
        results: { from: null, to: 2 },
        passed: { from: null, to: 1 },
        failed: { from: null, to: 1 },
        serialNumbers: { from: null, to: [`AU${tag}-0001`, `AU${tag}-0002`] },
      },
    });
  });

  it('leaves no entry for a change that was refused', async () => {
    const before = (await reader.scanAll()).filter((item) =>
      String(item.pk).startsWith('AUDIT#'),
    ).length;
    // A taken name, an overlapping range, a machine name twice.
    await as(adminToken, '/api/products', 'POST', { ...product, name: `Audit Owner ${tag}` });
    await as(adminToken, '/api/machines', 'POST', { name: `Audit bench ${tag}` });
    const after = (await reader.scanAll()).filter((item) =>
      String(item.pk).startsWith('AUDIT#'),
    ).length;
    expect(after).toBe(before);
  });
});

describe('one’s own actions (staff and admins)', () => {
  it('shows staff what they did, newest first, and nothing of anyone else', async () => {
    const created = await as<{ id: string; version: number }>(staffToken, '/api/products', 'POST', {
      ...product,
      name: `Audit Own ${tag}`,
    });
    expect(created.status).toBe(201);
    const updated = await as(staffToken, `/api/products/${created.body.id}`, 'PUT', {
      ...product,
      name: `Audit Own ${tag}`,
      pressureFC: 16,
      version: created.body.version,
    });
    expect(updated.status).toBe(200);
    // Someone else's change in between, which the staff member's list must not show.
    await as(adminToken, '/api/products', 'POST', { ...product, name: `Audit Other ${tag}` });

    const own = await as<Page>(staffToken, `/api/audit?actor=${staffId}&limit=1`);
    expect(own.status).toBe(200);
    expect(own.body.items).toHaveLength(1);
    expect(own.body.items[0]).toMatchObject({
      actor: { id: staffId },
      action: 'update',
      entity: 'product',
      entityId: created.body.id,
      changes: { pressureFC: { from: 10, to: 16 } },
    });
    expect(own.body.cursor).toBeTruthy();
    // The rest, page after page: a call reads a bounded number of pages of a day's entries
    // (today's hold the imports' thousands), so a page may be short and still go on.
    const rest: Page['items'] = [];
    let cursor: string | null = own.body.cursor;
    for (let calls = 0; cursor; calls++) {
      expect(calls).toBeLessThan(40);
      const next: { status: number; body: Page } = await as<Page>(
        staffToken,
        `/api/audit?actor=${staffId}&limit=50&cursor=${cursor}`,
      );
      expect(next.status).toBe(200);
      rest.push(...next.body.items);
      cursor = next.body.cursor;
    }
    expect(rest.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['create', created.body.id],
    ]);
    for (const entry of [...own.body.items, ...rest]) {
      expect(entry.actor.id).toBe(staffId);
    }
  });

  it("keeps anyone else's actions, and the log without an actor, to admins", async () => {
    expect((await as(staffToken, `/api/audit?actor=${adminId}`)).status).toBe(403);
    expect((await as(staffToken, '/api/audit?actor=someone-else')).status).toBe(403);
    expect((await as(staffToken, '/api/audit?entity=product&action=create')).status).toBe(403);
    // A cursor of one's own list does not open another actor's.
    const own = await as<Page>(staffToken, `/api/audit?actor=${staffId}&limit=1`);
    const borrowed = await as(
      staffToken,
      `/api/audit?actor=${adminId}&limit=1&cursor=${own.body.cursor}`,
    );
    expect(borrowed.status).toBe(403);
    // Admins read anyone's actions, the staff member's included.
    const byAdmin = await as<Page>(adminToken, `/api/audit?actor=${staffId}&limit=50`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.items.map((entry) => entry.action)).toEqual(['update', 'create']);
  });
});

describe('the whole log (admins)', () => {
  it('filters by entity, action and dates, newest first, page by page', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = await as<Page>(
      adminToken,
      `/api/audit?entity=product&action=create&from=${today}&to=${today}&limit=1`,
    );
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({ entity: 'product', action: 'create' });
    expect(first.body.cursor).toBeTruthy();
    const second = await as<Page>(
      adminToken,
      `/api/audit?entity=product&action=create&from=${today}&to=${today}&limit=1&cursor=${first.body.cursor}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.items[0]!.at <= first.body.items[0]!.at).toBe(true);
    // The cursor belongs to that filter.
    const other = await as(
      adminToken,
      `/api/audit?entity=staff&limit=1&cursor=${first.body.cursor}`,
    );
    expect(other.status).toBe(400);
    // A past month holds none of this run's entries.
    const past = await as<Page>(adminToken, '/api/audit?from=2020-01-01&to=2020-01-31');
    expect(past.body).toEqual({ items: [], cursor: null });
  });

  it('refuses an id without its kind of record, and a range over a year', async () => {
    expect((await as(adminToken, '/api/audit?id=x')).status).toBe(400);
    expect((await as(adminToken, '/api/audit?from=2024-01-01&to=2026-01-01')).status).toBe(400);
  });
});

describe('a search of the history by email', () => {
  it('is recorded before it is answered: who, when and the address; other searches are not', async () => {
    const typed = `Someone.${tag}@Example.com`;
    const own = async () =>
      (await as<Page>(staffToken, `/api/audit?actor=${staffId}&limit=50`)).body.items.filter(
        (entry) => entry.action === 'search',
      );
    const before = await own();
    const bySerial = await as(staffToken, `/api/report-requests?serial=NO-SUCH-${tag}`);
    expect(bySerial.status).toBe(200);
    // The text typed on the way to an address matches nothing: not recorded.
    const partial = await as(staffToken, `/api/report-requests?email=someone.${tag}%40exa`);
    expect(partial.status).toBe(200);
    expect(await own()).toEqual(before);

    const byEmail = await as(staffToken, `/api/report-requests?email=${encodeURIComponent(typed)}`);
    expect(byEmail.status).toBe(200);
    const searched = typed.toLowerCase();
    const entries = await history(adminToken, 'report-request', `email:${searched}`);
    expect(entries.body.items).toHaveLength(1);
    expect(entries.body.items[0]).toMatchObject({
      actor: { id: staffId },
      action: 'search',
      entity: 'report-request',
      subjectLabel: searched,
      changes: { email: { from: null, to: searched } },
    });
    // The searcher sees it among their own actions too.
    expect((await own()).length).toBe(before.length + 1);
  });
});
