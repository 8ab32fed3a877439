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

/**
 * A product's own fields in form order: what the form shows and an audit entry compares.
 * Each printed text may carry a Traditional Chinese text beside it (`…Zh`): the Chinese
 * report, preview, mail and labels use it where it exists (productInLanguage).
 */
export const productFieldNames = [
  'name',
  'nameZh',
  'temperatureMin',
  'temperatureMax',
  'fluid',
  'connection',
  'connectionZh',
  'pressureFC',
  'pressureWCB',
  'pressureSUS',
  'application',
  'applicationZh',
  'applicationMedium',
  'applicationMediumZh',
  'gtin',
] as const;
export type ProductFieldName = (typeof productFieldNames)[number];

/** The product texts that have a Chinese text beside them, and its field. */
export const productTranslations = {
  name: 'nameZh',
  connection: 'connectionZh',
  application: 'applicationZh',
  applicationMedium: 'applicationMediumZh',
} as const satisfies Partial<Record<ProductFieldName, ProductFieldName>>;

/** A Chinese text as stored: null when none was given (and on records from before). */
const translation = z.string().nullable().default(null);

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    nameZh: translation,
    temperatureMin: z.number(),
    temperatureMax: z.number(),
    fluid: z.enum(fluids),
    connection: z.string(),
    connectionZh: translation,
    pressureFC: z.number().nullable(),
    pressureWCB: z.number().nullable(),
    pressureSUS: z.number().nullable(),
    application: z.string().nullable(),
    applicationZh: translation,
    applicationMedium: z.string().nullable(),
    applicationMediumZh: translation,
    /** GTIN-14, or null when the product has none (older records have no attribute). */
    gtin: z.string().nullable().default(null),
    /** The version of the product's test plan in force; null when it has none. */
    planVersion: z.number().int().nullable().default(null),
  })
  .extend(auditSchema.shape);
export type Product = z.infer<typeof productSchema>;

/**
 * A product's printed texts in `language`: the Chinese text where the product gives one,
 * the English one otherwise (the English texts stay the key: lists, search, benches).
 */
export function productInLanguage<
  T extends Pick<Product, 'name' | 'connection' | 'application' | 'applicationMedium'> &
    Partial<Pick<Product, (typeof productTranslations)[keyof typeof productTranslations]>>,
>(product: T, language: 'en' | 'zh'): T {
  if (language !== 'zh') return product;
  return {
    ...product,
    name: product.nameZh ?? product.name,
    connection: product.connectionZh ?? product.connection,
    application: product.applicationZh ?? product.application,
    applicationMedium: product.applicationMediumZh ?? product.applicationMedium,
  };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Total of the unfiltered list, from the counters; null when a filter applies. */
  total: number | null;
}
