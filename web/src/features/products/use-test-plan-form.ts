import { useCallback, useRef, useState } from 'react';
import type { BodyMaterial } from '../../../../lambdas/shared/contract/materials';
import { useTranslation } from 'react-i18next';
import {
  savePlanSchema,
  type SavePlanInput,
} from '../../../../lambdas/shared/contract/schemas/test-plan';
import { validate, type Validation } from '../../../../lambdas/shared/contract/validation';
import { shownIssue } from '../../lib/use-schema-form';
import {
  moveRow,
  planInput,
  planIssues,
  planTestRow,
  rowFieldOfPath,
  type PlanFormValues,
  type PlanTestRow,
  type PlanTestTextField,
} from './test-plan-form';

/** What a Cloudscape Input or Checkbox ref offers. */
interface Focusable {
  focus(): void;
}

const place = (key: string, field: PlanTestTextField) => `${key}.${field}`;

/**
 * The test-plan editor's state, as `useSchemaForm` is a flat form's: the rows as typed,
 * checked with the shared `savePlanSchema` (messages after the first submit, then live),
 * messages from the API's answer on their rows (cleared when the field is edited). The
 * schema and the API name fields by position (`tests.2.upper`); here they belong to the
 * row's key, so they stay with their test when tests are moved or removed.
 */
export function useTestPlanForm(initial: PlanFormValues, version: number) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const elements = useRef(new Map<string, Focusable>());
  /** A field to focus as soon as it is on the page (a new test's name). */
  const focusWhenShown = useRef<string>(undefined);
  const rows = values.tests;

  const validation = validate(savePlanSchema, planInput(values, version));
  const issues = submitted ? planIssues(validation, rows) : undefined;

  /** The translated message of a row's field, if it has one. */
  const errorText = (row: PlanTestRow, field: PlanTestTextField): string | undefined => {
    const issue = issues?.fields.get(place(row.key, field));
    if (issue) {
      const ref = shownIssue(issue, row[field]);
      return t(ref.key, ref.params ?? {});
    }
    return serverErrors.get(place(row.key, field));
  };

  /** Messages about the plan as a whole (e.g. too many tests). */
  const planErrors = (issues?.plan ?? []).map((issue) => t(issue.key, issue.params ?? {}));

  const forgetServerError = (key: string, field: PlanTestTextField) =>
    setServerErrors((current) => {
      if (!current.has(place(key, field))) return current;
      const next = new Map(current);
      next.delete(place(key, field));
      return next;
    });

  const setField = (key: string, field: PlanTestTextField, value: string) => {
    setValues((current) => ({
      ...current,
      tests: current.tests.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));
    forgetServerError(key, field);
  };

  const setRequired = (key: string, required: boolean) =>
    setValues((current) => ({
      ...current,
      tests: current.tests.map((row) => (row.key === key ? { ...row, required } : row)),
    }));

  /** The materials a test applies to (empty: every unit). */
  const setMaterials = (key: string, materials: BodyMaterial[]) =>
    setValues((current) => ({
      ...current,
      tests: current.tests.map((row) => (row.key === key ? { ...row, materials } : row)),
    }));

  const setAllowExtraTests = (allowExtraTests: boolean) =>
    setValues((current) => ({ ...current, allowExtraTests }));

  /** Adds an empty test at the end; its name takes the focus once shown. */
  const addRow = () => {
    const row = planTestRow();
    focusWhenShown.current = place(row.key, 'name');
    setValues((current) => ({ ...current, tests: [...current.tests, row] }));
  };

  const removeRow = (key: string) =>
    setValues((current) => ({ ...current, tests: current.tests.filter((row) => row.key !== key) }));

  const move = (key: string, delta: number) =>
    setValues((current) => ({
      ...current,
      tests: moveRow(
        current.tests,
        current.tests.findIndex((row) => row.key === key),
        delta,
      ),
    }));

  /** Replaces every test (the valve template); earlier server messages no longer apply. */
  const replaceRows = (tests: PlanTestRow[]) => {
    setValues((current) => ({ ...current, tests }));
    setServerErrors(new Map());
  };

  /** Marks the form submitted (so messages show) and checks the current values. */
  const submit = (): Validation<SavePlanInput> => {
    setSubmitted(true);
    return validate(savePlanSchema, planInput(values, version));
  };

  /** The first path (in `order`) with a message: where to put the focus. */
  const firstInvalid = (order: readonly string[], result: Validation<SavePlanInput>) =>
    result.success ? undefined : order.find((path) => result.fields[path]);

  /** Shows the API's (translated) message for `tests.<i>.<field>` on that test's field. */
  const setFieldError = (path: string, text: string) => {
    const at = rowFieldOfPath(path, rows);
    if (!at) return;
    setServerErrors((current) => new Map(current).set(place(at.key, at.field), text));
  };

  /** `ref={fieldRef(row.key, 'name')}` on a row's input. */
  const fieldRef = useCallback(
    (key: string, field: PlanTestTextField) => (instance: Focusable | null) => {
      const name = place(key, field);
      if (!instance) {
        elements.current.delete(name);
        return;
      }
      elements.current.set(name, instance);
      if (focusWhenShown.current === name) {
        focusWhenShown.current = undefined;
        instance.focus();
      }
    },
    [],
  );

  /** Focuses the field a path names (`tests.2.upper`), or a row's field by key. */
  const focus = (path: string | undefined) => {
    if (!path) return;
    const at = rowFieldOfPath(path, rows);
    elements.current.get(at ? place(at.key, at.field) : path)?.focus();
  };

  return {
    values,
    rows,
    errorText,
    planErrors,
    setField,
    setRequired,
    setMaterials,
    setAllowExtraTests,
    addRow,
    removeRow,
    move,
    replaceRows,
    submit,
    firstInvalid,
    setFieldError,
    fieldRef,
    focus,
  };
}
