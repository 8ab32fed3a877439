import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import type { TestResult } from '../../lambdas/shared/contract/schemas/test-result';
import type { UnitView } from '../../lambdas/shared/contract/schemas/unit';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';

/**
 * Audit entries name records and people as people read them, as they were when the entry
 * was written: a product's name, a range's serials and its product, an account's name and
 * email, a machine's name, a unit's serial; a range's product change by both names. Entries
 * written before names were kept are named as the records are now, or not at all when gone.
 */
const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 6).toUpperCase();
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let adminToken = '';
let staffToken = '';
let staffId = '';
const staffName = `Lena Audit ${tag}`;
const staffEmail = `labels.${tag.toLowerCase()}@example.com`;
const subOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });
type Page = { items: AuditEntry[]; cursor: string | null };
const history = async (entity: string, id: string) => {
  const page = await as<Page>(
    adminToken,
    `/api/audit?entity=${entity}&id=${encodeURIComponent(id)}&limit=50`,
  );
  expect(page.status).toBe(200);
  return page.body.items;
};

const productFields = (name: string) => ({
  name,
  temperatureMin: -10,
  temperatureMax: 120,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 10,
});

beforeAll(async () => {
  adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  await createUser(stack, staffEmail, 'Labels-Staff-2026!', 'staff');
  staffToken = (await signIn(stack, staffEmail, 'Labels-Staff-2026!')).IdToken;
  staffId = subOf(staffToken);
  // A name of one's own: the entries name the person by it from now on.
  const named = await as(staffToken, '/api/account', 'PATCH', { name: staffName });
  expect(named.status).toBe(200);
});
afterAll(() => reader.destroy());

