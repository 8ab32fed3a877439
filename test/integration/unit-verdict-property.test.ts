import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { UnitView } from '../../lambdas/shared/contract/schemas/unit';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';

/**
 * The rule a verdict holds (docs/test-plans.md, "A verdict no one can bend"): a failed result
 * stops counting against its unit only when it is voided or the same test passes later; no
 * plan edit alone turns a unit with a failed result into a PASS. Random sequences of plan
 * saves (tests made optional, dropped, limits moved, extra tests allowed), machine ingests,
 * staff uploads and voids, each checked against a model of what was judged when.
 */
const stack = inject('stack');
const tag = randomUUID().slice(0, 6).toUpperCase();
let token = '';
let productId = '';
let machineKey = '';
let bench = '';
let unitNumber = 0;

type TestName = 'A' | 'B' | 'C' | 'X';
/** A bar with a lower limit, a check without limits, a leak with an upper limit; X is extra. */
const names = { A: 'Shell', B: 'Visual', C: 'Leak', X: 'Paint' } as const;

type Op =
  | {
      kind: 'plan';
      required: [boolean, boolean, boolean];
      keep: [boolean, boolean, boolean];
      shellLimit: number;
      extra: boolean;
    }
  | { kind: 'ingest' | 'upload'; test: TestName; value: number; stated: 'pass' | 'fail' }
  | { kind: 'void'; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('plan' as const),
    required: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    keep: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    shellLimit: fc.constantFrom(8, 10, 12),
    extra: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('ingest' as const, 'upload' as const),
    test: fc.constantFrom<TestName>('A', 'B', 'C', 'X'),
    value: fc.constantFrom(2, 6, 9, 11, 13),
    stated: fc.constantFrom('pass' as const, 'fail' as const),
  }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat(20) }),
);

interface PlanTest {
  name: string;
  method: string;
  unit: string | null;
  lower: number | null;
  upper: number | null;
  required: boolean;
}

/** What the model knows of a stored result: when it was judged, and whether it counted. */
interface Known {
  test: string;
  result: 'pass' | 'fail';
  testedAt: string;
  /** Judged without a plan, or as a required test of the plan in force: a failure counts. */
  counted: boolean;
  voided: boolean;
  id?: string;
}

const as = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const product = await as<{ id: string }>('/api/products', 'POST', {
    name: `Verdict Valve ${tag}`,
    temperatureMin: 0,
    temperatureMax: 100,
    fluid: 'water',
    connection: 'Flanged',
    pressureWCB: 10,
  });
  productId = product.body.id;
  const range = await as('/api/serial-numbers', 'POST', {
    productId,
    startSerial: `VP${tag}-0001`,
    endSerial: `VP${tag}-9999`,
    productionDate: '2026-01-01',
  });
  expect(range.status).toBe(201);
  bench = `Verdict bench ${tag}`;
  machineKey = (await as<MachineCreated>('/api/machines', 'POST', { name: bench })).body.key;
});

