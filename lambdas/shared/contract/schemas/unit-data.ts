import * as z from 'zod';
import { maxPrefixLength, maxSerialDigits } from '../serial';
import { productSchema } from './product-record';

/** `{serial}` of a unit's public data: any text of a serial's length (an unknown one is 404). */
export const unitDataParams = z.strictObject({
  serial: z
    .string()
    .min(1)
    .max(maxPrefixLength + maxSerialDigits),
});

/**
 * A unit's public data (the target of its gs1:pip link): no audit fields, no counters, no
 * personal data.
 */
export const unitDataSchema = z.object({
  serialNumber: z.string(),
  /** The unit's identification link, as on its nameplate (docs/identity-links.md). */
  identityLink: z.string(),
  /** The product's GTIN-14; null when it has none (the link is then `/id/<serial>`). */
  gtin: z.string().nullable(),
  /** The GS1 element string, `(01)<GTIN>(21)<serial>`; null without a GTIN. */
  elementString: z.string().nullable(),
  productionDate: z.string(),
  /** The product's specifications, each printed text with its Chinese text (null: none given). */
  product: productSchema.pick({
    name: true,
    nameZh: true,
    temperatureMin: true,
    temperatureMax: true,
    fluid: true,
    connection: true,
    connectionZh: true,
    pressureFC: true,
    pressureWCB: true,
    pressureSUS: true,
    application: true,
    applicationZh: true,
    applicationMedium: true,
    applicationMediumZh: true,
  }),
});
export type UnitData = z.infer<typeof unitDataSchema>;
