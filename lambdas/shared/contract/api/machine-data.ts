import { staffOrAdmin, type ApiTable } from '../api-spec';
import {
  ingestBatchSchema,
  ingestEnvelopeSchema,
  ingestSummarySchema,
  listTestResultsQuerySchema,
  resultIdParams,
  uploadQuerySchema,
  voidResultSchema,
} from '../schemas/machine-data';
import { pageWithoutTotalSchema } from '../schemas/records';
import { testResultSchema } from '../schemas/test-result';

/** Test results from the benches and staff uploads (docs/machine-data.md). */
export const machineDataApi = {
  'GET /api/machine-data': {
    summary: "A page of test results, newest first, or one unit's history (`serial`)",
    access: staffOrAdmin,
    query: listTestResultsQuerySchema,
    answers: { 200: pageWithoutTotalSchema(testResultSchema) },
  },
  'POST /api/machine-data': {
    summary:
      'Stores up to 500 results from a CSV file (text/csv), refused whole naming every problem; `dryRun=true` checks it and stores nothing',
    access: staffOrAdmin,
    body: 'text',
    query: uploadQuerySchema,
    answers: { 200: ingestSummarySchema },
  },
  'POST /api/machine-data/{id}/void': {
    summary: 'Voids a wrong result with a reason; it stays, and no longer counts for its unit',
    access: staffOrAdmin,
    params: resultIdParams,
    body: voidResultSchema,
    answers: { 200: testResultSchema },
  },
  'POST /api/machine-data/ingest': {
    summary: "A bench's batch of up to 500 results (machine key); re-sent results are stored once",
    access: 'machine',
    body: ingestBatchSchema,
    // Every row is checked by the handler, with the ranges and plans: one answer, every problem.
    batchEnvelope: ingestEnvelopeSchema,
    invalidBodyMessage: 'errors.batchRefused',
    answers: { 200: ingestSummarySchema },
  },
} as const satisfies ApiTable;
