import { staffOrAdmin, type ApiTable } from '../api-spec';
import {
  importBodyLimitBytes,
  importJobSchema,
  importQuerySchema,
  importSummarySchema,
} from '../schemas/imports';
import { idParams } from '../schemas/params';
import { deletedSchema, pageSchema } from '../schemas/records';
import {
  createSerialRangeSchema,
  listSerialRangesQuerySchema,
  lookupSerialQuerySchema,
  serialRangeDetailSchema,
  serialRangeSchema,
  updateSerialRangeSchema,
} from '../schemas/serial-range';

/** Serial number ranges: the units each product's production run names (docs/api.md). */
export const serialRangeApi = {
  'GET /api/serial-numbers': {
    summary: "A page of serial number ranges: all, or one product's, by serial or by last change",
    access: staffOrAdmin,
    query: listSerialRangesQuerySchema,
    answers: { 200: pageSchema(serialRangeSchema) },
  },
  'POST /api/serial-numbers': {
    summary: 'Adds a serial number range (refused when it overlaps another)',
    access: staffOrAdmin,
    body: createSerialRangeSchema,
    answers: { 201: serialRangeSchema },
  },
  'POST /api/serial-numbers/import': {
    summary:
      'Checks a CSV file (text/csv) of ranges and queues it to be added, all or none (202, then `GET /api/imports/{id}`); `dryRun=true` checks it and stores nothing',
    access: staffOrAdmin,
    body: 'text',
    query: importQuerySchema,
    bodyLimitBytes: importBodyLimitBytes,
    answers: { 200: importSummarySchema, 202: importJobSchema },
  },
  'GET /api/serial-numbers/lookup': {
    summary: 'The range holding a serial number',
    access: staffOrAdmin,
    query: lookupSerialQuerySchema,
    answers: { 200: serialRangeSchema },
  },
  'GET /api/serial-numbers/{id}': {
    summary: 'One range, with the test results and reports its units hold',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: serialRangeDetailSchema },
  },
  'PUT /api/serial-numbers/{id}': {
    summary: 'Changes or moves a range (the version it was based on must still be current)',
    access: staffOrAdmin,
    body: updateSerialRangeSchema,
    params: idParams,
    answers: { 200: serialRangeSchema },
  },
  'DELETE /api/serial-numbers/{id}': {
    summary: 'Deletes a range whose units hold no test results or reports',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: deletedSchema },
  },
} as const satisfies ApiTable;
