import { describe, expect, it } from 'vitest';
import {
  auditItem,
  changesBetween,
  redactedFields,
  serialRangeLabel,
  withReferenceLabels,
} from '../../lambdas/shared/data/audit';
import { auditEntrySchema } from '../../lambdas/shared/contract/schemas/audit';

describe('auditItem', () => {
  it('never stores a redacted field, whoever built the changes', async () => {
    const { auditItem } = await import('../../lambdas/shared/data/audit');
    const item = auditItem(
      {
        actor: { id: 'a' },
        action: 'update',
        entity: 'staff',
        entityId: 'x',
        changes: { password: { from: null, to: 'hunter2' }, role: { from: 'staff', to: 'admin' } },
      },
      '2026-03-01T00:00:00.000Z',
      'e-1',
    );
    expect(item.changes).toEqual({ role: { from: 'staff', to: 'admin' } });
    expect(JSON.stringify(item)).not.toContain('hunter2');
  });
});

describe('names in an entry', () => {
  it('stores the record as people read it, beside its id, and leaves empty names out', () => {
    const record = {
      actor: { id: 'sub-1', name: 'Ana Wu', email: 'ana@example.com' },
      action: 'create',
      entity: 'serial-range' as const,
      entityId: 'r-1',
      subjectLabel: serialRangeLabel('AV-0001', 'AV-0100'),
      subjectDetail: 'Ball valve DN50',
      changes: {},
    };
    const item = auditItem(record, '2026-03-01T00:00:00.000Z', 'e-1');
    expect(item).toMatchObject({
      actor: { id: 'sub-1', name: 'Ana Wu', email: 'ana@example.com' },
      subjectLabel: 'AV-0001 – AV-0100',
      subjectDetail: 'Ball valve DN50',
    });
    expect(auditEntrySchema.parse(item)).toMatchObject({ subjectLabel: 'AV-0001 – AV-0100' });
    const unnamed = auditItem(
      { ...record, subjectLabel: '', subjectDetail: undefined },
      '2026-03-01T00:00:00.000Z',
      'e-2',
    );
    expect(unnamed).not.toHaveProperty('subjectLabel');
    expect(unnamed).not.toHaveProperty('subjectDetail');
  });

  it('names the records a reference change points to, only where it knows them', () => {
    const names = new Map([
      ['p-1', 'Gate valve'],
      ['p-2', 'Ball valve'],
    ]);
    const changes = {
      productId: { from: 'p-1', to: 'p-2' },
      startSerial: { from: 'A-1', to: 'A-2' },
    };
    expect(withReferenceLabels(changes, 'productId', names)).toEqual({
      productId: { from: 'p-1', to: 'p-2', fromLabel: 'Gate valve', toLabel: 'Ball valve' },
      startSerial: { from: 'A-1', to: 'A-2' },
    });
    // A create: nothing before; an unknown id: no name made up.
    expect(
      withReferenceLabels({ productId: { from: null, to: 'p-9' } }, 'productId', names),
    ).toEqual({ productId: { from: null, to: 'p-9' } });
    // The field unchanged: nothing to name.
    expect(withReferenceLabels({ startSerial: changes.startSerial }, 'productId', names)).toEqual({
      startSerial: changes.startSerial,
    });
  });
});

describe('changesBetween', () => {
  it('records a create as every listed field from null, leaving unlisted fields out', () => {
    expect(
      changesBetween(undefined, { name: 'Valve', fluid: 'water', id: 'p-1' }, ['name', 'fluid']),
    ).toEqual({
      name: { from: null, to: 'Valve' },
      fluid: { from: null, to: 'water' },
    });
  });

  it('records a delete as every listed field to null', () => {
    expect(changesBetween({ name: 'Valve', note: null }, undefined, ['name', 'note'])).toEqual({
      name: { from: 'Valve', to: null },
    });
  });

  it('leaves unchanged fields out, comparing by value (undefined is null)', () => {
    const before = { name: 'Valve', limits: [1, 2], note: undefined, temperatureMax: 80 };
    const after = { name: 'Valve', limits: [1, 2], note: null, temperatureMax: 90 };
    expect(changesBetween(before, after, ['name', 'limits', 'note', 'temperatureMax'])).toEqual({
      temperatureMax: { from: 80, to: 90 },
    });
    expect(changesBetween(before, { ...before }, ['name', 'limits', 'note'])).toEqual({});
  });

  it('never records a redacted field, even when it is listed and changed', () => {
    const fields = [...redactedFields, 'name'];
    const before = Object.fromEntries(fields.map((field) => [field, `old-${field}`]));
    const after = Object.fromEntries(fields.map((field) => [field, `new-${field}`]));
    const changes = changesBetween(before, after, fields);
    expect(Object.keys(changes)).toEqual(['name']);
    expect(JSON.stringify(changes)).not.toMatch(/old-(password|keyHash|key|secret|token)/);
    expect(redactedFields).toEqual(new Set(['password', 'keyHash', 'key', 'secret', 'token']));
  });

  it('keeps a field named __proto__ as a plain key of the changes', () => {
    const before = JSON.parse('{"__proto__": "a", "name": "x"}') as Record<string, unknown>;
    const after = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<
      string,
      unknown
    >;
    const changes = changesBetween(before, after, ['__proto__', 'name']);
    expect(Object.keys(changes)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(changes, '__proto__')?.value).toEqual({
      from: 'a',
      to: { polluted: true },
    });
    expect(Object.getPrototypeOf(changes)).toBe(Object.prototype);
    expect((changes as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(changes))).toEqual(
      JSON.parse('{"__proto__": {"from": "a", "to": {"polluted": true}}}'),
    );
  });
});

describe('auditItem', () => {
  const record = {
    actor: { id: 'sub-1', email: 'admin@example.com' },
    action: 'update',
    entity: 'product' as const,
    entityId: 'p-1',
    changes: { name: { from: 'A', to: 'B' } },
  };

  it("keys the entry in its record's partition and in its UTC day's index partition", () => {
    const item = auditItem(record, '2026-03-04T23:59:59.999Z', 'entry-1');
    expect(item).toEqual({
      pk: 'AUDIT#product#p-1',
      sk: 'AT#2026-03-04T23:59:59.999Z#entry-1',
      gsi1pk: 'AUDITDAY#2026-03-04',
      gsi1sk: 'AT#2026-03-04T23:59:59.999Z#entry-1',
      type: 'auditEntry',
      actorId: 'sub-1',
      entryId: 'entry-1',
      at: '2026-03-04T23:59:59.999Z',
      actor: record.actor,
      action: 'update',
      entity: 'product',
      entityId: 'p-1',
      changes: record.changes,
    });
  });

  it('reads back in the API shape, without keys or bookkeeping', () => {
    const item = auditItem(record, '2026-03-04T10:00:00.000Z', 'entry-1');
    expect(auditEntrySchema.parse(item)).toEqual({
      at: '2026-03-04T10:00:00.000Z',
      actor: record.actor,
      action: 'update',
      entity: 'product',
      entityId: 'p-1',
      changes: record.changes,
    });
  });
});
