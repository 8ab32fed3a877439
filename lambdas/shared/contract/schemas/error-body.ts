import * as z from 'zod';
import { errorCodes, type ErrorCode } from '../error-codes';

/** The standard error body (docs/api.md, lambdas/shared/contract/error-codes.ts). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
    message: z.string().describe('The catalogue message in English'),
    messageKey: z.string().describe('The catalogue entry of the message, e.g. errors.not-found'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Field path -> English message, for invalid-argument'),
    fieldMessages: z
      .record(
        z.string(),
        z.object({
          messageKey: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional(),
    correlationId: z.string().optional(),
  }),
});
