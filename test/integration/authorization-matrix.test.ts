import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../bin/local/settings';
import { routeKey, routes } from '../../lambdas/routes';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import { createUser, forgeToken, signIn } from '../support/cognito';
import { createAdminWithSecondFactor } from '../support/second-factor';

const stack = inject('stack');

/**
 * `admin` signed in with the second factor; `adminNo2fa` an admin signed in with the
 * password alone (docs/access-control.md "Second factor"): refused on admin-only routes,
 * answered as staff elsewhere.
 */
type Caller =
  | 'anonymous'
  | 'noRole'
  | 'staff'
  | 'admin'
  | 'adminNo2fa'
  | 'foreignKey'
  | 'publishedKey'
  | 'expired'
  | 'otherAudience';
type Outcome = 'allowed' | 401 | 403;

const signedOut: Record<
  'anonymous' | 'noRole' | 'foreignKey' | 'publishedKey' | 'expired' | 'otherAudience',
  401
> = {
  anonymous: 401,
  noRole: 401,
  foreignKey: 401,
  publishedKey: 401,
  expired: 401,
  otherAudience: 401,
};
const everyone: Record<Caller, Outcome> = {
  anonymous: 'allowed',
  noRole: 'allowed',
  staff: 'allowed',
  admin: 'allowed',
  adminNo2fa: 'allowed',
  foreignKey: 'allowed',
  publishedKey: 'allowed',
  expired: 'allowed',
  otherAudience: 'allowed',
};
const staffAndAdmin: Record<Caller, Outcome> = {
  ...signedOut,
  staff: 'allowed',
  admin: 'allowed',
  adminNo2fa: 'allowed',
};
const adminOnly: Record<Caller, Outcome> = {
  ...signedOut,
  staff: 403,
  admin: 'allowed',
  adminNo2fa: 403,
};
/** Machine routes take a machine key, never a user's token. */
const machineKeyOnly: Record<Caller, Outcome> = {
  ...signedOut,
  staff: 401,
  admin: 401,
  adminNo2fa: 401,
};
/**
 * Turning one's authenticator app off needs a session signed in with its code moments ago:
 * the staff account and the password-only admin have none (403 recentSignInRequired).
 */
const freshSecondFactorOnly: Record<Caller, Outcome> = {
  ...signedOut,
  staff: 403,
  admin: 'allowed',
  adminNo2fa: 403,
};

/**
 * Routes that end the caller's sessions when they succeed: their `admin` call is made by an
 * admin of its own (with its second factor), so the matrix's admin token stays valid.
 */
const sessionEnding = new Set(['POST /api/account/mfa', 'DELETE /api/account/mfa']);

/**
 * The expected answer of every route to every kind of caller, written out by hand.
 * A route added to the route table without a row here (or a row left for a removed
 * route) fails the first test.
 */
const expected: Record<string, Record<Caller, Outcome>> = {
  'GET /api/health': everyone,
  'POST /api/report-requests': everyone,
  'GET /api/report-requests/{id}/pdf': everyone,
  'GET /api/report-requests/verify/{reportNumber}': everyone,
  'GET /api/report-requests/verify/{reportNumber}/credential': everyone,
  'POST /api/report-requests/signature-check': everyone,
  'GET /.well-known/did.json': everyone,
  'GET /api/units/{serial+}': everyone,
  'GET /01/{path+}': everyone,
  'HEAD /01/{path+}': everyone,
  'OPTIONS /01/{path+}': everyone,
  'GET /id/{path+}': everyone,
  'HEAD /id/{path+}': everyone,
  'OPTIONS /id/{path+}': everyone,
  'GET /{code}': everyone,
  'HEAD /{code}': everyone,
  'OPTIONS /{code}': everyone,
  'GET /.well-known/gs1resolver': everyone,
  'HEAD /.well-known/gs1resolver': everyone,
  'OPTIONS /.well-known/gs1resolver': everyone,
  'GET /api/report-requests': staffAndAdmin,
  'POST /api/report-requests/{id}/resend': adminOnly,
  'GET /api/machine-data': staffAndAdmin,
  'POST /api/machine-data': staffAndAdmin,
  'POST /api/machine-data/ingest': machineKeyOnly,
  'POST /api/machine-data/{id}/void': staffAndAdmin,
  'GET /api/machines': adminOnly,
  'POST /api/machines': adminOnly,
  'DELETE /api/machines/{id}': adminOnly,
  'GET /api/dashboard': staffAndAdmin,
  'GET /api/statistics/filters': staffAndAdmin,
  'GET /api/statistics/yield': staffAndAdmin,
  'GET /api/statistics/pareto': staffAndAdmin,
  'GET /api/statistics/capability': staffAndAdmin,
  'GET /api/statistics/values': staffAndAdmin,
  // The whole log, as this bare path asks for it; one record's history
  // (`?entity=&id=`) and one's own actions (`?actor=<own id>`) are open to staff too
  // (test/integration/audit.test.ts).
  'GET /api/audit': adminOnly,
  'GET /api/products': staffAndAdmin,
  'POST /api/products': staffAndAdmin,
  'POST /api/products/import': staffAndAdmin,
  'GET /api/products/{id}': staffAndAdmin,
  'PUT /api/products/{id}': staffAndAdmin,
  'DELETE /api/products/{id}': staffAndAdmin,
  'GET /api/products/{id}/test-plan': staffAndAdmin,
  'PUT /api/products/{id}/test-plan': staffAndAdmin,
  'GET /api/serial-numbers': staffAndAdmin,
  'POST /api/serial-numbers': staffAndAdmin,
  'POST /api/serial-numbers/import': staffAndAdmin,
  'PUT /api/imports/uploads/{uploadId}/parts/{part}': staffAndAdmin,
  'GET /api/imports/{id}': staffAndAdmin,
  'GET /api/serial-numbers/lookup': staffAndAdmin,
  'GET /api/serial-numbers/{id}': staffAndAdmin,
  'GET /api/serial-numbers/{id}/labels': staffAndAdmin,
  'GET /api/serial-numbers/labels': staffAndAdmin,
  'PUT /api/serial-numbers/{id}': staffAndAdmin,
  'DELETE /api/serial-numbers/{id}': staffAndAdmin,
  'GET /api/serial-numbers/units/{serial+}': staffAndAdmin,
  'GET /api/openapi.json': everyone,
  'GET /api/settings': staffAndAdmin,
  'PUT /api/settings': adminOnly,
  'GET /api/sign-up': everyone,
  'GET /api/account': staffAndAdmin,
  'PATCH /api/account': staffAndAdmin,
  // Nothing set up in Cognito for staff nor the password-only admin: refused by the
  // service (409), past the access rule.
  'POST /api/account/mfa': staffAndAdmin,
  'DELETE /api/account/mfa': freshSecondFactorOnly,
  // Without a body: refused for it (400), past the access rule.
  'POST /api/account/sessions/revoke': staffAndAdmin,
  'GET /api/staff': adminOnly,
  'POST /api/staff': adminOnly,
  'PATCH /api/staff/{id}': adminOnly,
  'POST /api/staff/{id}/invitation': adminOnly,
  'POST /api/staff/{id}/password-reset': adminOnly,
  'DELETE /api/staff/{id}/mfa': adminOnly,
};

