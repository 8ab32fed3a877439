import type { z } from 'zod';
import type { ZodType } from 'zod';
import type { MessageKey } from './messages';
import { passwordPolicy } from './schemas/auth';

/** A catalogue message reference: the key and its placeholder values. */
export interface MessageRef {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Maps a zod issue to its catalogue message, so the browser and the server show
 * the same text for the same rule ("This field is required", ...).
 */
export function issueMessage(issue: z.core.$ZodIssue): MessageRef {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { key: 'validation.required' }
        : { key: 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return { key: 'validation.required' };
      return issue.origin === 'number'
        ? { key: 'validation.numberMin', params: { min: Number(issue.minimum) } }
        : { key: 'validation.invalid' };
    case 'too_big':
      if (issue.origin === 'string') {
        return { key: 'validation.tooLong', params: { max: Number(issue.maximum) } };
      }
      return issue.origin === 'number'
        ? { key: 'validation.numberMax', params: { max: Number(issue.maximum) } }
        : { key: 'validation.invalid' };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email' } : { key: 'validation.invalid' };
    case 'custom':
      return ruleMessage(issue.params?.rule, issue.params) ?? { key: 'validation.invalid' };
    case 'invalid_value':
      // An empty choice (a Select left blank) is a missing value, not a wrong one.
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? { key: 'validation.required' }
        : { key: 'validation.invalid' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Messages of the named rules the shared schemas attach with `params: { rule }` (and the
 * rule's own values, e.g. `max`).
 */
function ruleMessage(rule: unknown, params: Record<string, unknown> = {}): MessageRef | undefined {
  switch (rule) {
    case 'decimals':
      return { key: 'validation.decimals', params: { max: Number(params.max) } };
    case 'rangeSize':
      return { key: 'validation.rangeSize', params: { max: Number(params.max) } };
    case 'limitOrder':
      return { key: 'validation.limitOrder' };
    case 'limitUnit':
      return { key: 'validation.limitUnit' };
    case 'minLength':
      return { key: 'validation.minLength', params: { min: Number(params.min) } };
    case 'duplicateTest':
      return { key: 'validation.duplicateTest' };
    case 'auditRange':
      return { key: 'validation.auditRange', params: { max: Number(params.max) } };
    case 'auditIdNeedsEntity':
      return { key: 'validation.auditIdNeedsEntity' };
    case 'nearZero':
      return { key: 'validation.nearZero', params: { min: String(params.min) } };
    case 'length':
      return { key: 'validation.passwordLength', params: { min: passwordPolicy.minLength } };
    case 'case':
      return { key: 'validation.passwordCase' };
    case 'digit':
      return { key: 'validation.passwordDigit' };
    case 'symbol':
      return { key: 'validation.passwordSymbol' };
    case 'match':
      return { key: 'validation.passwordMatch' };
    case 'name':
      return { key: 'validation.name' };
    case 'empty':
      return { key: 'validation.emptyUpdate' };
    case 'temperatureOrder':
      return { key: 'validation.temperatureOrder' };
    case 'serialFormat':
      return { key: 'validation.serialFormat' };
    case 'serialPrefix':
      return { key: 'validation.serialPrefix' };
    case 'serialWidth':
      return { key: 'validation.serialWidth' };
    case 'serialOrder':
      return { key: 'validation.serialOrder' };
    case 'date':
      return { key: 'validation.date' };
    case 'consent':
      return { key: 'validation.consent' };
    case 'controlChars':
      return { key: 'validation.controlChars' };
    case 'future':
      return { key: 'validation.future' };
    case 'testedAtMin':
      return { key: 'validation.testedAtMin', params: { min: String(params.min) } };
    case 'machineName':
      return { key: 'validation.machineName' };
    case 'dateOrder':
      return { key: 'validation.dateOrder' };
    case 'gtinFormat':
      return { key: 'validation.gtinFormat' };
    case 'gtinLength':
      return { key: 'validation.gtinLength' };
    case 'gtinZero':
      return { key: 'validation.gtinZero' };
    case 'pdfCharacters':
      return { key: 'validation.pdfCharacters', params: { characters: String(params.characters) } };
    case 'gtinCheckDigit':
      return { key: 'validation.gtinCheckDigit', params: { expected: Number(params.expected) } };
    case 'serialTooLongForGtin':
      return { key: 'validation.serialTooLongForGtin', params: { max: Number(params.max) } };
    default:
      return undefined;
  }
}

/**
 * The most fields one failed parse reports. A form has fewer; a body of a hundred thousand
 * unknown keys (1 MB) would otherwise be answered with all of them, twice (about 10 MB and
 * half a second of work for one refused request).
 */
export const maxReportedFields = 50;

/**
 * Field path -> message reference for the issues of a failed parse, at most
 * {@link maxReportedFields} fields in the order zod found them. The first issue of a field
 * wins; unknown keys are reported under their own names.
 */
export function fieldIssues(error: z.core.$ZodError): Record<string, MessageRef> {
  // A Map, not an object literal: a field named `__proto__` must stay a field.
  const fields = new Map<string, MessageRef>();
  for (const issue of error.issues) {
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.slice(0, maxReportedFields).map((name) => [...issue.path, name].join('.'))
        : [issue.path.join('.') || '_'];
    for (const path of paths) {
      if (fields.size === maxReportedFields) return Object.fromEntries(fields);
      if (!fields.has(path)) fields.set(path, issueMessage(issue));
    }
  }
  return Object.fromEntries(fields);
}

export type Validation<T> =
  { success: true; data: T } | { success: false; fields: Record<string, MessageRef> };

/**
 * Parses with a shared schema. Inputs are reported so a missing value ("required")
 * can be told from a wrong one ("not valid").
 */
export function validate<T>(schema: ZodType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success
    ? { success: true, data: result.data }
    : { success: false, fields: fieldIssues(result.error) };
}
