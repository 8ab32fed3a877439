import { getProduct } from '../products/repository';
import { findRangeContaining } from '../serial-ranges/repository';
import { elementString } from '../shared/contract/gs1';
import { normalizeSerial } from '../shared/contract/serial';
import { NotFoundError } from '../shared/errors';
import type { Context } from 'aws-lambda';
import {
  createPublicHttpHandler,
  ok,
  type HttpEvent,
  type HttpResult,
} from '../shared/http/public';
import { unitIdentityLink } from '../shared/identity-link';
import { countLookup } from '../shared/lookup-quota';
import { corsHeaders } from './cors';
import { unitRoutes } from './unit-routes';

/**
 * `GET /api/units/{serial}` (public): the unit's product data as JSON, the target of its
 * gs1:pip link: serial, identification link, GS1 element string, production date and the
 * product's specifications. The range lookup (one Query) and the product (one GetItem); no
 * audit fields, no counters, no personal data. An unknown serial is 404, as the resolver's;
 * each look-up counts against its client address's quota (429 beyond it, lookup-quota.ts).
 * Any origin may read it, refusals included, as the resolver's answers (./cors.ts).
 */
const unitData = createPublicHttpHandler(
  unitRoutes,
  'GET /api/units/{serial+}',
  async ({ event, params }) => {
    await countLookup(event);
    // Characters other than a serial's name no unit (normalizeSerial): 404, as unknown ones.
    const serial = normalizeSerial(params.serial);
    const range = serial === null ? undefined : await findRangeContaining(serial);
    const product = range && (await getProduct(range.productId));
    if (serial === null || !range || !product) throw new NotFoundError('errors.unitNotFound');
    const unit = { serial, gtin: range.gtin };
    return ok({
      serialNumber: unit.serial,
      identityLink: await unitIdentityLink(unit),
      gtin: unit.gtin,
      elementString: elementString(unit),
      productionDate: range.productionDate,
      // Each printed text with its Traditional Chinese text beside it (null: none given).
      product: {
        name: product.name,
        nameZh: product.nameZh,
        temperatureMin: product.temperatureMin,
        temperatureMax: product.temperatureMax,
        fluid: product.fluid,
        connection: product.connection,
        connectionZh: product.connectionZh,
        pressureFC: product.pressureFC,
        pressureWCB: product.pressureWCB,
        pressureSUS: product.pressureSUS,
        application: product.application,
        applicationZh: product.applicationZh,
        applicationMedium: product.applicationMedium,
        applicationMediumZh: product.applicationMediumZh,
      },
    });
  },
);

export async function handler(event: HttpEvent, context?: Context): Promise<HttpResult> {
  const result = await unitData(event, context);
  return { ...result, headers: { ...result.headers, ...corsHeaders } };
}
