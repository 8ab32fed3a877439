import * as z from 'zod';
import { bodyMaterials, type BodyMaterial } from '../materials';
import { measurementField } from '../numbers';
import { canonical, freeText, optionalFreeText } from '../text';
import { roles } from '../roles';

/**
 * A product's test plan: what every unit of it must pass, by which method, against which
 * limits. Plans are versioned: saving a plan makes a new version, and every test result
 * keeps the version (and the limits) it was judged against, so a plan change never
 * rewrites a past verdict. docs/test-plans.md.
 */

/** Tests one plan may hold: a valve's plan has a handful; far above any real one. */
export const maxPlanTests = 50;

const limit = measurementField()
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** One test of a plan. `name` is the key benches send as `testName`. */
export const planTestSchema = z
  .strictObject({
    name: freeText(100),
    /**
     * The name in Traditional Chinese, shown on Chinese reports; empty is none (the name,
     * in English, stays the key benches send).
     */
    nameZh: optionalFreeText(100),
    /** The method or standard, e.g. "API 598 shell test (water)". */
    method: freeText(200),
    /** The method in Traditional Chinese, for Chinese reports; empty is none. */
    methodZh: optionalFreeText(200),
    /** The unit of the measured value and of the limits, e.g. `bar`. */
    unit: optionalFreeText(20),
    /** Inclusive; null when the test has no lower limit. */
    lower: limit,
    /** Inclusive; null when the test has no upper limit. */
    upper: limit,
    /** A unit passes only when every required test's latest result passes. */
    required: z.boolean().default(true),
    /** How long the test pressure is held, in seconds, as the method asks. */
    holdSeconds: z
      .number()
      .int()
      .min(0)
      .max(86_400)
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    /**
     * The body materials the test applies to; empty (or absent) when it applies to every
     * unit. A unit is judged only by the tests that apply to its material.
     */
    materials: z
      .array(z.enum(bodyMaterials))
      .max(bodyMaterials.length)
      .optional()
      .transform((value) => bodyMaterials.filter((material) => value?.includes(material))),
  })
  .refine((test) => test.lower === null || test.upper === null || test.lower <= test.upper, {
    path: ['upper'],
    params: { rule: 'limitOrder' },
  })
  // A limit means nothing without its unit: a value in psi would pass a limit meant in bar.
  .refine((test) => !hasLimits(test) || test.unit !== null, {
    path: ['unit'],
    params: { rule: 'limitUnit' },
  });
export type PlanTest = z.infer<typeof planTestSchema>;

/** `PUT /api/products/{id}/test-plan`: the whole plan, and the version it was based on. */
export const savePlanSchema = z.strictObject({
  tests: z
    .array(planTestSchema)
    .max(maxPlanTests)
    .superRefine((tests, context) => {
      const seen = new Set<string>();
      tests.forEach((test, index) => {
        if (seen.has(test.name)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            params: { rule: 'duplicateTest' },
          });
        }
        seen.add(test.name);
      });
    }),
  /** Whether benches may send results of tests the plan does not name (kept as extra results). */
  allowExtraTests: z.boolean().default(false),
  /** The plan version the edit is based on; 0 when the product had none. A stale edit is refused. */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type SavePlanInput = z.infer<typeof savePlanSchema>;

/** `GET /api/products/{id}/test-plan`: the version in force, or `version`. */
export const testPlanQuerySchema = z.strictObject({
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
});

/** Who approved a plan version: the account that saved it. */
export interface PlanApprover {
  id: string;
  name: string;
  email: string;
  role: (typeof roles)[number];
}

/** A stored plan version (it never changes once saved). */
export const testPlanSchema = z.object({
  productId: z.string(),
  version: z.number().int(),
  tests: z.array(
    z.object({
      // Read in the canonical form results are matched in (a plan saved before free text
      // was stored canonically may hold a double space).
      name: z.string().transform(canonical),
      /** Null when none was given (and in versions saved before Chinese texts existed). */
      nameZh: z.string().nullable().default(null),
      method: z.string(),
      methodZh: z.string().nullable().default(null),
      unit: z
        .string()
        .nullable()
        .transform((unit) => (unit === null ? null : canonical(unit))),
      lower: z.number().nullable(),
      upper: z.number().nullable(),
      required: z.boolean(),
      holdSeconds: z.number().nullable(),
      materials: z.array(z.enum(bodyMaterials)).default([]),
    }),
  ),
  allowExtraTests: z.boolean(),
  approvedBy: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(roles),
  }),
  approvedAt: z.string(),
});
export type TestPlan = z.infer<typeof testPlanSchema>;

/** The limit a result is judged against, as stored with the result. */
export const judgedLimitSchema = z.object({
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  unit: z.string().nullable(),
});
export type JudgedLimit = z.infer<typeof judgedLimitSchema>;

