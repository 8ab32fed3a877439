import type { BodyMaterial } from '../../../../lambdas/shared/contract/materials';
import {
  maxPlanTests,
  valvePlanTemplate,
  type PlanTest,
  type TestPlan,
  type ValveRatings,
} from '../../../../lambdas/shared/contract/schemas/test-plan';
import type { MessageRef, Validation } from '../../../../lambdas/shared/contract/validation';
import { numberInputText, parseNumberInput } from '../../lib/number-input';

/**
 * The test-plan editor's values: one row per test, as typed, each with a key of its own
 * (so a message, the focus and React's state stay with their test when tests move),
 * checked with the shared `savePlanSchema` through {@link planInput}: no rule of the plan
 * is written here.
 */

/** The typed fields of a test, in the order the editor shows them. */
export const planTestTextFields = [
  'name',
  'method',
  'nameZh',
  'methodZh',
  'unit',
  'lower',
  'upper',
  'holdSeconds',
] as const;
export type PlanTestTextField = (typeof planTestTextFields)[number];

export interface PlanTestRow extends Record<PlanTestTextField, string> {
  key: string;
  required: boolean;
  /** The body materials the test applies to; empty: every unit. */
  materials: BodyMaterial[];
}

export interface PlanFormValues {
  tests: PlanTestRow[];
  allowExtraTests: boolean;
}

/** A plan's content as stored (and as the editor started from): version 0 for none. */
export interface PlanBase {
  version: number;
  tests: PlanTest[];
  allowExtraTests: boolean;
}

export const noPlan: PlanBase = { version: 0, tests: [], allowExtraTests: false };

export { maxPlanTests };

let lastKey = 0;
/** A key for a new row, unique in this page. */
export function newRowKey(): string {
  lastKey += 1;
  return `test-${lastKey}`;
}

/** The row of a stored test, or an empty one (required, as the schema's default). */
export function planTestRow(test?: PlanTest): PlanTestRow {
  return {
    key: newRowKey(),
    name: test?.name ?? '',
    method: test?.method ?? '',
    nameZh: test?.nameZh ?? '',
    methodZh: test?.methodZh ?? '',
    unit: test?.unit ?? '',
    lower: numberInputText(test?.lower),
    upper: numberInputText(test?.upper),
    holdSeconds: numberInputText(test?.holdSeconds),
    required: test?.required ?? true,
    materials: [...(test?.materials ?? [])],
  };
}

export function planFormValues(plan: Pick<PlanBase, 'tests' | 'allowExtraTests'>): PlanFormValues {
  return { tests: plan.tests.map(planTestRow), allowExtraTests: plan.allowExtraTests };
}

/** What a stored plan is as the editor's base (the version the next save is based on). */
export function planBase(plan: TestPlan | null): PlanBase {
  return plan
    ? { version: plan.version, tests: plan.tests, allowExtraTests: plan.allowExtraTests }
    : noPlan;
}

/**
 * The body of `PUT /api/products/{id}/test-plan` from what is typed, for the shared
 * schema to check: numbers from the number fields (empty: not given; not a number: NaN,
 * which the schema calls "not valid"), the other texts as typed (the schema trims them).
 */
export function planInput(values: PlanFormValues, version: number): unknown {
  return {
    tests: values.tests.map((row) => ({
      name: row.name,
      method: row.method,
      nameZh: row.nameZh,
      methodZh: row.methodZh,
      unit: row.unit,
      lower: parseNumberInput(row.lower),
      upper: parseNumberInput(row.upper),
      required: row.required,
      holdSeconds: parseNumberInput(row.holdSeconds),
      materials: row.materials,
    })),
    allowExtraTests: values.allowExtraTests,
    version,
  };
}

/** `tests.<index>.<field>`: where the schema and the API name a test's field. */
export const planFieldPath = (index: number, field: PlanTestTextField) => `tests.${index}.${field}`;

/** Every field path of the form in page order (where the focus goes first). */
export function planFormFields(values: PlanFormValues): string[] {
  return values.tests.flatMap((_row, index) =>
    planTestTextFields.map((field) => planFieldPath(index, field)),
  );
}

/** The row and field a path names (`tests.2.upper`), or undefined for any other path. */
export function rowFieldOfPath(
  path: string,
  rows: readonly PlanTestRow[],
): { key: string; field: PlanTestTextField } | undefined {
  const match = /^tests\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return undefined;
  const row = rows[Number(match[1])];
  const field = planTestTextFields.find((name) => name === match[2]);
  return row && field ? { key: row.key, field } : undefined;
}

/**
 * A check's messages per row key and field (`<key>.<field>`), and the messages about the
 * plan as a whole (e.g. too many tests).
 */
export function planIssues(
  validation: Validation<unknown>,
  rows: readonly PlanTestRow[],
): { fields: Map<string, MessageRef>; plan: MessageRef[] } {
  const fields = new Map<string, MessageRef>();
  const plan: MessageRef[] = [];
  if (validation.success) return { fields, plan };
  for (const [path, issue] of Object.entries(validation.fields)) {
    const place = rowFieldOfPath(path, rows);
    if (place) fields.set(`${place.key}.${place.field}`, issue);
    else plan.push(issue);
  }
  return { fields, plan };
}

/** The rows with the one at `index` moved by `delta` places (kept within the list). */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The valve template's rows for the product's own pressure ratings (as saved). */
export function templateRows(ratings: ValveRatings): PlanTestRow[] {
  return valvePlanTemplate(ratings).map(planTestRow);
}

/** The body materials a product is offered in, as the template reads them (`FC 16 bar`). */
export function offeredRatings(ratings: ValveRatings): { material: string; rating: number }[] {
  return (
    [
      ['FC', ratings.pressureFC],
      ['WCB', ratings.pressureWCB],
      ['SUS', ratings.pressureSUS],
    ] as const
  ).flatMap(([material, rating]) => (rating === null ? [] : [{ material, rating }]));
}