describe('activity entries carrying names: what they are about, as it was then', () => {
  let gateId = '';
  let globeId = '';
  let rangeId = '';

  it('names a product by its name at each change, and the person by name and email', async () => {
    const created = await as<{ id: string; version: number }>(
      staffToken,
      '/api/products',
      'POST',
      productFields(`Gate Valve ${tag}`),
    );
    expect(created.status).toBe(201);
    gateId = created.body.id;
    const renamed = await as(staffToken, `/api/products/${gateId}`, 'PUT', {
      ...productFields(`Gate Valve ${tag} Mk2`),
      version: created.body.version,
    });
    expect(renamed.status).toBe(200);

    const [rename, create] = await history('product', gateId);
    // Each entry keeps the name it had: the rename does not rewrite the creation.
    expect(create).toMatchObject({ action: 'create', subjectLabel: `Gate Valve ${tag}` });
    expect(rename).toMatchObject({ action: 'update', subjectLabel: `Gate Valve ${tag} Mk2` });
    for (const entry of [create!, rename!]) {
      expect(entry.actor).toEqual({ id: staffId, name: staffName, email: staffEmail });
    }
    // The name change itself: the account by its new name and its email.
    const [own] = await history('staff', staffId);
    expect(own).toMatchObject({
      subjectLabel: staffName,
      subjectDetail: staffEmail,
      changes: { name: { to: staffName } },
    });
  });

  it('names a range by its serials and product, and a move by both products’ names, kept after a rename', async () => {
    const globe = await as<{ id: string; version: number }>(
      staffToken,
      '/api/products',
      'POST',
      productFields(`Globe Valve ${tag}`),
    );
    globeId = globe.body.id;
    const range = await as<{ id: string; version: number }>(
      staffToken,
      '/api/serial-numbers',
      'POST',
      {
        productId: gateId,
        startSerial: `LB${tag}-0001`,
        endSerial: `LB${tag}-0010`,
        productionDate: '2026-03-01',
      },
    );
    expect(range.status).toBe(201);
    rangeId = range.body.id;
    const moved = await as(staffToken, `/api/serial-numbers/${rangeId}`, 'PUT', {
      productId: globeId,
      startSerial: `LB${tag}-0001`,
      endSerial: `LB${tag}-0020`,
      productionDate: '2026-03-01',
      version: range.body.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The product is renamed afterwards: the entries keep the names they had.
    const current = await as<{ version: number }>(staffToken, `/api/products/${globeId}`);
    await as(staffToken, `/api/products/${globeId}`, 'PUT', {
      ...productFields(`Globe Valve ${tag} renamed`),
      version: current.body.version,
    });

    const [move, create] = await history('serial-range', rangeId);
    expect(create).toMatchObject({
      subjectLabel: `LB${tag}-0001 – LB${tag}-0010`,
      subjectDetail: `Gate Valve ${tag} Mk2`,
      changes: { productId: { from: null, to: gateId, toLabel: `Gate Valve ${tag} Mk2` } },
    });
    expect(move).toMatchObject({
      subjectLabel: `LB${tag}-0001 – LB${tag}-0020`,
      subjectDetail: `Globe Valve ${tag}`,
      changes: {
        productId: {
          from: gateId,
          to: globeId,
          fromLabel: `Gate Valve ${tag} Mk2`,
          toLabel: `Globe Valve ${tag}`,
        },
      },
    });
  });

  it('names a unit’s void by its serial and the machine by its name, in the log and on the unit’s page', async () => {
    const machine = await as<{ key: string; machine: { id: string } }>(
      adminToken,
      '/api/machines',
      'POST',
      { name: `Labels bench ${tag}` },
    );
    expect(machine.status).toBe(201);
    const serial = `LB${tag}-0003`;
    const ingest = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machine.body.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        results: [
          {
            serialNumber: serial,
            testName: 'Shell test',
            result: 'fail',
            testedAt: '2026-03-02T08:00:00Z',
          },
        ],
      }),
    });
    expect(ingest.status).toBe(200);
    const results = await as<{ items: TestResult[] }>(
      staffToken,
      `/api/machine-data?serial=${serial}`,
    );
    const voided = await as(
      staffToken,
      `/api/machine-data/${results.body.items[0]!.id}/void`,
      'POST',
      { reason: 'Gauge out of calibration' },
    );
    expect(voided.status).toBe(200);
    await as(adminToken, `/api/machines/${machine.body.machine.id}`, 'DELETE');

    const [voidEntry] = await history('unit', serial);
    expect(voidEntry).toMatchObject({
      action: 'void',
      subjectLabel: serial,
      actor: { name: staffName, email: staffEmail },
    });
    const machineHistory = await history('machine', machine.body.machine.id);
    expect(machineHistory.map((entry) => [entry.action, entry.subjectLabel])).toEqual([
      ['revoke', `Labels bench ${tag}`],
      ['create', `Labels bench ${tag}`],
    ]);

    // The unit's page: its range's entries with names, its void, the batch by its machine.
    const unit = await as<UnitView>(staffToken, `/api/serial-numbers/units/${serial}`);
    expect(unit.status).toBe(200);
    const move = unit.body.history.find(
      (entry) => entry.entity === 'serial-range' && entry.action === 'update',
    );
    expect(move?.changes.productId).toMatchObject({
      fromLabel: `Gate Valve ${tag} Mk2`,
      toLabel: `Globe Valve ${tag}`,
    });
    const batch = unit.body.history.find((entry) => entry.entity === 'machine-data');
    expect(batch?.actor).toMatchObject({ machine: `Labels bench ${tag}` });
    expect(unit.body.history.find((entry) => entry.entity === 'unit')).toMatchObject({
      subjectLabel: serial,
    });
  });

  it('names staff accounts by name and email, and a deleted range by what it was', async () => {
    const email = `labels.person.${tag.toLowerCase()}@example.com`;
    const person = await as<{ id: string }>(adminToken, '/api/staff', 'POST', {
      name: `Audit Person ${tag}`,
      email,
      password: 'Labels-Person-2026!',
      role: 'staff',
    });
    expect(person.status).toBe(201);
    await as(adminToken, `/api/staff/${person.body.id}`, 'PATCH', { enabled: false });
    const entries = await history('staff', person.body.id);
    expect(entries.map((entry) => [entry.action, entry.subjectLabel, entry.subjectDetail])).toEqual(
      [
        ['update', `Audit Person ${tag}`, email],
        ['create', `Audit Person ${tag}`, email],
      ],
    );

    const range = await as<{ id: string }>(staffToken, '/api/serial-numbers', 'POST', {
      productId: gateId,
      startSerial: `LD${tag}-0001`,
      endSerial: `LD${tag}-0005`,
      productionDate: '2026-03-01',
    });
    expect((await as(staffToken, `/api/serial-numbers/${range.body.id}`, 'DELETE')).status).toBe(
      200,
    );
    const [deleted] = await history('serial-range', range.body.id);
    expect(deleted).toMatchObject({
      action: 'delete',
      subjectLabel: `LD${tag}-0001 – LD${tag}-0005`,
      subjectDetail: `Gate Valve ${tag} Mk2`,
      changes: { productId: { from: gateId, to: null, fromLabel: `Gate Valve ${tag} Mk2` } },
    });
  });

  it('the whole log names every entry of this run: no record left as a bare id', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const log = await as<Page>(adminToken, `/api/audit?actor=${staffId}&from=${today}&to=${today}`);
    expect(log.status).toBe(200);
    expect(log.body.items.length).toBeGreaterThanOrEqual(8);
    for (const entry of log.body.items) {
      expect(entry.subjectLabel, JSON.stringify(entry)).toBeTruthy();
      expect(entry.subjectLabel).not.toMatch(uuid);
    }
    // As they were: the person had no name yet when they gave themselves one.
    expect(log.body.items.map((entry) => entry.actor.name ?? entry.actor.email)).toEqual([
      ...log.body.items.slice(0, -1).map(() => staffName),
      staffEmail,
    ]);
  });
});

