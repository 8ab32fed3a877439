import {
  bodyMaterials,
  ratedMaterials,
  type BodyMaterial,
  type PressureRatings,
} from '../../../../lambdas/shared/contract/materials';
import type { SerialRange } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { parseSerial, rangeProblem } from '../../../../lambdas/shared/contract/serial';

/** The fields of the serial number range form, in the order they are shown (and focused). */
export const serialFormFields = [
  'productId',
  'bodyMaterial',
  'startSerial',
  'endSerial',
  'productionDate',
] as const;

export type SerialFormField = (typeof serialFormFields)[number];

/** The form's values: the text of each field, as typed. */
export type SerialFormValues = Record<SerialFormField, string>;

export const emptySerialForm: SerialFormValues = {
  productId: '',
  bodyMaterial: '',
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
    bodyMaterial: range.bodyMaterial ?? '',
    startSerial: range.startSerial,
    endSerial: range.endSerial,
    productionDate: range.productionDate,
  };
}

/**
 * The body material field for a product (docs/data-model.md, as the API decides it): hidden
 * when the product rates no material (the range has none), fixed when it rates one (the
 * range takes it), a required choice among its rated materials when it rates several;
 * `pending` while no product is chosen or the chosen one is not known (yet).
 */
export type MaterialField =
  | { kind: 'pending' }
  | { kind: 'none' }
  | { kind: 'fixed'; material: BodyMaterial }
  | { kind: 'choose'; materials: BodyMaterial[] };

export function materialField(product: PressureRatings | undefined): MaterialField {
  if (!product) return { kind: 'pending' };
  const materials = ratedMaterials(product);
  if (materials.length === 0) return { kind: 'none' };
  if (materials.length === 1) return { kind: 'fixed', material: materials[0]! };
  return { kind: 'choose', materials };
}

/**
 * A range's body material as the list shows it: `set`; `missing` when it has none though its
 * product rates materials (a range from before materials were recorded: someone must set
 * it); `none` when the product rates none (or is not known here).
 */
export function rangeMaterialState(
  range: Pick<SerialRange, 'bodyMaterial'>,
  product: PressureRatings | undefined,
): { kind: 'set'; material: BodyMaterial } | { kind: 'missing' } | { kind: 'none' } {
  if (range.bodyMaterial !== null) return { kind: 'set', material: range.bodyMaterial };
  return product && ratedMaterials(product).length > 0 ? { kind: 'missing' } : { kind: 'none' };
}

/** A typed material if it is one of the three, else undefined. */
const asMaterial = (value: string): BodyMaterial | undefined =>
  bodyMaterials.find((material) => material === value);

/**
 * The material a choice keeps when the product changes: kept if the new product rates it
 * among several, else cleared (a fixed or absent material is the product's, not typed).
 */
export function materialAfterProductChange(
  material: string,
  product: PressureRatings | undefined,
): string {
  const field = materialField(product);
  const kept = asMaterial(material);
  if (field.kind === 'choose') return kept && field.materials.includes(kept) ? material : '';
  return field.kind === 'pending' ? material : '';
}

/**
 * What the shared schema reads: an empty field as missing ("This field is required").
 * The body material follows the chosen product (`productOf`): null when it rates none,
 * its only material when it rates one, the choice when it rates several (an empty choice
 * is then a missing value, "This field is required", as the API requires it). A product
 * not known here leaves the material as chosen, for the API to decide.
 */
export function serialRangeInput(
  values: SerialFormValues,
  productOf: (productId: string) => PressureRatings | undefined = () => undefined,
): Record<string, unknown> {
  const input: Record<string, unknown> = Object.fromEntries(
    serialFormFields.map((field) => [
      field,
      values[field].trim() === '' ? undefined : values[field],
    ]),
  );
  const field = materialField(productOf(values.productId.trim()));
  if (field.kind === 'none') input.bodyMaterial = null;
  else if (field.kind === 'fixed') input.bodyMaterial = field.material;
  else if (field.kind === 'choose') input.bodyMaterial = values.bodyMaterial;
  return input;
}

/** The fields whose values differ between two versions of a range (after a stale edit). */
export function changedSerialFields(before: SerialRange, after: SerialRange): SerialFormField[] {
  const old = serialFormValues(before);
  const current = serialFormValues(after);
  return serialFormFields.filter((field) => old[field] !== current[field]);
}
