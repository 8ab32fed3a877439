import { staffOrAdmin, type ApiTable } from '../api-spec';
import { labelRunQuerySchema, labelsQuerySchema } from '../labels';
import { idParams } from '../schemas/params';

/** Nameplate labels of a serial range (docs/identity-links.md, printing labels). */
export const labelApi = {
  'GET /api/serial-numbers/{id}/labels': {
    summary:
      "One part of a run of a range's nameplate labels, as a PDF (x-label-parts: the run's parts)",
    access: staffOrAdmin,
    query: labelsQuerySchema,
    params: idParams,
    answers: { 200: { file: 'application/pdf' } },
  },
  'GET /api/serial-numbers/labels': {
    summary:
      "One part of a run of the nameplate labels of several whole ranges, as a PDF (x-label-parts: the run's parts)",
    access: staffOrAdmin,
    query: labelRunQuerySchema,
    answers: { 200: { file: 'application/pdf' } },
  },
} as const satisfies ApiTable;