describe('entries written before names were kept', () => {
  const oldActor = `sub-old-${tag}`;
  /** An entry as the trail stored it before: no names anywhere. */
  async function storeOldEntry(entry: Omit<AuditEntry, 'at' | 'actor'>): Promise<string> {
    const at = new Date().toISOString();
    const entryId = randomUUID();
    await reader.put({
      ...keys.auditEntry(entry.entity, entry.entityId, at, entryId),
      ...keys.auditEntryIndexes(at, entryId),
      type: 'auditEntry',
      actorId: oldActor,
      entryId,
      at,
      actor: { id: oldActor, email: 'old@example.com' },
      ...entry,
    });
    return at;
  }

  it('are named as their records are now, from their own fields first, and not at all when gone', async () => {
    const product = await as<{ id: string }>(
      adminToken,
      '/api/products',
      'POST',
      productFields(`Old Entry Valve ${tag}`),
    );
    const gone = randomUUID();
    const range = await as<{ id: string }>(adminToken, '/api/serial-numbers', 'POST', {
      productId: product.body.id,
      startSerial: `LO${tag}-0001`,
      endSerial: `LO${tag}-0009`,
      productionDate: '2026-03-01',
    });
    await storeOldEntry({
      action: 'update',
      entity: 'product',
      entityId: product.body.id,
      changes: { pressureFC: { from: 10, to: 16 } },
    });
    await storeOldEntry({
      action: 'update',
      entity: 'product',
      entityId: gone,
      changes: { pressureFC: { from: 10, to: 16 } },
    });
    await storeOldEntry({
      action: 'create',
      entity: 'product',
      entityId: randomUUID(),
      changes: { name: { from: null, to: `Long Gone Valve ${tag}` } },
    });
    await storeOldEntry({
      action: 'update',
      entity: 'serial-range',
      entityId: range.body.id,
      changes: { productId: { from: gone, to: product.body.id } },
    });

    const [now] = await history('product', product.body.id);
    expect(now).toMatchObject({ subjectLabel: `Old Entry Valve ${tag}` });
    expect(now!.actor).toEqual({ id: oldActor, email: 'old@example.com' });
    const [deleted] = await history('product', gone);
    expect(deleted!.subjectLabel).toBeUndefined();
    const [old] = await history('serial-range', range.body.id);
    expect(old).toMatchObject({
      subjectLabel: `LO${tag}-0001 – LO${tag}-0009`,
      subjectDetail: `Old Entry Valve ${tag}`,
      changes: {
        productId: { from: gone, to: product.body.id, toLabel: `Old Entry Valve ${tag}` },
      },
    });
    expect(old!.changes.productId).not.toHaveProperty('fromLabel');
    // The whole log the same way: its own fields name a product created then deleted.
    const log = await as<Page>(adminToken, `/api/audit?actor=${oldActor}&limit=10`);
    expect(log.body.items.map((entry) => entry.subjectLabel)).toEqual([
      `LO${tag}-0001 – LO${tag}-0009`,
      `Long Gone Valve ${tag}`,
      undefined,
      `Old Entry Valve ${tag}`,
    ]);
  });
});
