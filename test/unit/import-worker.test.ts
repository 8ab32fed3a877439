import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readable } from './data-expression-reader';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

/** The writers, so the worker's own rules are what is tested. */
const writeProducts = vi.fn();
vi.mock('../../lambdas/products/import', () => ({ writeProducts }));
vi.mock('../../lambdas/serial-ranges/import', () => ({ writeRanges: vi.fn() }));

const { handler, runImport } = await import('../../lambdas/imports/worker');
const { checkedImport } = await import('../../lambdas/imports/queue');
const { standingOf } = await import('../../lambdas/imports/standing');
const { staleImportMs } = await import('../../lambdas/imports/jobs');
const { DomainError, ValidationError } = await import('../../lambdas/shared/errors');
const { importJobSchema } = await import('../../lambdas/shared/contract/schemas/imports');

const actor = { id: 'sub-1', name: 'Ada', email: 'ada@example.com' };
const job = {
  type: 'importJob' as const,
  id: 'batch-1',
  kind: 'product' as const,
  status: 'queued' as const,
  rows: 3,
  written: 0,
  fileName: 'products.csv',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  error: null,
  actor,
  fileKey: 'imports/batch-1.csv',
};

/** The stored file as S3's answer gives it (the worker reads its bytes). */
const file = () => ({
  Body: { transformToByteArray: () => Promise.resolve(new TextEncoder().encode('name\r\nA\r\n')) },
});

