import * as z from 'zod';
import type { ApiTable } from '../api-spec';

/** The OpenAPI document's outline, as its answer is checked (contract/openapi.ts makes it). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

/** The API's own description (docs/api.md, docs/openapi.json). */
export const openApiApi = {
  'GET /api/openapi.json': {
    summary: 'This API as an OpenAPI 3.1 document, generated from the route contract',
    access: 'public',
    answers: { 200: openApiDocumentSchema },
  },
} as const satisfies ApiTable;
