import { createProduct } from '../../lambdas/products/repository';
import type { AuditActor } from '../../lambdas/shared/contract/schemas/audit';
import type { ProductFields } from '../../lambdas/shared/contract/schemas/product';
import { createSerialRange } from '../../lambdas/serial-ranges/repository';

/**
 * A small, realistic catalogue for a fresh local store: written through the same
 * repositories as the API (transactions, counters, audit entries), by a named sample author.
 * Never part of the AWS deployment.
 */
const author: AuditActor = { id: 'sample-data', email: 'sample-data@example.com' };

/** GS1's example GTIN (prefix 950: never a real product), on the sample's gate valve. */
export const sampleGtin = '09506000134352';

const products: (ProductFields & { ranges: [string, string, string][] })[] = [
  {
    name: 'Gate Valve GV-150',
    temperatureMin: -29,
    temperatureMax: 425,
    fluid: 'water',
    connection: 'Flanged, ASME B16.5 Class 150, RF',
    pressureFC: 10,
    pressureWCB: 19.6,
    pressureSUS: 19,
    application: 'Waterworks and district heating isolation',
    applicationMedium: 'Water, hot water',
    // Its units get GS1 Digital Links (docs/identity-links.md).
    gtin: sampleGtin,
    ranges: [
      ['GV-2026-000001', 'GV-2026-000500', '2026-01-12'],
      ['GV-2026-000501', 'GV-2026-001200', '2026-03-02'],
    ],
  },
  {
    name: 'Globe Valve GL-300',
    temperatureMin: -10,
    temperatureMax: 450,
    fluid: 'steam',
    connection: 'Flanged, ASME B16.5 Class 300, RF',
    pressureFC: null,
    pressureWCB: 51.1,
    pressureSUS: 49.6,
    application: 'Steam flow regulation in boiler rooms',
    applicationMedium: 'Saturated and superheated steam',
    gtin: null,
    ranges: [['GL-2026-000001', 'GL-2026-000250', '2026-02-16']],
  },
  {
    name: 'Ball Valve BV-40 Full Bore',
    temperatureMin: -20,
    temperatureMax: 180,
    fluid: 'oil',
    connection: 'Threaded, NPT 1-1/2"',
    pressureFC: null,
    pressureWCB: 69,
    pressureSUS: 69,
    application: 'Lubrication and fuel oil lines',
    applicationMedium: 'Mineral oil, diesel',
    gtin: null,
    ranges: [['BV40-000001', 'BV40-002000', '2026-04-20']],
  },
  {
    name: 'Butterfly Valve BF-200 Wafer',
    temperatureMin: -10,
    temperatureMax: 120,
    fluid: 'air',
    connection: 'Wafer, PN16',
    pressureFC: 16,
    pressureWCB: 16,
    pressureSUS: 16,
    application: 'HVAC and compressed air distribution',
    applicationMedium: 'Air, chilled water',
    gtin: null,
    ranges: [['BF-26-0001', 'BF-26-0800', '2026-05-11']],
  },
  {
    name: 'Check Valve CV-80 Swing',
    temperatureMin: -29,
    temperatureMax: 400,
    fluid: 'gas',
    connection: 'Flanged, JIS 10K',
    pressureFC: 14,
    pressureWCB: 14,
    pressureSUS: 14,
    application: 'Backflow prevention on compressor discharge',
    applicationMedium: 'Natural gas, nitrogen',
    gtin: null,
    ranges: [],
  },
];

/** Loads the sample; returns a serial number that lies in one of its ranges. */
export async function loadSampleData(): Promise<string> {
  for (const { ranges, ...fields } of products) {
    const product = await createProduct(fields, author);
    for (const [startSerial, endSerial, productionDate] of ranges) {
      await createSerialRange(
        { productId: product.id, startSerial, endSerial, productionDate },
        author,
      );
    }
  }
  return 'GV-2026-000123';
}
