/**
 * `npm run bench:load`: a realistic mix against the local stack with autocannon, at 10
 * and at 50 concurrent clients for 60 s each (BENCH_LOAD_SECONDS overrides), then checks
 * what must hold after load: counters equal fresh counts, every accepted report request
 * has exactly one mail, no 5xx other than deliberate 503s. Prints figures; asserts
 * nothing in `npm test` (timings do not belong there), but exits 1 when a check fails.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess } from '../support/stack-process';
import { tableReader } from '../support/table';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const prefix = 'LD-';
const serial = (n: number) => `${prefix}${String(n).padStart(6, '0')}`;

type Kind =
  'reportKnown' | 'reportUnknown' | 'productList' | 'lookup' | 'history' | 'dashboard' | 'ingest';

/** The mix: what a busy day looks like, by weight. */
const mix: [Kind, number][] = [
  ['reportKnown', 30],
  ['reportUnknown', 10],
  ['productList', 15],
  ['lookup', 15],
  ['history', 10],
  ['dashboard', 10],
  ['ingest', 10],
];

function pick(): Kind {
  let roll = Math.random() * mix.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of mix) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return mix[0]![0];
}

async function main() {
  const stack = await startStackProcess({
    env: {
      SAMPLE_DATA: '0',
      // One machine makes every request: lift the abuse limits for the run.
      REPORT_LIMIT_PER_ADDRESS: '100000000',
      REPORT_LIMIT_PER_EMAIL: '100000000',
      LOOKUP_LIMIT_PER_ADDRESS: '100000000',
      LOG_LEVEL: 'error',
    },
  });
  const info = stack.info;
  const reader = tableReader(info);
  let failed = false;
  const check = (ok: boolean, what: string) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failed = true;
  };
  try {
    const token = (await signIn(info, info.admin.email, info.admin.password)).IdToken;
    const product = await callApi<{ id: string }>(info, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: 'Load Valve',
        temperatureMin: -10,
        temperatureMax: 200,
        fluid: 'steam',
        connection: 'Flanged',
        pressureFC: 16,
        pressureWCB: 25,
        pressureSUS: 40,
        application: 'Load test',
        applicationMedium: 'Steam',
      },
    });
    await callApi(info, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: serial(1),
        endSerial: serial(999_999),
        productionDate: '2026-01-01',
        bodyMaterial: 'WCB',
      },
    });
    const machine = await callApi<{ key: string }>(info, '/api/machines', {
      method: 'POST',
      token,
      body: { name: 'Load bench' },
    });
    const accepted = new Set<string>();
    let sequence = 0;

    const request = (kind: Kind) => {
      const n = (sequence++ % 999_000) + 1;
      const auth = { authorization: `Bearer ${token}` };
      const json = { 'content-type': 'application/json' };
      switch (kind) {
        case 'reportKnown':
        case 'reportUnknown': {
          const email = `load-${randomUUID().slice(0, 12)}@example.com`;
          return {
            method: 'POST',
            path: '/api/report-requests',
            headers: json,
            body: JSON.stringify({
              serialNumber: kind === 'reportKnown' ? serial(n) : `NONE-${n}`,
              email,
              consent: true,
              language: n % 2 ? 'zh' : 'en',
            }),
          };
        }
        case 'productList':
          return { method: 'GET', path: '/api/products?limit=20', headers: auth };
        case 'lookup':
          return {
            method: 'GET',
            path: `/api/serial-numbers/lookup?serial=${serial(n)}`,
            headers: auth,
          };
        case 'history':
          return { method: 'GET', path: '/api/report-requests?limit=20', headers: auth };
        case 'dashboard':
          return { method: 'GET', path: '/api/dashboard', headers: auth };
        case 'ingest': {
          const testedAt = new Date(Date.now() - 60_000 - n).toISOString();
          return {
            method: 'POST',
            path: '/api/machine-data/ingest',
            headers: { ...json, authorization: `Bearer ${machine.body.key}` },
            body: JSON.stringify({
              results: Array.from({ length: 50 }, (_, index) => ({
                serialNumber: serial(((n * 50 + index) % 999_000) + 1),
                testName: `Test ${index % 5}`,
                result: index % 13 ? 'pass' : 'fail',
                value: index,
                unit: 'bar',
                testedAt,
              })),
            }),
          };
        }
      }
    };

    for (const connections of [10, 50]) {
      const result = await autocannon({
        url: info.appUrl,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
              const kind = pick();
              context.kind = kind;
              return { ...req, ...request(kind) };
            },
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              if (context.kind === 'reportKnown' && status === 201) {
                accepted.add((JSON.parse(body) as { id: string }).id);
              }
            },
          },
        ],
      } as unknown as autocannon.Options);
      const codes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
          code,
          Number(stats.count),
        ]),
      );
      const serverErrors = Object.entries(codes)
        .filter(([code]) => code.startsWith('5') && code !== '503')
        .reduce((sum, [, count]) => sum + count, 0);
      console.log(
        `\n${connections} clients, ${seconds} s: ${result.requests.average.toFixed(1)} req/s, ` +
          `median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, status ${JSON.stringify(codes)}`,
      );
      check(serverErrors === 0, `no 5xx other than 503 at ${connections} clients`);
      check(
        result.errors === 0 && result.timeouts === 0,
        `no connection errors or time-outs at ${connections} clients`,
      );
    }

    // Every accepted request reaches `sent`, with exactly one mail.
    const deadline = Date.now() + 180_000;
    let requests: Record<string, unknown>[] = [];
    while (Date.now() < deadline) {
      requests = (await reader.scanAll()).filter((item) =>
        String(item.pk).startsWith('REPORTREQ#'),
      );
      if (requests.every((item) => item.status === 'sent')) break;
      await delay(2_000);
    }
    // Requests still in flight when a run ends are answered to nobody but completed by the
    // server: records may outnumber the 201s counted, never the other way round.
    const recorded = new Set(requests.map((item) => String(item.id)));
    check(
      [...accepted].every((id) => recorded.has(id)),
      `every accepted request is recorded (${accepted.size} answered 201, ${requests.length} records)`,
    );
    check(
      requests.every((item) => item.status === 'sent'),
      'every request ended sent',
    );
    const store = (await (await fetch(`${info.mailViewerUrl}/store`)).json()) as {
      emails: { destination: { to: string[] } }[];
    };
    const perAddress = new Map<string, number>();
    for (const mail of store.emails) {
      for (const to of mail.destination.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    const emails = requests.map((item) => String(item.email));
    check(
      emails.every((email) => perAddress.get(email) === 1) &&
        store.emails.length === requests.length,
      `exactly one mail per accepted request (${store.emails.length} mails)`,
    );

    const items = await reader.scanAll();
    const stats = await reader.stats();
    const fresh = {
      reportRequests: items.filter((item) => String(item.pk).startsWith('REPORTREQ#')).length,
      machineResults: items.filter((item) => item.type === 'machineResult').length,
      products: items.filter((item) => String(item.pk).startsWith('PRODUCT#')).length,
      serialRanges: items.filter((item) => String(item.pk).startsWith('RANGE#')).length,
    };
    for (const [name, count] of Object.entries(fresh)) {
      check(
        Number(stats[name] ?? 0) === count,
        `counter ${name} ${stats[name]} = fresh count ${count}`,
      );
    }
    console.log(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
  } finally {
    reader.destroy();
    await stack.stop();
  }
  if (failed) process.exit(1);
}

await main();
