import { createHttpHandler } from '../shared/http';
import { storeImportPart } from './import-files';
import { importRoutes } from './routes';

/**
 * `PUT /api/imports/uploads/{uploadId}/parts/{part}` (staff, admin): one part of a file too
 * large for an import request, kept under the caller's own name until the import names it.
 */
export const handler = createHttpHandler(
  importRoutes,
  'PUT /api/imports/uploads/{uploadId}/parts/{part}',
  async ({ body, caller, params }) => {
    await storeImportPart(caller.sub, params.uploadId, params.part, body);
    return { status: 204 as const };
  },
);
