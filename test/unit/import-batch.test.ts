import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const {
  commitParts,
  lostParts,
  storedParts,
  undoLeft,
  writingDeadline,
  ImportOutOfTime,
  importWriters,
} = await import('../../lambdas/shared/data/import-batch');
const { keys } = await import('../../lambdas/shared/keys');

beforeEach(() => documents.reset());

describe('commitParts', () => {
  it("commits every part, each writer naming itself, telling of each part's rows", async () => {
    const seen: [number, number][] = [];
    const rows: number[] = [];
    const parts = [[1], [2, 3], [4], [5, 6, 7], [8]];
    const committed = await commitParts(
      parts,
      async (part, _index, worker) => {
        seen.push([part[0]!, worker]);
        await Promise.resolve();
      },
      {
        concurrency: 2,
        deadline: Date.now() + 60_000,
        progress: { written: (count) => rows.push(count), undoing: () => undefined },
      },
    );
    expect(committed).toEqual({ written: parts, failed: [], failures: [] });
    expect(new Set(seen.map(([, worker]) => worker))).toEqual(new Set([0, 1]));
    expect(rows.sort()).toEqual([1, 1, 1, 2, 3]);
  });

  it('starts no part after a failure, and names the failed part apart from the written', async () => {
    const started: number[] = [];
    const refusal = new Error('taken meanwhile');
    const committed = await commitParts(
      [[1], [2], [3], [4], [5]],
      async ([part]) => {
        started.push(part!);
        await Promise.resolve();
        if (part === 2) throw refusal;
      },
      { concurrency: 1, deadline: Date.now() + 60_000 },
    );
    expect(started).toEqual([1, 2]);
    expect(committed).toEqual({ written: [[1]], failed: [[2]], failures: [refusal] });
  });

  it('stops at its deadline, leaving the undo its half of the time', async () => {
    const committed = await commitParts([[1], [2]], async () => undefined, {
      concurrency: 1,
      deadline: Date.now() - 1,
    });
    expect(committed.written).toEqual([]);
    expect(committed.failures[0]).toBeInstanceOf(ImportOutOfTime);
    // 28 s in all: 4 s spent checking leaves 12 s for writing and 12 s for an undo.
    expect(writingDeadline(0, 28, 1, 4_000)).toBe(16_000);
    // Three writers side by side: the undo, one transaction at a time, gets three shares.
    expect(writingDeadline(0, 28, 3, 4_000)).toBe(10_000);
  });
});

describe('lostParts', () => {
  it('looks again while the table does not answer, and finds what was stored', async () => {
    documents
      .on(BatchGetCommand)
      .rejectsOnce(Object.assign(new Error('down'), { name: 'TimeoutError' }))
      .resolves({ Responses: { 'test-table': [{ ...keys.product('b') }] } });
    const lost = await lostParts([['a', 'b']], (id) => keys.product(id));
    expect(lost).toEqual({ stored: [['b']], unknown: 0 });
  });

  it('counts the failed parts’ rows as unknown when it cannot look at all', async () => {
    documents
      .on(BatchGetCommand)
      .rejects(Object.assign(new Error('down'), { name: 'TimeoutError' }));
    const lost = await lostParts([['a', 'b'], ['c']], (id) => keys.product(id));
    expect(lost).toEqual({ stored: [], unknown: 3 });
    expect(documents.commandCalls(BatchGetCommand).length).toBeGreaterThan(1);
  });
});

describe('storedParts', () => {
  it('finds the rows of failed parts that were stored all the same, part by part', async () => {
    documents.on(BatchGetCommand).resolves({
      Responses: { 'test-table': [{ ...keys.product('b'), id: 'b' }, { ...keys.product('d') }] },
    });
    const found = await storedParts([['a', 'b'], ['c'], ['d', 'e']], (id) => keys.product(id));
    expect(found).toEqual([['b'], ['d']]);
    expect(documents.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems).toEqual({
      // Strongly consistent: the parts were written a moment ago.
      'test-table': {
        Keys: ['a', 'b', 'c', 'd', 'e'].map((id) => keys.product(id)),
        ConsistentRead: true,
      },
    });
  });

  it('reads nothing when no part failed', async () => {
    await expect(storedParts([], (id: string) => keys.product(id))).resolves.toEqual([]);
    expect(documents.calls()).toHaveLength(0);
  });
});

describe('importWriters', () => {
  it('writes as many side by side as asked in AWS (no emulator endpoint)', () => {
    expect(importWriters(8)).toBe(8);
  });
});

describe('undoLeft', () => {
  it('counts the rows an undo that stops leaves: the rest of its part and the later parts', () => {
    const written = [['a', 'b'], ['c', 'd', 'e'], ['f']];
    // Stopped at the second row of the second part: d, e and f stay.
    expect(undoLeft(written, 1, 1, { id: 'batch' }, new Error('unreachable'))).toBe(3);
    expect(undoLeft(written, 0, 0, { id: 'batch' }, new Error('unreachable'))).toBe(6);
    expect(undoLeft(written, 2, 0, { id: 'batch' }, new Error('unreachable'))).toBe(1);
  });
});
