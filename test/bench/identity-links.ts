import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { renderLabelSheet } from '../../lambdas/labels/render';
import { elementString, gtinCheckDigit, identityLink } from '../../lambdas/shared/contract/gs1';
import { labelFormat, labelPartCount, labelsPerPart } from '../../lambdas/shared/contract/labels';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess } from '../support/stack-process';
import { documentsFor } from './catalogue';
import { measure, ms } from './measure';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Labels: a 10,000-unit run rendered part by part as the labels function does (one part,
 * at most 500 labels, per request), in this process: labels per second, the size of the
 * parts, and the process's peak resident memory (fonts and harfbuzz included) after each
 * part, which stays flat because nothing of a part outlives it. BENCH_LABELS changes the
 * run's size, BENCH_LABEL_FORMAT the format (`a4:64x38`).
 */
export async function runLabels(): Promise<void> {
  const total = Number(process.env.BENCH_LABELS ?? 10_000);
  const [layout, size] = (process.env.BENCH_LABEL_FORMAT ?? 'a4:64x38').split(':');
  const format = labelFormat(layout!, size!)!;
  const gtin = `0950600013435${gtinCheckDigit('0950600013435')}`;
  const parts = labelPartCount(total, format);
  const base = 'https://report.example.com';
  const startRss = process.memoryUsage().rss;
  let bytes = 0;
  let largest = 0;
  const peaks: number[] = [];
  const started = performance.now();
  for (let part = 0; part < parts; part++) {
    const first = part * labelsPerPart(format);
    const count = Math.min(labelsPerPart(format), total - first);
    const units = Array.from({ length: count }, (_, index) => {
      const unit = { serial: `AV-2026-${String(first + index + 1).padStart(6, '0')}`, gtin };
      return {
        serial: unit.serial,
        link: identityLink(base, unit),
        elementString: elementString(unit),
      };
    });
    const pdf = await renderLabelSheet({
      format,
      productName: 'Ball valve BV-200 球閥 DN50 PN40',
      units,
      title: `bench ${part + 1}/${parts}`,
    });
    bytes += pdf.length;
    largest = Math.max(largest, pdf.length);
    peaks.push(process.resourceUsage().maxRSS * 1024);
    // With --expose-gc, collect between parts as an idle Lambda instance does between requests.
    (globalThis as { gc?: () => void }).gc?.();
    if (process.env.BENCH_VERBOSE) {
      const usage = process.memoryUsage();
      console.log(
        `part ${part + 1}: heap ${mb(usage.heapUsed)}, rss ${mb(usage.rss)}, external ${mb(usage.external)}, arrayBuffers ${mb(usage.arrayBuffers)}`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `labels (${format.layout} ${format.size}, ${labelsPerPart(format)} per part): ${total} labels in ${parts} parts, ` +
      `${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} labels/s; ` +
      `PDF ${mb(bytes)} in all, largest part ${(largest / 1024).toFixed(0)} KB`,
  );
  console.log(
    `labels memory: RSS ${mb(startRss)} before, peak ${mb(peaks[0]!)} after the first part, ` +
      `${mb(peaks.at(-1)!)} after the last (peak per part: ${peaks.map((peak) => (peak / 1024 / 1024).toFixed(0)).join(', ')} MB)`,
  );
}

/** One GET through the local gateway, redirects not followed: its status. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Resolver latency against the raw lookup floor, in the same run and interleaved call by
 * call: the floor is the range lookup's one Query sent straight to DynamoDB Local from this
 * process; the resolver is `GET /01/<gtin>/21/<serial>` through the local gateway (the
 * CloudFront Function, the handler pipeline, the same Query, the 307 with its Link header).
 */
export async function runResolver(): Promise<void> {
  // One machine makes every look-up: lift the per-address look-up quota for the run.
  const stack = await startStackProcess({ env: { LOOKUP_LIMIT_PER_ADDRESS: '100000000' } });
  const documents = documentsFor(stack.info);
  try {
    const token = (await signIn(stack.info, stack.info.admin.email, stack.info.admin.password))
      .IdToken;
    const body = `958${String(Date.now()).slice(-9)}`;
    const gtin13 = `${body}${gtinCheckDigit(body)}`;
    const product = await callApi<{ id: string; gtin: string }>(stack.info, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: `Bench Linked Valve ${randomUUID().slice(0, 6)}`,
        temperatureMin: 0,
        temperatureMax: 100,
        fluid: 'water',
        connection: 'Flanged',
        gtin: gtin13,
      },
    });
    const prefix = 'RESOLVE-';
    const range = await callApi(stack.info, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: `${prefix}000001`,
        endSerial: `${prefix}010000`,
        productionDate: '2026-11-01',
      },
    });
    if (range.status !== 201) throw new Error(`range: ${JSON.stringify(range.body)}`);
    const serial = (index: number) => `${prefix}${String((index % 10_000) + 1).padStart(6, '0')}`;
    const floorCall = async (index: number) => {
      const digits = serial(index).slice(prefix.length);
      await documents.send(
        new QueryCommand({
          TableName: stack.info.resources.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.serialLookup(prefix, 6, digits).pk,
            ':from': '000000',
            ':to': digits,
          },
          ScanIndexForward: false,
          Limit: 1,
        }),
      );
    };
    const resolverCall = async (index: number) => {
      const status = await get(
        stack.info.ports.gateway,
        `/01/${product.body.gtin}/21/${serial(index)}`,
      );
      if (status !== 307) throw new Error(`resolver answered ${status}`);
    };
    // Interleaved: each round measures both, so machine noise hits both alike.
    const floor: number[] = [];
    const resolver: number[] = [];
    for (let round = 0; round < 10; round++) {
      floor.push((await measure(floorCall, { warmup: 20, count: 100 })).median);
      resolver.push((await measure(resolverCall, { warmup: 20, count: 100 })).median);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    console.log(
      `resolver: median ${ms(median(resolver))} per link (307), raw lookup floor ${ms(median(floor))} ` +
        `(one Query, same run): ${(median(resolver) / median(floor)).toFixed(2)}× the floor (target ≤ 2×)`,
    );
  } finally {
    documents.destroy();
    await stack.stop();
  }
}

