import { marshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { routes, routeKey } from '../../lambdas/routes';
import { isStorableNumber } from '../../lambdas/shared/contract/numbers';

/**
 * Every number a request can carry reaches the table only as a number the table stores
 * and gives back unchanged. This walks every schema of the route table down to its
 * number fields and feeds each the values JSON allows but DynamoDB does not: a schema
 * that accepts one of them (a new field without bounds, say) fails here, whatever the
 * route. The HTTP side of the same rule: test/integration/fuzz.test.ts, "Numbers".
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The number schemas inside `schema`, with their paths. */
function numberLeaves(schema: unknown, path = ''): { path: string; schema: ZodType }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      return [{ path, schema: schema as ZodType }];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, child]) =>
        numberLeaves(child, path ? `${path}.${name}` : name),
      );
    case 'array':
      return numberLeaves(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return numberLeaves(def.innerType, path);
    case 'pipe':
      return [...numberLeaves(def.in, path), ...numberLeaves(def.out, path)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => numberLeaves(option, path));
    case 'intersection':
      return [...numberLeaves(def.left, path), ...numberLeaves(def.right, path)];
    case 'record':
      return numberLeaves(def.valueType, `${path}.*`);
    case 'tuple':
      return (def.items as unknown[]).flatMap((item, index) =>
        numberLeaves(item, `${path}[${index}]`),
      );
    default:
      return [];
  }
}

const edgeValues = [
  1e-200,
  5e-324,
  -5e-324,
  1e-131,
  1e300,
  -1e300,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e16,
  1e126,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Infinity,
  -Infinity,
  NaN,
];

const schemasOf = (route: (typeof routes)[number]) =>
  [
    ['body', route.body],
    ['query', route.query],
    ['params', route.params],
  ].filter(([, schema]) => schema && schema !== 'text') as [string, ZodType][];

describe('number fields of every route', () => {
  const leaves = routes.flatMap((route) =>
    schemasOf(route).flatMap(([part, schema]) =>
      numberLeaves(schema).map((leaf) => ({
        ...leaf,
        label: `${routeKey(route)} ${part} ${leaf.path}`,
      })),
    ),
  );

  it('finds the number fields it guards (products, results, versions)', () => {
    const labels = leaves.map((leaf) => leaf.label);
    for (const expected of [
      'POST /api/products body temperatureMin',
      'PUT /api/products/{id} body version',
      'POST /api/machine-data/ingest body results[].value',
      'GET /api/products query limit',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it.each(edgeValues.map((value) => [String(value), value]))(
    'accepts %s only where the table stores it unchanged',
    (_, value) => {
      for (const leaf of leaves) {
        const result = leaf.schema.safeParse(value);
        if (result.success) {
          expect(isStorableNumber(value), leaf.label).toBe(true);
          expect(() => marshall({ value: result.data })).not.toThrow();
        }
      }
    },
  );

  it('accepts no value, of any double, that the table cannot store', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        for (const leaf of leaves) {
          if (leaf.schema.safeParse(value).success) {
            expect(isStorableNumber(value), `${leaf.label} accepted ${value}`).toBe(true);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
