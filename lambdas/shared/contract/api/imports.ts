import { staffOrAdmin, type ApiTable } from '../api-spec';
import { importBodyLimitBytes, importJobSchema, importPartParams } from '../schemas/imports';
import { idParams } from '../schemas/params';

/**
 * The catalogue imports' files and progress (docs/api.md, "Imports"): a file larger than an
 * import request takes goes up in parts first; an import's request checks the file and
 * answers `202` with its id; the import worker writes it, and the progress route says where
 * it stands, which the page reads until it is over.
 */
export const importApi = {
  'PUT /api/imports/uploads/{uploadId}/parts/{part}': {
    summary:
      'Keeps one part (at most 3 MB) of a CSV file larger than an import request takes; the import then names the upload',
    access: staffOrAdmin,
    params: importPartParams,
    body: 'text',
    bodyLimitBytes: importBodyLimitBytes,
    answers: { 204: 'none' },
  },
  'GET /api/imports/{id}': {
    summary: 'Where an import of products or serial number ranges stands (rows written, outcome)',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: importJobSchema },
  },
} as const satisfies ApiTable;
