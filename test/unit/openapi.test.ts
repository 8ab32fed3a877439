import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiFile, openApiText } from '../../bin/openapi';
import { routes } from '../../lambdas/routes';
import { hasRoles } from '../../lambdas/shared/contract/api-spec';

/**
 * The OpenAPI document (lambdas/shared/contract/openapi.ts): generated from the route
 * contract, valid against the OpenAPI 3.1 specification (swagger-parser, which checks the
 * document against the specification's schema and resolves every reference), every route in
 * it with its security, and docs/openapi.json in sync with it.
 */
const text = openApiText();
const document = JSON.parse(text) as {
  paths: Record<string, Record<string, { security: unknown[]; 'x-roles'?: string[] }>>;
};

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('has every route of the table, with its security', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\+\}/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      const expected =
        route.access === 'public'
          ? []
          : route.access === 'machine'
            ? [{ machineKey: [] }]
            : [{ cognitoIdToken: [] }];
      expect(operation!.security, `${route.method} ${route.path}`).toEqual(expected);
      if (hasRoles(route)) expect(operation!['x-roles']).toEqual([...route.access]);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(routes.length);
  });

  it('is committed as docs/openapi.json (npm run openapi writes it)', () => {
    expect(readFileSync(openApiFile, 'utf8'), 'docs/openapi.json is stale: npm run openapi').toBe(
      text,
    );
  });
});
