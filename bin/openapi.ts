import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeTable } from '../lambdas/routes';
import { apiVersion } from '../lambdas/shared/contract/api-version';
import { openApiDocument } from '../lambdas/shared/contract/openapi';

/**
 * `npm run openapi`: writes docs/openapi.json from the route contract (the same document
 * `GET /api/openapi.json` answers). A test fails while the committed file differs.
 */
export const openApiFile = join(import.meta.dirname, '..', 'docs', 'openapi.json');

export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(routeTable, apiVersion), null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(openApiFile, openApiText());
  console.log(`Wrote ${openApiFile}`);
}
