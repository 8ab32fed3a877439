import type { TFunction } from 'i18next';
import {
  voidResultSchema,
  type TestResult,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import type { UnitView } from '../../../../lambdas/shared/contract/schemas/unit';
import { validate, type MessageRef } from '../../../../lambdas/shared/contract/validation';
import type { Language } from '../../i18n/languages';
import { formatDateTime, formatDecimal, formatNumber } from '../../lib/format';

/**
 * How the unit page (and the machine data list) words a unit and its results: pure
 * functions of the API's answer, the reader's `t` and language, unit-tested beside them.
 */

/** "WCB (cast steel), rated 25 bar"; the material alone when the product rates none; else "Not recorded". */
export function materialText(
  unit: Pick<UnitView, 'bodyMaterial' | 'pressureRating'>,
  t: TFunction,
  language: Language,
): string {
  if (unit.bodyMaterial === null) return t('unit.overview.noMaterial');
  const material = t(`report.materials.${unit.bodyMaterial}`);
  if (unit.pressureRating === null) return material;
  return t('report.materialRating', {
    material,
    rating: `${formatDecimal(unit.pressureRating, language)} ${t('units.bar')}`,
  });
}

/** "GV-2026-000001 – GV-2026-000200 (200 units)". */
export function rangeText(range: UnitView['range'], t: TFunction, language: Language): string {
  return t('unit.overview.rangeValue', {
    start: range.startSerial,
    end: range.endSerial,
    units: formatNumber(range.totalUnits, language),
  });
}

/** Which plan judges the unit: "Judged by test plan version 2", or how it is judged without one. */
export function judgedByText(unit: Pick<UnitView, 'judgedByPlanVersion'>, t: TFunction): string {
  return unit.judgedByPlanVersion === null
    ? t('unit.overview.noPlan')
    : t('unit.overview.judgedBy', { version: unit.judgedByPlanVersion });
}

/** A measured value with its unit ("37.8 bar"), or "—" when the bench sent none. */
export function measuredText(
  result: Pick<TestResult, 'value' | 'unit'>,
  t: TFunction,
  language: Language,
): string {
  if (result.value === null) return t('common.none');
  return [formatDecimal(result.value, language), result.unit].filter(Boolean).join(' ');
}

/**
 * Where a result came from: the bench that sent it, or for a result a person uploaded
 * "entered by <name> for <bench>" (the report's own words).
 */
export function resultSource(
  result: Pick<TestResult, 'machineId' | 'enteredBy'>,
  t: TFunction,
): string {
  return result.enteredBy
    ? t('report.enteredBy', { name: result.enteredBy, bench: result.machineId })
    : result.machineId;
}

/** "Voided by Chen on 21 Nov 2026, 09:14: gauge out of calibration"; undefined while it counts. */
export function voidedText(
  result: Pick<TestResult, 'voidedAt' | 'voidedBy' | 'voidReason'>,
  t: TFunction,
  language: Language,
): string | undefined {
  if (!result.voidedAt) return undefined;
  return t('unit.results.voidedBy', {
    name: result.voidedBy ?? t('common.none'),
    date: formatDateTime(result.voidedAt, language) ?? result.voidedAt,
    reason: result.voidReason ?? t('common.none'),
  });
}

/**
 * What is wrong with a void's reason, checked with the API's own schema (`voidResultSchema`:
 * 3 to 500 characters of text); undefined when it may be sent. An empty reason is missing.
 */
export function voidReasonProblem(reason: string): MessageRef | undefined {
  const checked = validate(voidResultSchema, { reason });
  if (checked.success) return undefined;
  if (reason.trim() === '') return { key: 'validation.required' };
  return checked.fields.reason ?? { key: 'validation.invalid' };
}
