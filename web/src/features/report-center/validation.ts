import {
  createReportRequestSchema,
  type CreateReportRequestInput,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { validate, type MessageRef } from '../../../../lambdas/shared/contract/validation';
import type { ReportCenterKey, TextRef } from './i18n';

export type ReportRequestCheckResult =
  | { success: true; data: CreateReportRequestInput }
  | { success: false; fields: Record<string, TextRef> };

/** Schema messages are `validation.*` entries, all among the page's strings. */
function pageText(ref: MessageRef): TextRef {
  return ref.key.startsWith('validation.')
    ? { key: ref.key as ReportCenterKey, params: ref.params }
    : { key: 'validation.invalid' };
}

/**
 * The form's check: the API's own schema, so the page and the server give the same
 * messages. Its own chunk (zod would be a sixth of this page's code), loaded as soon as
 * the visitor starts on the form, well before a submit needs it.
 */
export function checkReportRequest(input: unknown): ReportRequestCheckResult {
  const result = validate(createReportRequestSchema, input);
  if (result.success) return result;
  return {
    success: false,
    fields: Object.fromEntries(
      Object.entries(result.fields).map(([field, ref]) => [field, pageText(ref)]),
    ),
  };
}

export type ReportRequestCheck = typeof checkReportRequest;
