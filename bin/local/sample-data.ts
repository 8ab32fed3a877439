import { ingestBatch } from '../../lambdas/machine-data/service';
import { createMachine } from '../../lambdas/machines/repository';
import { createProduct, saveTestPlan } from '../../lambdas/products/repository';
import type { BodyMaterial } from '../../lambdas/shared/contract/materials';
import type { AuditActor } from '../../lambdas/shared/contract/schemas/audit';
import type { ProductFields } from '../../lambdas/shared/contract/schemas/product';
import type { IngestBatch } from '../../lambdas/shared/contract/schemas/machine-data';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import { createSerialRange } from '../../lambdas/serial-ranges/repository';

/**
 * A small, realistic catalogue for a fresh local store: written through the same
 * repositories and services as the API (transactions, counters, audit entries, judging), by
 * a named sample author: products with test plans from the valve template, ranges with their
 * body material, and a sample bench's results for three units (passing, failing, incomplete),
 * so a newcomer's first report is a full one. Never part of the AWS deployment.
 */
const author: AuditActor = { id: 'sample-data', email: 'sample-data@example.com' };
const approver = {
  id: 'sample-data',
  name: 'Sample Data',
  email: author.email!,
  role: 'admin' as const,
};

/** GS1's example GTIN (prefix 950: never a real product), on the sample's gate valve. */
export const sampleGtin = '09506000134352';

type SampleRange = [start: string, end: string, productionDate: string, material: BodyMaterial];

const products: (ProductFields & { ranges: SampleRange[] })[] = [
  {
    name: 'Gate Valve GV-150',
    nameZh: '閘閥 GV-150',
    temperatureMin: -29,
    temperatureMax: 425,
    fluid: 'water',
    connection: 'Flanged, ASME B16.5 Class 150, RF',
    connectionZh: '法蘭，ASME B16.5 Class 150，RF',
    pressureFC: 10,
    pressureWCB: 19.6,
    pressureSUS: 19,
    application: 'Waterworks and district heating isolation',
    applicationZh: '自來水與區域供熱隔斷',
    applicationMedium: 'Water, hot water',
    applicationMediumZh: '水、熱水',
    // Its units get GS1 Digital Links (docs/identity-links.md).
    gtin: sampleGtin,
    ranges: [
      ['GV-2026-000001', 'GV-2026-000500', '2026-01-12', 'WCB'],
      ['GV-2026-000501', 'GV-2026-001200', '2026-03-02', 'SUS'],
    ],
  },
  {
    name: 'Globe Valve GL-300',
    nameZh: '截止閥 GL-300',
    temperatureMin: -10,
    temperatureMax: 450,
    fluid: 'steam',
    connection: 'Flanged, ASME B16.5 Class 300, RF',
    connectionZh: '法蘭，ASME B16.5 Class 300，RF',
    pressureFC: null,
    pressureWCB: 51.1,
    pressureSUS: 49.6,
    application: 'Steam flow regulation in boiler rooms',
    applicationZh: '鍋爐房蒸汽流量調節',
    applicationMedium: 'Saturated and superheated steam',
    applicationMediumZh: '飽和蒸汽與過熱蒸汽',
    gtin: null,
    ranges: [['GL-2026-000001', 'GL-2026-000250', '2026-02-16', 'WCB']],
  },
  {
    name: 'Ball Valve BV-40 Full Bore',
    nameZh: '全通徑球閥 BV-40',
    temperatureMin: -20,
    temperatureMax: 180,
    fluid: 'oil',
    connection: 'Threaded, NPT 1-1/2"',
    connectionZh: '螺紋，NPT 1-1/2"',
    pressureFC: null,
    pressureWCB: 69,
    pressureSUS: 69,
    application: 'Lubrication and fuel oil lines',
    applicationZh: '潤滑油與燃料油管路',
    applicationMedium: 'Mineral oil, diesel',
    applicationMediumZh: '礦物油、柴油',
    gtin: null,
    ranges: [['BV40-000001', 'BV40-002000', '2026-04-20', 'SUS']],
  },
  {
    name: 'Butterfly Valve BF-200 Wafer',
    nameZh: '對夾式蝶閥 BF-200',
    temperatureMin: -10,
    temperatureMax: 120,
    fluid: 'air',
    connection: 'Wafer, PN16',
    connectionZh: '對夾式，PN16',
    pressureFC: 16,
    pressureWCB: 16,
    pressureSUS: 16,
    application: 'HVAC and compressed air distribution',
    applicationZh: '空調與壓縮空氣分配',
    applicationMedium: 'Air, chilled water',
    applicationMediumZh: '空氣、冰水',
    gtin: null,
    ranges: [['BF-26-0001', 'BF-26-0800', '2026-05-11', 'FC']],
  },
  {
    name: 'Check Valve CV-80 Swing',
    // English only: a Chinese report shows the English texts.
    nameZh: null,
    temperatureMin: -29,
    temperatureMax: 400,
    fluid: 'gas',
    connection: 'Flanged, JIS 10K',
    connectionZh: null,
    pressureFC: 14,
    pressureWCB: 14,
    pressureSUS: 14,
    application: 'Backflow prevention on compressor discharge',
    applicationZh: null,
    applicationMedium: 'Natural gas, nitrogen',
    applicationMediumZh: null,
    gtin: null,
    ranges: [],
  },
];