/**
 * Handler modules that are not HTTP routes (a Cognito trigger, an SNS subscriber, the data
 * migrations' custom resource).
 */
const nonRouteHandlers = [
  'lambdas/auth/custom-message.ts',
  'lambdas/report-requests/suppression-handler.ts',
  'lambdas/migrations/handler.ts',
];

function handlerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'shared' ? [] : handlerFiles(path);
    return /handler\.ts$/.test(entry.name) ? [relative(repoRoot, path)] : [];
  });
}

describe('the authorization matrix', () => {
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    const admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    await createUser(stack, 'matrix.staff@example.com', 'Matrix-Staff-2026!', 'staff');
    await createUser(stack, 'matrix.pending@example.com', 'Matrix-Pending-2026!');
    await createUser(stack, 'matrix.no2fa@example.com', 'Matrix-No2fa-2026!', 'admin');
    tokens.set(
      'adminNo2fa',
      (await signIn(stack, 'matrix.no2fa@example.com', 'Matrix-No2fa-2026!')).IdToken,
    );
    const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString());
    tokens.set('anonymous', undefined);
    tokens.set('admin', admin);
    tokens.set(
      'staff',
      (await signIn(stack, 'matrix.staff@example.com', 'Matrix-Staff-2026!')).IdToken,
    );
    tokens.set(
      'noRole',
      (await signIn(stack, 'matrix.pending@example.com', 'Matrix-Pending-2026!')).IdToken,
    );
    tokens.set('foreignKey', await forgeToken(claims, { expiresAt: now + 600, key: 'foreign' }));
    // The admin's claims, freshly signed in, with the key cognito-local publishes: anyone
    // could write this token; the local pool signs with a key of its own.
    tokens.set(
      'publishedKey',
      await forgeToken({ ...claims, auth_time: now }, { expiresAt: now + 600, key: 'published' }),
    );
    tokens.set('expired', await forgeToken(claims, { expiresAt: now - 60, stack }));
    tokens.set(
      'otherAudience',
      await forgeToken({ ...claims, aud: 'another-client' }, { expiresAt: now + 600, stack }),
    );
  });

  it('has a row for exactly the routes in the route table', () => {
    expect(Object.keys(expected).sort()).toEqual(routes.map(routeKey).sort());
  });

  it('serves every handler module through the route table', () => {
    const routed = new Set(routes.map((route) => route.handler));
    const unrouted = handlerFiles(join(repoRoot, 'lambdas')).filter(
      (file) => !routed.has(file) && !nonRouteHandlers.includes(file),
    );
    expect(unrouted).toEqual([]);
  });

  for (const route of routes) {
    const key = routeKey(route);
    describe(key, () => {
      // A compressed link's path starts with one of its initials (D: a GTIN's), else it is
      // the app's page.
      const path = route.path.replace('{code}', 'Dno-such-id').replace(/\{\w+\+?\}/g, 'no-such-id');
      for (const caller of Object.keys(everyone) as Caller[]) {
        it(`answers ${caller} as the table says`, async () => {
          const token =
            caller === 'admin' && sessionEnding.has(key)
              ? (
                  await createAdminWithSecondFactor(
                    stack,
                    `matrix.${route.method.toLowerCase()}.mfa.${Date.now()}@example.com`,
                    'Matrix-Admin-2026!',
                  )
                ).session.IdToken
              : tokens.get(caller);
          const response = await fetch(`${stack.appUrl}${path}`, {
            method: route.method,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          const want = expected[key]?.[caller];
          if (want === 'allowed') {
            expect([401, 403], `${caller} got ${response.status}`).not.toContain(response.status);
          } else {
            expect(response.status).toBe(want);
            if (route.method === 'HEAD') return;
            const body = (await response.json()) as ErrorBody;
            expect(body.error.code).toBe(want === 401 ? 'unauthenticated' : 'permission-denied');
          }
        });
      }
    });
  }
});
