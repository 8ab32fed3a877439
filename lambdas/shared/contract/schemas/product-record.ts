import * as z from 'zod';
import { auditSchema } from './records';

/*
 * A product as stored and read back, apart from the input schemas (product.ts): every
 * function that reads products (the resolver, machine data, report requests) loads this,
 * and not the input checks with their 16 kB list of printable characters.
 */

/**
 * The fluids a valve can be rated for. The list lives here, in the shared contract,
 * so the form's choices, the API's check and the translations agree; adding a fluid is
 * a one-line change plus its two labels (`product.fluids.*` in the web resources).
 */
export const fluids = ['water', 'oil', 'gas', 'steam', 'air', 'chemical', 'slurry'] as const;
export type Fluid = (typeof fluids)[number];

/** A product's own fields in form order: what the form shows and an audit entry compares. */
export const productFieldNames = [
  'name',
  'temperatureMin',
  'temperatureMax',
  'fluid',
  'connection',
  'pressureFC',
  'pressureWCB',
  'pressureSUS',
  'application',
  'applicationMedium',
  'gtin',
] as const;
export type ProductFieldName = (typeof productFieldNames)[number];

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    temperatureMin: z.number(),
    temperatureMax: z.number(),
    fluid: z.enum(fluids),
    connection: z.string(),
    pressureFC: z.number().nullable(),
    pressureWCB: z.number().nullable(),
    pressureSUS: z.number().nullable(),
    application: z.string().nullable(),
    applicationMedium: z.string().nullable(),
    /** GTIN-14, or null when the product has none (older records have no attribute). */
    gtin: z.string().nullable().default(null),
    /** The version of the product's test plan in force; null when it has none. */
    planVersion: z.number().int().nullable().default(null),
  })
  .extend(auditSchema.shape);
export type Product = z.infer<typeof productSchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Total of the unfiltered list, from the counters; null when a filter applies. */
  total: number | null;
}