describe('a unit’s verdict under random plan edits, results and voids', () => {
  it('never drops a counted failure but by a void or a later pass of the same test', async () => {
    let clock = Date.parse('2026-02-01T00:00:00Z');
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 3, maxLength: 10 }), async (ops) => {
        unitNumber += 1;
        const serial = `VP${tag}-${String(unitNumber).padStart(4, '0')}`;
        const known: Known[] = [];
        // The product's plan carries over from the previous run.
        const inForce = await currentPlan();
        let plan: PlanTest[] | null = inForce?.tests ?? null;
        let allowExtra = inForce?.allowExtraTests ?? false;
        let verdictBefore = (await unit(serial)).verdict;
        for (const op of ops) {
          if (op.kind === 'plan') {
            const tests: PlanTest[] = [
              {
                name: names.A,
                method: 'API 598',
                unit: 'bar',
                lower: op.shellLimit,
                upper: null,
                required: op.required[0],
              },
              {
                name: names.B,
                method: 'Look',
                unit: null,
                lower: null,
                upper: null,
                required: op.required[1],
              },
              {
                name: names.C,
                method: 'Bubbles',
                unit: 'bar',
                lower: null,
                upper: 5,
                required: op.required[2],
              },
            ].filter((_, index) => op.keep[index]);
            const version = (await as<{ planVersion: number | null }>(`/api/products/${productId}`))
              .body.planVersion;
            const saved = await as(`/api/products/${productId}/test-plan`, 'PUT', {
              tests,
              allowExtraTests: op.extra,
              version: version ?? 0,
            });
            expect(saved.status, JSON.stringify(saved.body)).toBe(200);
            plan = tests;
            allowExtra = op.extra;
          } else if (op.kind === 'void') {
            const open = known.filter((result) => !result.voided && result.id);
            if (open.length === 0) continue;
            const target = open[op.pick % open.length]!;
            const voided = await as(`/api/machine-data/${target.id}/void`, 'POST', {
              reason: 'Property check',
            });
            expect(voided.status, JSON.stringify(voided.body)).toBe(200);
            target.voided = true;
          } else {
            clock += 60_000;
            const testedAt = new Date(clock).toISOString();
            const name = names[op.test];
            const test = plan?.find((candidate) => candidate.name === name);
            const limited = test && (test.lower !== null || test.upper !== null);
            // Sent as a careless bench would: the stated result, whatever the limit says.
            const row = {
              serialNumber: serial,
              testName: name,
              result: op.stated,
              value: op.value,
              unit: 'bar',
              testedAt,
            };
            const stored = await send(op.kind, row);
            const outcome = limited
              ? (test.lower === null || op.value >= test.lower) &&
                (test.upper === null || op.value <= test.upper)
                ? 'pass'
                : 'fail'
              : op.stated;
            const acceptable =
              plan === null || (test ? !limited || outcome === op.stated : allowExtra);
            // The API stores exactly what the model says it may, refusing the rest whole.
            expect(stored, `${op.kind} ${name} ${op.value} ${op.stated}`).toBe(acceptable);
            if (stored) {
              known.push({
                test: name,
                result: op.stated,
                testedAt,
                counted: plan === null || (test?.required ?? false),
                voided: false,
              });
            }
          }
          const view = await unit(serial);
          for (const result of known) {
            result.id ??= view.results.find(
              (candidate) =>
                candidate.testName === result.test && candidate.testedAt === result.testedAt,
            )?.id;
          }
          // The latest non-voided result of each test; a counted failure among them fails it.
          const latest = new Map<string, Known>();
          for (const result of known.filter((candidate) => !candidate.voided)) {
            const seen = latest.get(result.test);
            if (!seen || seen.testedAt < result.testedAt) latest.set(result.test, result);
          }
          const failing = [...latest.values()].filter(
            (result) => result.result === 'fail' && result.counted,
          );
          if (failing.length > 0) {
            expect(view.verdict, JSON.stringify({ op, failing })).toBe('fail');
          }
          if (op.kind === 'plan' && verdictBefore === 'fail') {
            expect(view.verdict, 'a plan edit alone turned a failed unit').toBe('fail');
          }
          verdictBefore = view.verdict;
        }
      }),
      {
        numRuns: 25,
        // The attack that found the class: fail a required test, weaken the plan (nothing
        // required, any test taken), then store a passing extra result.
        examples: [
          [
            [
              {
                kind: 'plan',
                required: [true, false, false],
                keep: [true, false, false],
                shellLimit: 10,
                extra: false,
              },
              { kind: 'ingest', test: 'A', value: 2, stated: 'fail' },
              {
                kind: 'plan',
                required: [false, false, false],
                keep: [false, false, false],
                shellLimit: 10,
                extra: true,
              },
              { kind: 'upload', test: 'X', value: 6, stated: 'pass' },
            ],
          ],
        ],
      },
    );
  }, 300_000);
});

async function unit(serial: string): Promise<UnitView> {
  const answer = await as<UnitView>(`/api/serial-numbers/units/${serial}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function currentPlan(): Promise<{ tests: PlanTest[]; allowExtraTests: boolean } | undefined> {
  const answer = await as<{ tests: PlanTest[]; allowExtraTests: boolean }>(
    `/api/products/${productId}/test-plan`,
  );
  return answer.status === 200 ? answer.body : undefined;
}

/** Stores one row by the machine's ingest or a staff upload; true when it was stored. */
async function send(
  kind: 'ingest' | 'upload',
  row: {
    serialNumber: string;
    testName: string;
    result: string;
    value: number;
    unit: string;
    testedAt: string;
  },
): Promise<boolean> {
  const response =
    kind === 'ingest'
      ? await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ results: [row] }),
        })
      : await fetch(`${stack.appUrl}/api/machine-data`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          body: [
            'serialNumber,testName,result,value,unit,testedAt,machineId',
            [
              row.serialNumber,
              row.testName,
              row.result,
              row.value,
              row.unit,
              row.testedAt,
              bench,
            ].join(','),
          ].join('\n'),
        });
  expect([200, 400], await response.clone().text()).toContain(response.status);
  return response.status === 200;
}
