import { expect, inject, it } from 'vitest';
import { openApiText } from '../../bin/openapi';

/** `GET /api/openapi.json` through the local gateway: public, cached, the committed document. */
const stack = inject('stack');

it('answers the OpenAPI document, public and cacheable', async () => {
  const response = await fetch(`${stack.appUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  expect(await response.json()).toEqual(JSON.parse(openApiText()));
});
