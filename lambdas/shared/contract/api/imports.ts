import { staffOrAdmin, type ApiTable } from '../api-spec';
import { importJobSchema } from '../schemas/imports';
import { idParams } from '../schemas/params';

/**
 * The catalogue imports' progress (docs/api.md, "Imports"): an import's request checks the
 * file and answers `202` with its id; the import worker writes it, and this route says
 * where it stands, which the page reads until it is over.
 */
export const importApi = {
  'GET /api/imports/{id}': {
    summary: 'Where an import of products or serial number ranges stands (rows written, outcome)',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: importJobSchema },
  },
} as const satisfies ApiTable;