/**
 * A label flood on the local stack: 40 label requests at once (each a sheet of 500 labels,
 * about half a second of CPU) while the resolver is asked in turn, one link after another.
 * The labels' work queue (lambdas/shared/work-queue.ts: one renders, three wait) must
 * answer the rest 503 at once, and the resolver must go on answering meanwhile: its
 * latency during the flood against the same calls before it.
 */
export async function runLabelFlood(): Promise<void> {
  const stack = await startStackProcess({ env: { LOOKUP_LIMIT_PER_ADDRESS: '100000000' } });
  try {
    const token = (await signIn(stack.info, stack.info.admin.email, stack.info.admin.password))
      .IdToken;
    const body = `958${String(Date.now()).slice(-9)}`;
    const product = await callApi<{ id: string; gtin: string }>(stack.info, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: `Bench Flood Valve ${randomUUID().slice(0, 6)}`,
        temperatureMin: 0,
        temperatureMax: 100,
        fluid: 'water',
        connection: 'Flanged',
        gtin: `${body}${gtinCheckDigit(body)}`,
      },
    });
    const prefix = 'FLOOD-';
    const range = await callApi<{ id: string }>(stack.info, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: `${prefix}000001`,
        endSerial: `${prefix}010000`,
        productionDate: '2026-11-01',
      },
    });
    if (range.status !== 201) throw new Error(`range: ${JSON.stringify(range.body)}`);
    const link = (index: number) =>
      `/01/${product.body.gtin}/21/${prefix}${String((index % 10_000) + 1).padStart(6, '0')}`;
    const resolve = async (index: number) => {
      const status = await get(stack.info.ports.gateway, link(index));
      if (status !== 307) throw new Error(`resolver answered ${status}`);
    };
    const idle = await measure(resolve, { warmup: 20, count: 200 });

    const labels = `/api/serial-numbers/${range.body.id}/labels?layout=roll&size=50x25`;
    const auth = { authorization: `Bearer ${token}` };
    const flood = Array.from({ length: 40 }, async () => {
      const started = performance.now();
      const status = await get(stack.info.ports.gateway, labels, auth);
      return { status, ms: performance.now() - started };
    });
    let done = false;
    const during: number[] = [];
    const probing = (async () => {
      for (let index = 0; !done; index++) {
        const started = performance.now();
        await resolve(index);
        during.push(performance.now() - started);
      }
    })();
    const answers = await Promise.all(flood);
    done = true;
    await probing;

    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    const refused = answers.filter((answer) => answer.status === 503).map((answer) => answer.ms);
    during.sort((a, b) => a - b);
    const at = (q: number) => during[Math.min(during.length - 1, Math.floor(q * during.length))]!;
    console.log(
      `label flood: 40 requests at once: ${count(200)} rendered (200), ${count(503)} refused (503), ` +
        `${answers.length - count(200) - count(503)} other; slowest refusal ${ms(Math.max(...refused, 0))}`,
    );
    console.log(
      `resolver during the flood: ${during.length} links, median ${ms(at(0.5))}, p99 ${ms(at(0.99))}, ` +
        `max ${ms(during.at(-1) ?? 0)}; idle median ${ms(idle.median)}, p99 ${ms(idle.p99)}: ` +
        `${(at(0.5) / idle.median).toFixed(1)}× the idle median`,
    );
  } finally {
    await stack.stop();
  }
}
