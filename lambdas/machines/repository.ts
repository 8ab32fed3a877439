import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { AuditActor } from '../shared/contract/schemas/audit';
import {
  machineSchema,
  type CreateMachineInput,
  type Machine,
  type MachineCreated,
} from '../shared/contract/schemas/machine-data';
import { changesBetween } from '../shared/data/audit';
import { equals, itemMissing } from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { getItem, queryPage, type Page } from '../shared/data/read';
import { audited } from '../shared/data/transaction';
import { updateItem } from '../shared/data/write';
import { ConflictError, NotFoundError } from '../shared/errors';

/** Keys read `mk_<machine id>_<secret>`: the id finds the item, the secret is checked by hash. */
const keyPattern = /^mk_([A-Za-z0-9-]{36})_([A-Za-z0-9_-]{43})$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

/** The stored machine: the API shape plus the hash of its key. */
const machineItemSchema = machineSchema.extend({ keyHash: z.string() });

const notFound = () => new NotFoundError('errors.machineNotFound');

/**
 * Creates a machine and its key. The key is returned once and only its SHA-256 is
 * stored: 256 random bits need no slow hash, and a leaked table does not leak keys.
 */
export async function createMachine(
  input: CreateMachineInput,
  actor: AuditActor,
): Promise<MachineCreated> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const by = actor.email ?? actor.id;
  const machine: Machine = {
    id,
    name: input.name,
    note: input.note,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: by,
    updatedBy: by,
  };
  await audited({
    actor,
    action: 'create',
    entity: 'machine',
    entityId: id,
    subjectLabel: machine.name,
    changes: changesBetween(undefined, machine, ['name', 'note']),
  })
    .put(
      { ...keys.machineName(input.name), machineId: id },
      {
        condition: itemMissing(),
        onConditionFailed: () =>
          new ConflictError(
            'errors.machineNameTaken',
            {},
            { name: { key: 'errors.machineNameTaken' } },
          ),
      },
    )
    .put(
      {
        ...keys.machine(id),
        ...keys.machineIndexes(id, input.name),
        ...machine,
        keyHash: hashOf(secret).toString('hex'),
      },
      { condition: itemMissing() },
    )
    .commit({ now: new Date(now) });
  return { machine, key: `mk_${id}_${secret}` };
}

/** Machines in name order, revoked ones included (they explain old results). */
export function listMachines(limit: number, cursor: string | undefined): Promise<Page<Machine>> {
  return queryPage(queries.machinesByName(), machineSchema, {
    limit,
    cursor,
    scope: { list: 'machines' },
  });
}

const getMachineItem = (id: string) =>
  getItem(keys.machine(id), machineItemSchema, { consistent: true });

/**
 * Revokes a key for good; the machine stays listed. Revoking twice changes nothing (and
 * records nothing more).
 */
export async function revokeMachine(id: string, actor: AuditActor): Promise<Machine> {
  const current = await getMachineItem(id);
  if (!current) throw notFound();
  if (current.revokedAt) return machineSchema.parse(current);
  const now = new Date().toISOString();
  const by = actor.email ?? actor.id;
  const revoked: Machine = machineSchema.parse({
    ...current,
    revokedAt: now,
    revokedBy: by,
    updatedAt: now,
    updatedBy: by,
    version: current.version + 1,
  });
  const transaction = audited({
    actor,
    action: 'revoke',
    entity: 'machine',
    entityId: id,
    subjectLabel: current.name,
    changes: changesBetween(current, revoked, ['revokedAt', 'revokedBy']),
  }).update(
    keys.machine(id),
    {
      set: {
        revokedAt: now,
        revokedBy: by,
        updatedAt: now,
        updatedBy: by,
        version: revoked.version,
      },
    },
    // Revoked (or changed) meanwhile: the stored machine is the answer.
    {
      condition: equals('version', current.version),
      onConditionFailed: () => new MachineChanged(),
    },
  );
  try {
    await transaction.commit({ now: new Date(now) });
  } catch (error) {
    if (!(error instanceof MachineChanged)) throw error;
  }
  const stored = await getMachineItem(id);
  if (!stored) throw notFound();
  return machineSchema.parse(stored);
}

class MachineChanged extends Error {}

/**
 * The machine a key belongs to, or undefined when the key is malformed, unknown, wrong
 * or revoked. Compares hashes in constant time.
 */
export async function machineForKey(key: string): Promise<Machine | undefined> {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const [, id, secret] = match as unknown as [string, string, string];
  const item = await getMachineItem(id);
  if (!item || item.revokedAt) return undefined;
  const stored = Buffer.from(item.keyHash, 'hex');
  const given = hashOf(secret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  return machineSchema.parse(item);
}

/**
 * Records a key's use; at most one write a minute per key, so ingest bursts cost nothing
 * extra. Bookkeeping, not a change anyone makes: no audit entry.
 */
export async function touchMachine(machine: Machine, now = new Date()): Promise<void> {
  if (machine.lastUsedAt && now.getTime() - Date.parse(machine.lastUsedAt) < 60_000) return;
  await updateItem(keys.machine(machine.id), { set: { lastUsedAt: now.toISOString() } });
}

/**
 * The active machine of a name (any case; its claim names it), or undefined when no machine
 * has it or its key is revoked: a staff upload may name only such a bench.
 */
export async function findActiveMachineByName(name: string): Promise<Machine | undefined> {
  const claim = await getItem(keys.machineName(name), z.object({ machineId: z.string() }));
  const item = claim && (await getMachineItem(claim.machineId));
  return item && !item.revokedAt ? machineSchema.parse(item) : undefined;
}
