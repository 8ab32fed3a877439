/**
 * `npm run bench -- <name>`: the measurements docs/benchmarks.md records.
 * They print figures; they assert nothing (timings do not belong in `npm test`).
 */
export {};

const benches: Record<string, () => Promise<void>> = {
  startup: () => import('./startup').then((bench) => bench.run()),
  functions: () => import('./functions').then((bench) => bench.run()),
  'web-size': () => import('./web-size').then((bench) => bench.run()),
  'web-perf': () => import('./web-perf').then((bench) => bench.run()),
  synth: () => import('./synth').then((bench) => bench.run()),
  lookup: () => import('./catalogue').then((bench) => bench.runLookup()),
  'product-list': () => import('./catalogue').then((bench) => bench.runProductList()),
  search: () => import('./search').then((bench) => bench.run()),
  statistics: () => import('./statistics').then((bench) => bench.run()),
  import: () => import('./imports').then((bench) => bench.run()),
  'report-requests': () => import('./report-requests').then((bench) => bench.run()),
  ingest: () => import('./machine-data').then((bench) => bench.runIngest()),
  dashboard: () => import('./machine-data').then((bench) => bench.runDashboard()),
  'report-pdf': () => import('./report-pdf').then((bench) => bench.run()),
  labels: () => import('./identity-links').then((bench) => bench.runLabels()),
  resolver: () => import('./identity-links').then((bench) => bench.runResolver()),
  'label-flood': () => import('./identity-links').then((bench) => bench.runLabelFlood()),
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(
    `Unknown bench ${unknown.join(', ')}; choose from: ${Object.keys(benches).join(', ')}`,
  );
  process.exit(2);
}
for (const name of names.length ? names : Object.keys(benches)) {
  console.log(`\n== ${name}`);
  await benches[name]!();
}
