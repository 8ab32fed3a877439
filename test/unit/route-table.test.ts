import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerModules, routeKey, routes } from '../../lambdas/routes';
import { repoRoot } from '../../bin/local/settings';

describe('the route table', () => {
  it("has unique routes under /api, and the resolver's and the DID document's public ones at their own paths", () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) {
      if (route.path.startsWith('/api/')) continue;
      expect(route.access, routeKey(route)).toBe('public');
      // Outside /api only the identification-link resolver lives, and the DID document of the
      // reports' credentials (a did:web document is at the host's root, by its method).
      if (route.path === '/.well-known/did.json') {
        expect(route.handler).toBe('lambdas/report-requests/did-handler.ts');
        expect(route.method).toBe('GET');
        continue;
      }
      expect(route.handler, routeKey(route)).toBe('lambdas/resolver/handler.ts');
      expect(route.path, routeKey(route)).toMatch(
        /^\/(01|id)\/\{path\+\}$|^\/\.well-known\/gs1resolver$|^\/\{code\}$/,
      );
    }
  });

  it('points every route at a handler module that exports `handler`', async () => {
    Object.assign(process.env, {
      TABLE_NAME: 't',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      REPORTS_BUCKET: 'b',
      MAIL_FROM: 'm@example.com',
    });
    for (const module of handlerModules()) {
      expect(existsSync(join(repoRoot, module)), module).toBe(true);
      const imported = (await import(join(repoRoot, module))) as { handler?: unknown };
      expect(typeof imported.handler, module).toBe('function');
    }
  });

  it('gives every route an access rule of a known kind', () => {
    for (const route of routes) {
      const { access } = route;
      const known =
        access === 'public' ||
        access === 'machine' ||
        (Array.isArray(access) &&
          access.length > 0 &&
          access.every((r) => ['admin', 'staff'].includes(r)));
      expect(known, routeKey(route)).toBe(true);
    }
  });
});
