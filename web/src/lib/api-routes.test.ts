import { describe, expect, it } from 'vitest';
import { productWriteApi } from '../../../lambdas/shared/contract/api/product-writes';
import { answerSchema } from './api-routes';

describe('the reader of a route’s answer', () => {
  const read = answerSchema(productWriteApi, 'POST /api/products/import')!;

  it('reads each of a route’s JSON answers (a dry run’s summary, a queued import)', () => {
    const summary = { rows: 3, created: 0, dryRun: true, batchId: null };
    expect(read.safeParse(summary)).toMatchObject({ success: true, data: summary });
    const job = {
      id: 'b1',
      kind: 'product',
      status: 'queued',
      rows: 3,
      written: 0,
      fileName: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
      error: null,
    };
    expect(read.safeParse(job)).toMatchObject({ success: true, data: job });
  });

  it('refuses an answer none of them describes', () => {
    expect(read.safeParse({ rows: 3 }).success).toBe(false);
  });
});
