import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo } from '../support/stack-process';
import { bulkWrite } from './catalogue';
import { inParallel, ms } from './measure';

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`;

async function catalogue(stack: StackInfo, token: string, prefix: string) {
  const product = await callApi<{ id: string }>(stack, '/api/products', {
    method: 'POST',
    token,
    body: {
      name: `Bench Valve ${prefix}`,
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'water',
      connection: 'Flanged',
      pressureFC: 10,
      pressureWCB: 16,
      pressureSUS: 25,
      application: null,
      applicationMedium: null,
    },
  });
  await callApi(stack, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId: product.body.id,
      startSerial: `${prefix}000001`,
      endSerial: `${prefix}999999`,
      productionDate: '2026-01-01',
      bodyMaterial: 'WCB',
    },
  });
}

/**
 * Ingest throughput: batches of 500 results (50 units × 10 tests) through
 * `POST /api/machine-data/ingest`, one client and 4 concurrent clients.
 * BENCH_BATCHES overrides the number of batches per run (default 20).
 */
export async function runIngest(): Promise<void> {
  const stack = await startStackProcess({ env: { SAMPLE_DATA: '0' } });
  try {
    const info = stack.info;
    const token = (await signIn(info, info.admin.email, info.admin.password)).IdToken;
    await catalogue(info, token, 'IN-');
    const created = await callApi<{ key: string }>(info, '/api/machines', {
      method: 'POST',
      token,
      body: { name: 'Bench ingest' },
    });
    const batches = Number(process.env.BENCH_BATCHES ?? 20);
    const testedAt = new Date(Date.now() - 3_600_000);
    let sequence = 0;
    const batch = () => {
      const base = sequence++ * 50;
      return {
        results: Array.from({ length: 500 }, (_, index) => ({
          serialNumber: `IN-${String(base + Math.floor(index / 10) + 1).padStart(6, '0')}`,
          testName: `Test ${index % 10}`,
          result: index % 17 ? 'pass' : 'fail',
          value: index / 10,
          unit: 'bar',
          testedAt: new Date(testedAt.getTime() + index * 1000).toISOString(),
        })),
      };
    };
    const send = async () => {
      const response = await fetch(`${info.appUrl}/api/machine-data/ingest`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${created.body.key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(batch()),
      });
      const body = (await response.json()) as { stored?: number };
      if (response.status !== 200 || body.stored !== 500) {
        throw new Error(`ingest answered ${response.status} ${JSON.stringify(body)}`);
      }
    };
    await send(); // warm-up: handler modules, first lookups
    for (const clients of [1, 4]) {
      const started = performance.now();
      await inParallel(
        Array.from({ length: batches }, () => send),
        clients,
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${clients} client(s): ${batches} batches of 500 in ${seconds.toFixed(1)} s = ` +
          `${((batches * 500) / seconds).toFixed(0)} results/s, ${((seconds / batches) * 1000).toFixed(0)} ms per batch`,
      );
    }
    console.log(`machine: ${machine}`);
  } finally {
    await stack.stop();
  }
}

export function requestItem(index: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  const id = `bench-${String(index).padStart(8, '0')}-${randomUUID().slice(0, 6)}`;
  return {
    ...keys.reportRequest(id),
    ...keys.reportRequestIndexes(id, at),
    type: 'reportRequest',
    id,
    reportNumber: `TR-BENCH-${index}`,
    requestedAt: at,
    serialNumber: `DB-${String(index % 999_999).padStart(6, '0')}`,
    productId: 'bench',
    productName: 'Bench Valve',
    email: `visitor${index}@example.com`,
    emailLower: `visitor${index}@example.com`,
    language: index % 2 ? 'zh' : 'en',
    consentVersion: 'bench',
    consentedAt: at,
    clientAddress: '192.0.2.1',
    status: 'sent',
    statusReason: null,
    statusAt: at,
    deliveryAttempts: 1,
    pdfKey: `reports/${id}.pdf`,
    pdfExpiresAt: at,
    fingerprint: '0'.repeat(64),
    verificationUrl: 'http://localhost/search',
    expiresAt: Math.ceil(Date.UTC(2027, 0, 1) / 1000),
  };
}

/**
 * Dashboard latency with 1,000 and with 1,000,000 report requests stored (target ratio
 * at most 1.2): the dashboard reads the counters item, one Query of the day counts and
 * one `Limit 5` Query of the history index, whatever the data size. Two stacks, one per
 * size, measured interleaved call by call so machine noise hits both alike. Requests go
 * straight into DynamoDB Local in the shape the API writes (the API would take days);
 * BENCH_REQUESTS overrides the large size (a million takes over an hour to load here).
 * BENCH_DASHBOARD_DATA reuses the data folder of an earlier large run.
 */
export async function runDashboard(): Promise<void> {
  const large = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
  const env = { SAMPLE_DATA: '0', LOG_LEVEL: 'error' };
  const reuse = process.env.BENCH_DASHBOARD_DATA;
  const small = await startStackProcess({ env });
  const big = await startStackProcess({ env, ...(reuse ? { dataDir: reuse } : {}) });
  try {
    await bulkWrite(small.info, requestItem, 0, 1_000);
    if (!reuse) {
      const loadStarted = performance.now();
      await bulkWrite(big.info, requestItem, 0, large);
      const minutes = (performance.now() - loadStarted) / 60_000;
      console.log(`loaded ${large.toLocaleString('en')} requests in ${minutes.toFixed(1)} min`);
      console.log(`data folder (BENCH_DASHBOARD_DATA to reuse): ${big.info.dataDir}`);
    }
    // Signed in after the load, which outlasts an ID token (1 h).
    const stacks = [small.info, big.info];
    const tokens = await Promise.all(
      stacks.map(
        async (info) => (await signIn(info, info.admin.email, info.admin.password)).IdToken,
      ),
    );
    const call = async (index: number) => {
      const started = performance.now();
      const response = await callApi(stacks[index]!, '/api/dashboard', { token: tokens[index] });
      if (response.status !== 200) throw new Error(`dashboard answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 100; i++) {
      await call(0);
      await call(1);
    }
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < 300; i++) {
      times[0].push(await call(0));
      times[1].push(await call(1));
    }
    const stat = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return { median: at(0.5), p99: at(0.99) };
    };
    const [few, many] = [stat(times[0]), stat(times[1])];
    console.log(`1,000 requests: median ${ms(few.median)}, p99 ${ms(few.p99)}`);
    console.log(
      `${large.toLocaleString('en')} requests: median ${ms(many.median)}, p99 ${ms(many.p99)}`,
    );
    console.log(`ratio (median): ${(many.median / few.median).toFixed(2)}; machine: ${machine}`);
  } finally {
    await small.stop();
    await big.stop();
  }
}