/** Whether a test has limits at all (then its outcome is computed from the value). */
export function hasLimits(test: Pick<JudgedLimit, 'lower' | 'upper'>): boolean {
  return test.lower !== null || test.upper !== null;
}

/** The outcome the limits give a value: inclusive at both ends. */
export function outcomeWithin(value: number, test: Pick<JudgedLimit, 'lower' | 'upper'>) {
  const above = test.lower === null || value >= test.lower;
  const below = test.upper === null || value <= test.upper;
  return above && below ? ('pass' as const) : ('fail' as const);
}

/** `≥ 37.5 bar`, `≤ 2 mL/min`, `4 – 7 bar`: a limit as a report and an error show it. */
export function formatLimit(test: JudgedLimit): string {
  const number = (value: number) => String(Number(value.toPrecision(12)));
  const unit = test.unit ? ` ${test.unit}` : '';
  if (test.lower !== null && test.upper !== null) {
    return `${number(test.lower)} – ${number(test.upper)}${unit}`;
  }
  if (test.lower !== null) return `≥ ${number(test.lower)}${unit}`;
  if (test.upper !== null) return `≤ ${number(test.upper)}${unit}`;
  return '';
}

/** The pressure ratings a valve template reads, per body material (bar; null: not offered). */
export interface ValveRatings {
  pressureFC: number | null;
  pressureWCB: number | null;
  pressureSUS: number | null;
}

/** Body materials, as the product names their ratings. */
const materials = bodyMaterials.map(
  (material) => [material, `pressure${material}` as const] as const,
) satisfies readonly (readonly [BodyMaterial, keyof ValveRatings])[];

/**
 * Factors of the standard valve pressure tests (API 598 and ISO 5208): the shell test at
 * 1.5 × the rated pressure (API 598 shell test; ISO 5208 test P10), the high-pressure
 * seat (closure) test at 1.1 × (API 598 high-pressure closure test; ISO 5208 P11), the
 * low-pressure seat test with air or nitrogen at 4 to 7 bar (API 598: 60–100 psi; ISO 5208
 * P12: 6 ± 1 bar). Hold times: API 598's minimum for valves of 2½" to 6", 60 s; the person
 * reviewing the plan sets the one of the valve's size (15 s up to 2", 120 s for 8"–12",
 * 300 s from 14"). docs/test-plans.md.
 */
export const valveTestFactors = {
  shell: 1.5,
  highPressureSeat: 1.1,
  lowPressureSeat: { lower: 4, upper: 7 },
  holdSeconds: 60,
} as const;

/** Rounds a derived pressure to what a gauge reads (0.01 bar), without float noise. */
const gauge = (value: number) => Math.round(value * 100) / 100;

/**
 * A valve test plan filled from the product's own pressure ratings: a shell test and a
 * high-pressure seat test for each body material the product is offered in, each applying
 * to units of that material only, and one low-pressure gas seat test for every unit, each
 * named in English and Traditional Chinese. A starting point for a person to review before
 * saving.
 */
export function valvePlanTemplate(ratings: ValveRatings): PlanTest[] {
  const { shell, highPressureSeat, lowPressureSeat, holdSeconds } = valveTestFactors;
  const tests: PlanTest[] = [];
  for (const [material, field] of materials) {
    const rating = ratings[field];
    if (rating === null) continue;
    tests.push({
      name: `Shell test (${material})`,
      nameZh: `殼體試驗（${material}）`,
      method: `API 598 shell test, water at 1.5 × rated pressure (${rating} bar); ISO 5208 P10`,
      methodZh: `API 598 殼體試驗，以水加壓至額定壓力（${rating} bar）的 1.5 倍；ISO 5208 P10`,
      unit: 'bar',
      lower: gauge(rating * shell),
      upper: null,
      required: true,
      holdSeconds,
      materials: [material],
    });
    tests.push({
      name: `Seat test high pressure (${material})`,
      nameZh: `高壓密封試驗（${material}）`,
      method: `API 598 high-pressure closure test, water at 1.1 × rated pressure (${rating} bar); ISO 5208 P11`,
      methodZh: `API 598 高壓關閉試驗，以水加壓至額定壓力（${rating} bar）的 1.1 倍；ISO 5208 P11`,
      unit: 'bar',
      lower: gauge(rating * highPressureSeat),
      upper: null,
      required: true,
      holdSeconds,
      materials: [material],
    });
  }
  tests.push({
    name: 'Seat test low pressure (gas)',
    nameZh: '低壓密封試驗（氣體）',
    method: 'API 598 low-pressure closure test, air or nitrogen at 4–7 bar; ISO 5208 P12',
    methodZh: 'API 598 低壓關閉試驗，以空氣或氮氣加壓至 4–7 bar；ISO 5208 P12',
    unit: 'bar',
    lower: lowPressureSeat.lower,
    upper: lowPressureSeat.upper,
    required: true,
    holdSeconds,
    materials: [],
  });
  return tests;
}
