import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  labelFormat,
  labelsPerPart,
  maxLabelRunLabels,
  maxLabelRunRanges,
} from '../../lambdas/shared/contract/labels';
import { message } from '../../lambdas/shared/contract/messages';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';

/**
 * `GET /api/serial-numbers/labels?ids=`: the labels of several whole ranges in one run, each
 * label with its own range's product and material, cut into parts as one range's run is;
 * the bounds (ranges, labels, parts) answered with the catalogue's words.
 */
const stack = inject('stack');
let token: string;
const tag = randomUUID().slice(0, 4).toUpperCase();
const prefix = (letter: string) => `LR${tag}${letter}-`;
const ranges: Record<'a' | 'b' | 'big', { id: string }> = {} as never;

const base = {
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 10,
  pressureWCB: 16,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
};

async function product(name: string): Promise<Product> {
  const created = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token,
    body: { ...base, name },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function range(productId: string, start: string, end: string, bodyMaterial: string) {
  const created = await callApi<{ id: string }>(stack, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId,
      startSerial: start,
      endSerial: end,
      productionDate: '2026-06-01',
      bodyMaterial,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function labels(query: string) {
  const answer = await fetch(`${stack.appUrl}/api/serial-numbers/labels?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return { answer, bytes };
}

const errorOf = (bytes: Uint8Array) =>
  (JSON.parse(Buffer.from(bytes).toString('utf8')) as { error: { message: string } }).error;

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const gate = await product(`Run Gate ${tag}`);
  const ball = await product(`Run Ball ${tag}`);
  ranges.a = await range(gate.id, `${prefix('A')}0001`, `${prefix('A')}0003`, 'FC');
  ranges.b = await range(ball.id, `${prefix('B')}0001`, `${prefix('B')}0002`, 'WCB');
  ranges.big = await range(gate.id, `${prefix('C')}000001`, `${prefix('C')}019996`, 'FC');
});

describe('a label run of several ranges', () => {
  it("prints every unit of each range, in the order named, with its own range's product and material", async () => {
    const { answer, bytes } = await labels(
      `ids=${ranges.b.id},${ranges.a.id},${ranges.b.id}&layout=a4&size=64x38`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    // A range named twice prints once: 2 + 3 labels.
    expect(answer.headers.get('x-label-count')).toBe('5');
    expect(answer.headers.get('x-label-parts')).toBe('1');
    const text = pdfText(bytes);
    const order = [
      `${prefix('B')}0001`,
      `${prefix('B')}0002`,
      `${prefix('A')}0001`,
      `${prefix('A')}0002`,
      `${prefix('A')}0003`,
    ].map((serial) => text.indexOf(serial));
    expect(
      order.every((at) => at >= 0),
      text,
    ).toBe(true);
    // One sheet of 21: the five labels fill its first rows, left to right, in the run's order.
    expect(text).toContain(`Run Gate ${tag}`);
    expect(text).toContain(`Run Ball ${tag}`);
    expect(text).toContain('Body: FC');
    expect(text).toContain('Body: WCB');
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
  });

  it("prints the body material line in the sheet's language", async () => {
    const { answer, bytes } = await labels(`ids=${ranges.a.id}&language=zh`);
    expect(answer.status).toBe(200);
    expect(pdfText(bytes)).toContain('本體材質：FC');
  });

  it('cuts a large run into parts as one range does, the parts following on from range to range', async () => {
    const format = labelFormat('a4', '64x38')!;
    const perPart = labelsPerPart(format);
    // 3 + 19,996 labels (just within the bound): the big range's first serials fill the
    // first part after range A's.
    const big = `${prefix('C')}000001`;
    const ids = `ids=${ranges.a.id},${ranges.big.id}`;
    const first = await labels(`${ids}&part=0`);
    expect(first.answer.status).toBe(200);
    expect(first.answer.headers.get('x-label-count')).toBe('19999');
    const parts = Math.ceil(19_999 / perPart);
    expect(first.answer.headers.get('x-label-parts')).toBe(String(parts));
    const firstText = pdfText(first.bytes);
    expect(firstText).toContain(`${prefix('A')}0003`);
    expect(firstText).toContain(big);
    const lastInFirst = `${prefix('C')}${String(perPart - 3).padStart(6, '0')}`;
    const firstInSecond = `${prefix('C')}${String(perPart - 2).padStart(6, '0')}`;
    expect(firstText).toContain(lastInFirst);
    expect(firstText).not.toContain(firstInSecond);
    const second = await labels(`${ids}&part=1`);
    expect(second.answer.status).toBe(200);
    expect(pdfText(second.bytes)).toContain(firstInSecond);
    expect(second.answer.headers.get('content-disposition')).toContain(`-part-2-of-${parts}.pdf`);
    const beyond = await labels(`${ids}&part=${parts}`);
    expect(beyond.answer.status).toBe(400);
    expect(errorOf(beyond.bytes).message).toBe(message('errors.labelPartOutside', { parts }));
  });

  it('refuses more labels than a run of several ranges holds, with the count, before rendering', async () => {
    const { answer, bytes } = await labels(
      `ids=${ranges.a.id},${ranges.b.id},${ranges.big.id}&part=0`,
    );
    expect(answer.status).toBe(400);
    const error = errorOf(bytes);
    expect(error.message).toBe(
      message('errors.labelRunTooLarge', { max: maxLabelRunLabels, count: 20_001 }),
    );
  });

  it('refuses more ranges than a run takes, naming the bound', async () => {
    const ids = Array.from({ length: maxLabelRunRanges + 1 }, (_, index) =>
      index === 0 ? ranges.a.id : randomUUID(),
    ).join(',');
    const { answer, bytes } = await labels(`ids=${ids}`);
    expect(answer.status).toBe(400);
    const error = errorOf(bytes) as { message: string; messageKey?: string };
    expect(error.message).toBe(message('errors.labelRunRanges', { max: maxLabelRunRanges }));
    expect(error.messageKey).toBe('errors.labelRunRanges');
  });

  it('answers 404 when a named range does not exist, and 400 for no range at all', async () => {
    const gone = await labels(`ids=${ranges.a.id},${randomUUID()}`);
    expect(gone.answer.status).toBe(404);
    expect(errorOf(gone.bytes).message).toBe(message('errors.serialRangeNotFound'));
    const none = await labels('ids=,');
    expect(none.answer.status).toBe(400);
  });
});
