import type { SerialRange } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { parseSerial, rangeProblem } from '../../../../lambdas/shared/contract/serial';

/** The fields of the serial number range form, in the order they are shown (and focused). */
export const serialFormFields = [
  'productId',
  'startSerial',
  'endSerial',
  'productionDate',
] as const;

export type SerialFormField = (typeof serialFormFields)[number];

/** The form's values: the text of each field, as typed. */
export type SerialFormValues = Record<SerialFormField, string>;

export const emptySerialForm: SerialFormValues = {
  productId: '',
  startSerial: '',
  endSerial: '',
  productionDate: '',
};

/**
 * How many units a start/end pair covers, computed as the API does (never typed);
 * undefined until both parse and share prefix and width, with the end not before the
 * start.
 */
export function rangeTotal(startSerial: string, endSerial: string): number | undefined {
  if (rangeProblem(startSerial, endSerial) !== null) return undefined;
  const start = parseSerial(startSerial);
  const end = parseSerial(endSerial);
  return start && end ? end.number - start.number + 1 : undefined;
}

/** The form's starting values for an existing range. */
export function serialFormValues(range: SerialRange): SerialFormValues {
  return {
    productId: range.productId,
    startSerial: range.startSerial,
    endSerial: range.endSerial,
    productionDate: range.productionDate,
  };
}

/** What the shared schema reads: an empty field as missing ("This field is required"). */
export function serialRangeInput(values: SerialFormValues): Record<string, unknown> {
  return Object.fromEntries(
    serialFormFields.map((field) => [
      field,
      values[field].trim() === '' ? undefined : values[field],
    ]),
  );
}

/** The fields whose values differ between two versions of a range (after a stale edit). */
export function changedSerialFields(before: SerialRange, after: SerialRange): SerialFormField[] {
  const old = serialFormValues(before);
  const current = serialFormValues(after);
  return serialFormFields.filter((field) => old[field] !== current[field]);
}
