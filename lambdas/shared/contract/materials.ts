/**
 * Body materials a valve is rated in, each with the product field holding its pressure
 * rating (bar): FC (cast iron), WCB (cast steel), SUS (stainless steel). A unit is made of
 * one of them: its serial range records which (`bodyMaterial`), test plans may scope a
 * test to some of them (`materials`), and a unit is judged only by the tests that apply
 * to its material (docs/test-plans.md).
 */
export const bodyMaterials = ['FC', 'WCB', 'SUS'] as const;
export type BodyMaterial = (typeof bodyMaterials)[number];

/** The product field of each material's pressure rating. */
export const ratingField = {
  FC: 'pressureFC',
  WCB: 'pressureWCB',
  SUS: 'pressureSUS',
} as const satisfies Record<BodyMaterial, string>;

export type PressureRatings = Record<(typeof ratingField)[BodyMaterial], number | null>;

/** The materials a product rates (its pressure for that material is set), in list order. */
export function ratedMaterials(product: PressureRatings): BodyMaterial[] {
  return bodyMaterials.filter((material) => product[ratingField[material]] !== null);
}

/** The product's rating in `material` (bar), or null when it has none or no material. */
export function ratingOf(product: PressureRatings, material: BodyMaterial | null): number | null {
  return material === null ? null : product[ratingField[material]];
}

/**
 * Whether a plan test applies to a unit of `material`: a test naming no materials applies
 * to every unit, and every test applies to a unit whose material is not recorded (a range
 * of a multi-material product from before materials were recorded).
 */
export function appliesTo(
  test: { materials?: readonly BodyMaterial[] | null },
  material: BodyMaterial | null,
): boolean {
  const scope = test.materials ?? [];
  return material === null || scope.length === 0 || scope.includes(material);
}
