import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import { gtinCheckDigit } from '../../lambdas/shared/contract/gs1';
import { englishMessage } from '../../lambdas/shared/contract/message-text';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { newVisitorAddress, visitorRequest, type RawResponse } from '../support/visitor';

/**
 * The public look-up quota (lambdas/shared/lookup-quota.ts) on a stack of its own with a
 * small limit: the identification links (compressed ones included, GET and HEAD), a unit's
 * data and report verifications count against one quota per client address, found or not;
 * beyond it each answers 429 with `Retry-After` and the catalogue message, while another
 * address and the routes that say nothing about a serial go on. A day's window: a run does
 * not straddle its edge (a fixed window would start counting afresh there).
 */
const limit = 12;
let own: StackProcess;

beforeAll(async () => {
  own = await startStackProcess({
    env: { LOOKUP_LIMIT_PER_ADDRESS: String(limit), LOOKUP_LIMIT_WINDOW_MINUTES: '1440' },
  });
}, 180_000);

afterAll(() => own?.stop());

const { compressWebUri } = (
  createRequire(import.meta.url)('digital-link.js') as {
    Utils: { compressWebUri: (uri: string) => string };
  }
).Utils;
/** A GTIN-13 no range holds (GS1 prefix 950: examples). */
const gtin = `950000000012${gtinCheckDigit('950000000012')}`;
const lookups = (n: number) => [
  `/01/${gtin}/21/NONE-${n}`,
  `/api/units/NONE-${n}`,
  `/api/report-requests/verify/TR-20260101-${String(n).padStart(6, '0')}`,
  compressWebUri(`https://id.example.com/01/${gtin}/21/NONE-${n}`).slice(
    'https://id.example.com'.length,
  ),
];

const send = (path: string, address: string, method = 'GET'): Promise<RawResponse> =>
  visitorRequest(own.info, path, { address, method });
const json = (response: RawResponse) => JSON.parse(response.bytes.toString('utf8')) as ErrorBody;

it('answers 429 with Retry-After once an address has used up its look-ups, found or not', async () => {
  const address = newVisitorAddress();
  const counted: number[] = [];
  for (let n = 0; n < limit; n++) {
    const path = lookups(n)[n % 4]!;
    // The resolver's links take HEAD as well (the unit data and verification GET only).
    const head = n >= 4 && (n % 4 === 0 || n % 4 === 3);
    counted.push((await send(path, address, head ? 'HEAD' : 'GET')).status);
  }
  // Each of them an honest answer: unknown units and reports are 404.
  expect(counted).toEqual(Array(limit).fill(404));

  for (const path of lookups(limit)) {
    const refused = await send(path, address);
    expect(refused.status, path).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter, path).toBeGreaterThan(0);
    expect(retryAfter, path).toBeLessThanOrEqual(1440 * 60);
    expect(json(refused).error, path).toMatchObject({
      code: 'resource-exhausted',
      messageKey: 'errors.lookupRateLimited',
    });
    expect(json(refused).error.message, path).toBe(
      englishMessage('errors.lookupRateLimited', { minutes: Math.ceil(retryAfter / 60) }),
    );
  }
  const head = await send(lookups(limit)[0]!, address, 'HEAD');
  expect(head.status).toBe(429);
  expect(head.bytes).toHaveLength(0);

  // Routes that say nothing about a serial do not count and are not refused.
  expect((await send('/.well-known/gs1resolver', address)).status).toBe(200);
  // Another address has its own quota.
  expect((await send(lookups(0)[1]!, newVisitorAddress())).status).toBe(404);
});

it('counts a malformed compressed link as nothing: 400 before any look-up', async () => {
  const address = newVisitorAddress();
  for (let n = 0; n < limit + 2; n++) {
    expect((await send('/D!!', address)).status).toBe(400);
  }
  expect((await send(lookups(1)[0]!, address)).status).toBe(404);
});