/** The serial the banner offers: a WCB gate valve with passing results. */
export const sampleSerial = 'GV-2026-000123';

/**
 * A sample bench's results for three WCB gate valves (rated 19.6 bar: shell ≥ 29.4 bar,
 * high-pressure seat ≥ 21.56 bar, gas seat 4–7 bar): one passing every test, one failing
 * its shell test, one with the shell test alone (incomplete).
 */
function sampleResults(): IngestBatch['results'] {
  // 19.6 bar × 1.5 = 29.4 bar shell; × 1.1 = 21.56 bar high-pressure seat (valveTestFactors).
  const shell = 30;
  const seat = 22;
  const at = (day: number, minute: number) =>
    new Date(Date.UTC(2026, 0, day, 9, minute)).toISOString();
  const row = (
    serialNumber: string,
    testName: string,
    value: number,
    result: 'pass' | 'fail',
    testedAt: string,
  ) => ({
    serialNumber,
    testName,
    result,
    value,
    unit: 'bar',
    testedAt,
    operator: 'Lin',
    machineId: null,
    notes: null,
  });
  return [
    row(sampleSerial, 'Shell test (WCB)', shell, 'pass', at(14, 5)),
    row(sampleSerial, 'Seat test high pressure (WCB)', seat, 'pass', at(14, 12)),
    row(sampleSerial, 'Seat test low pressure (gas)', 6, 'pass', at(14, 18)),
    row('GV-2026-000124', 'Shell test (WCB)', 27.8, 'fail', at(14, 25)),
    row('GV-2026-000124', 'Seat test high pressure (WCB)', seat, 'pass', at(14, 31)),
    row('GV-2026-000124', 'Seat test low pressure (gas)', 5.5, 'pass', at(14, 37)),
    row('GV-2026-000125', 'Shell test (WCB)', shell, 'pass', at(14, 44)),
  ];
}

/** Loads the sample; returns the serial number of a unit with a full passing report. */
export async function loadSampleData(): Promise<string> {
  for (const { ranges, ...fields } of products) {
    const product = await createProduct(fields, author);
    await saveTestPlan(
      product.id,
      { tests: valvePlanTemplate(fields), allowExtraTests: false, version: 0 },
      approver,
      author,
    );
    for (const [startSerial, endSerial, productionDate, bodyMaterial] of ranges) {
      await createSerialRange(
        { productId: product.id, startSerial, endSerial, productionDate, bodyMaterial },
        author,
      );
    }
  }
  const bench = await createMachine(
    { name: 'Sample bench 1', note: 'Pressure test bench of the sample data' },
    author,
  );
  await ingestBatch({ results: sampleResults() }, bench.machine);
  return sampleSerial;
}