/** The attributes an update sets, by name (`SET #n0 = :v0, ...`). */
function setBy(input: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}): Record<string, unknown> {
  return Object.fromEntries(
    [...(input.UpdateExpression ?? '').matchAll(/(#n\d+) = (:v\d+)/g)].map(([, name, value]) => [
      input.ExpressionAttributeNames![name!],
      input.ExpressionAttributeValues![value!],
    ]),
  );
}

const updates = () =>
  documents.commandCalls(UpdateCommand).map((call) => setBy(call.args[0].input));

/** The statuses the worker moved the job to, in order. */
const moves = () => updates().map((set) => set.status as string);

beforeEach(() => {
  documents.reset();
  s3.reset();
  writeProducts.mockReset();
  s3.on(GetObjectCommand).resolves(file() as never);
  s3.on(DeleteObjectCommand).resolves({});
});

describe('the import worker', () => {
  it('claims a queued import once, writes it, records it stored and removes its file', async () => {
    documents.on(UpdateCommand).resolves({});
    writeProducts.mockImplementation(async (_body, batch, writing) => {
      expect(batch).toMatchObject({ id: 'batch-1', kind: 'product', rows: 3, actor });
      writing.progress.written(3);
      return 3;
    });
    expect(await runImport(job, 'c-1')).toBe('stored');
    expect(moves()[0]).toBe('writing');
    expect(moves().at(-1)).toBe('stored');
    expect(updates().at(-1)).toMatchObject({ written: 3, error: null });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input.Key).toBe(job.fileKey);
  });

  it('does nothing with an import another delivery of the record already claimed', async () => {
    documents
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await runImport(job, 'c-1')).toBe('queued');
    expect(writeProducts).not.toHaveBeenCalled();
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('records a refusal of the rows (nothing stored) as refused, with the error body', async () => {
    documents.on(UpdateCommand).resolves({});
    writeProducts.mockRejectedValue(
      new DomainError(
        'already-exists',
        'errors.importConflict',
        { problems: 1, listed: 1 },
        {
          'row 3.name': { key: 'errors.productNameTaken' },
        },
      ),
    );
    expect(await runImport(job, 'c-1')).toBe('refused');
    expect(updates().at(-1)).toMatchObject({
      status: 'refused',
      written: 0,
      error: {
        code: 'already-exists',
        messageKey: 'errors.importConflict',
        fields: { 'row 3.name': expect.any(String) },
      },
    });
  });

  it('records a file that has problems now as refused, and an undo that kept rows as failed', async () => {
    documents.on(UpdateCommand).resolves({});
    writeProducts.mockRejectedValueOnce(new ValidationError({}, 'errors.importRefused'));
    expect(await runImport(job, 'c-1')).toBe('refused');
    writeProducts.mockRejectedValueOnce(
      new DomainError('aborted', 'errors.importNotUndone', { kept: 2 }),
    );
    expect(await runImport(job, 'c-2')).toBe('failed');
    expect(updates().at(-1)).toMatchObject({ status: 'failed', written: 2 });
  });

  it('fails the invocation when the claim cannot be made, so the stream delivers it again', async () => {
    documents.on(UpdateCommand).rejects(Object.assign(new Error('down'), { name: 'TimeoutError' }));
    const record = {
      eventName: 'INSERT' as const,
      dynamodb: { SequenceNumber: '42', NewImage: marshall(job) as never },
    };
    await expect(handler({ Records: [record] }, { awsRequestId: 'r-1' })).rejects.toThrow('down');
    // A record of anything else is not the worker's.
    documents.reset();
    const other = {
      ...record,
      dynamodb: { ...record.dynamodb, NewImage: marshall({ ...job, status: 'stored' }) as never },
    };
    await handler({ Records: [other] });
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('claims only a queued import that is not stale, or one it claimed itself (a retried claim)', async () => {
    documents.on(UpdateCommand).resolves({});
    writeProducts.mockResolvedValue(3);
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      await runImport(job, 'invocation-1');
    } finally {
      vi.useRealTimers();
    }
    const claim = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    const cutoff = new Date(now - staleImportMs).toISOString();
    expect(readable(claim, 'ConditionExpression')).toBe(
      `((status = "queued") AND (updatedAt BETWEEN "${cutoff}" AND "9999")) OR ` +
        '((status = "writing") AND (claimedBy = "invocation-1"))',
    );
    expect(setBy(claim)).toMatchObject({ status: 'writing', claimedBy: 'invocation-1' });
  });
});

describe('queueing an import', () => {
  it('keeps the file before it inserts the job, which never overwrites another', async () => {
    const order: string[] = [];
    s3.on(PutObjectCommand).callsFake(() => order.push('file'));
    documents.on(PutCommand).callsFake(() => order.push('job'));
    const caller = {
      sub: 'sub-1',
      email: 'ada@example.com',
      name: 'Ada',
      role: 'staff',
      secondFactor: false,
      authTime: 0,
    } as const;
    const dry = await checkedImport('serial-range', new Uint8Array(), 5, caller, { dryRun: true });
    expect(dry).toEqual({
      status: 200,
      body: { rows: 5, created: 0, dryRun: true, batchId: null },
    });
    expect(order).toEqual([]);
    const answer = await checkedImport(
      'serial-range',
      new TextEncoder().encode('a,b\r\n'),
      5,
      caller,
      { dryRun: false, fileName: 'ranges.csv' },
    );
    if (answer.status !== 202) throw new Error(`answered ${answer.status}`);
    const queued = answer.body;
    expect(order).toEqual(['file', 'job']);
    expect(queued).toMatchObject({
      kind: 'serial-range',
      status: 'queued',
      rows: 5,
      written: 0,
      fileName: 'ranges.csv',
    });
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Key).toBe(
      `imports/${queued.id}.csv`,
    );
    const put = documents.commandCalls(PutCommand)[0]!.args[0].input;
    expect(readable(put, 'ConditionExpression')).toBe('attribute_not_exists(pk)');
    expect(put.Item).toMatchObject({ pk: `IMPORT#${queued.id}`, type: 'importJob', actor });
    expect(put.Item!.expiresAt).toEqual(expect.any(Number));
  });
});

describe('an import as the API answers it', () => {
  const updatedAt = Date.parse(job.updatedAt);
  const answer = importJobSchema.parse(job);

  it('is as recorded while the worker may still be on it, or when it is over', () => {
    expect(
      standingOf({ ...answer, status: 'writing' }, updatedAt + staleImportMs - 1),
    ).toMatchObject({
      status: 'writing',
    });
    expect(
      standingOf({ ...answer, status: 'stored' }, updatedAt + 10 * staleImportMs),
    ).toMatchObject({
      status: 'stored',
    });
  });

  it('has failed when unfinished and silent for longer than the worker can run', () => {
    for (const status of ['queued', 'writing', 'undoing'] as const) {
      expect(standingOf({ ...answer, status }, updatedAt + staleImportMs)).toMatchObject({
        status: 'failed',
        error: { messageKey: 'errors.importInterrupted' },
      });
    }
  });
});
