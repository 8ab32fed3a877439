/**
 * When two rows of test results are one result (docs/machine-data.md): the same unit, test,
 * time and bench. A result sent twice is stored once, so two rows of one result must say the
 * same; rows that say different things contradict each other, and one of them would
 * silently be lost. One rule for the server's check of a batch and the upload page's check
 * of a whole file (which the server sees in parts).
 */

/** The fields of a row the rule reads (any of them may be missing when its cell is invalid). */
export type ResultRowFields = Partial<
  Record<
    | 'serialNumber'
    | 'testName'
    | 'testedAt'
    | 'machineId'
    | 'result'
    | 'value'
    | 'unit'
    | 'operator'
    | 'notes',
    unknown
  >
>;

/** What identifies a stored result: a second row with it is the same result. */
const resultKey = (fields: ResultRowFields) =>
  fields.serialNumber !== undefined &&
  fields.testName !== undefined &&
  fields.testedAt !== undefined &&
  fields.machineId !== undefined
    ? JSON.stringify([fields.serialNumber, fields.testName, fields.testedAt, fields.machineId])
    : undefined;

/** What a result says beyond its identity: two rows of one result must say the same. */
const contentFields = ['result', 'value', 'unit', 'operator', 'notes'] as const;

/**
 * A row's content, when every field of it is valid (an invalid cell is named by itself, and
 * says nothing a second row could contradict).
 */
const resultContent = (fields: ResultRowFields) =>
  contentFields.every((field) => Object.hasOwn(fields, field))
    ? JSON.stringify(contentFields.map((field) => fields[field]))
    : undefined;

/**
 * Rows that are one result saying different things, in order: each later row with the first
 * row of its result, which it contradicts.
 */
export function contradictingRows<T>(
  rows: readonly T[],
  fieldsOf: (row: T) => ResultRowFields,
): { row: T; first: T }[] {
  const first = new Map<string, T>();
  const found: { row: T; first: T }[] = [];
  for (const row of rows) {
    const key = resultKey(fieldsOf(row));
    const content = resultContent(fieldsOf(row));
    if (key === undefined || content === undefined) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else if (resultContent(fieldsOf(earlier)) !== content) found.push({ row, first: earlier });
  }
  return found;
}
