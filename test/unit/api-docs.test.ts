import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../bin/local/settings';
import { routes } from '../../lambdas/routes';
import { routeKey } from '../../lambdas/shared/contract/api-spec';

/**
 * docs/api.md's table of routes against the route table: one row per path (a row may name
 * several methods, `GET, HEAD, OPTIONS /01/{path+}`), each written as the table writes it
 * (`{serial+}`, not `{serial}`), none missing and none that is not a route.
 */
function documentedRoutes(): string[] {
  const text = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
  const section = text.slice(
    text.indexOf('\n## Routes'),
    text.indexOf('\n## ', text.indexOf('\n## Routes') + 1),
  );
  return section
    .split('\n')
    .map((line) => /^\| `((?:[A-Z]+, )*[A-Z]+) (\/[^`]*)`/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .flatMap(([, methods, path]) => methods!.split(', ').map((method) => `${method} ${path}`));
}

describe('docs/api.md', () => {
  it('lists exactly the routes of the table, as the table writes them', () => {
    const documented = documentedRoutes();
    const table = routes.map(routeKey);
    expect(
      documented.filter((key) => !table.includes(key)),
      'documented, not routes',
    ).toEqual([]);
    expect(
      table.filter((key) => !documented.includes(key)),
      'routes not documented',
    ).toEqual([]);
    expect(new Set(documented).size, 'each route once').toBe(documented.length);
  });
});
