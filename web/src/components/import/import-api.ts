import { importApi } from '../../../../lambdas/shared/contract/api/imports';
import type { ImportJob } from '../../../../lambdas/shared/contract/schemas/imports';
import { api } from '../../lib/api-client';

/** `GET /api/imports/{id}`: where an import stands (rows written, outcome). */
export function readImport(id: string): Promise<ImportJob> {
  return api(importApi, 'GET /api/imports/{id}', { params: { id } });
}
