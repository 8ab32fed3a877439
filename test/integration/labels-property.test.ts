import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gtinCheckDigit, identityLink, maxAi21Length } from '../../lambdas/shared/contract/gs1';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { pdfText, scanQrCodes } from '../support/pdf';

/**
 * For random valid serials (prefixes of letters, digits and - _ . /, with and without a
 * GTIN), the QR code scanned from a generated label is the unit's identification link, and
 * that link resolves to the same serial.
 */
const stack = inject('stack');
let token: string;
const tag = randomUUID().slice(0, 4).toUpperCase();
const products: { withGtin?: Product; plain?: Product } = {};

const base = {
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 10,
  pressureWCB: null,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
};

function resolve(url: string): Promise<{ status: number; location?: string }> {
  const { pathname, search } = new URL(url);
  return new Promise((done, fail) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: stack.ports.gateway, path: `${pathname}${search}` },
      (response) => {
        response.resume();
        done({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    outgoing.on('error', fail);
    outgoing.end();
  });
}

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const body = `958${String(Date.now()).slice(-9)}`;
  const gtin = `${body}${gtinCheckDigit(body)}`;
  for (const [key, fields] of [
    ['withGtin', { name: `Scanned Valve ${tag}`, gtin }],
    ['plain', { name: `Scanned Plain ${tag}` }],
  ] as const) {
    const created = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token,
      body: { ...base, ...fields },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    products[key] = created.body;
  }
});

/** A serial of the product's form: a prefix ending in a non-digit, then digits. */
const serialArbitrary = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...'ABCXYZ0189-_./'), minLength: 0, maxLength: 8 }),
    fc.constantFrom(...'ABZ-_./'),
    fc.integer({ min: 1, max: 999999 }),
    fc.integer({ min: 6, max: 8 }),
  )
  .map(([body, end, number, width]) => `${tag}${body}${end}${String(number).padStart(width, '0')}`);

describe('labels scan to links that resolve', () => {
  it('decodes every label QR to the unit link, which resolves to its serial', async () => {
    await fc.assert(
      fc.asyncProperty(serialArbitrary, fc.boolean(), async (serial, withGtin) => {
        const product = withGtin ? products.withGtin! : products.plain!;
        const range = await callApi<{ id: string }>(stack, '/api/serial-numbers', {
          method: 'POST',
          token,
          body: {
            productId: product.id,
            startSerial: serial,
            endSerial: serial,
            productionDate: '2026-06-01',
          },
        });
        // A GTIN product's serials must fit GS1's AI 21 (20 characters): a longer one is
        // refused when the range is made, so no label could carry a link GS1 cannot read.
        if (withGtin && serial.length > maxAi21Length) {
          expect(range.status).toBe(400);
          return;
        }
        // Random prefixes may meet an earlier run's range: that serial is someone else's
        // (409). Any other refusal is a failure, not a skipped run.
        expect([201, 409]).toContain(range.status);
        fc.pre(range.status === 201);
        const answer = await fetch(
          `${stack.appUrl}/api/serial-numbers/${range.body.id}/labels?layout=roll&size=50x25`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/pdf');
        const pdf = new Uint8Array(await answer.arrayBuffer());
        // The code sits in the left half of the label.
        const [decoded] = scanQrCodes(pdf, { cells: [[0, 0, 0.55, 1]] });
        const link = identityLink(stack.appUrl, { serial, gtin: product.gtin });
        expect(decoded).toBe(link);
        const resolved = await resolve(decoded!);
        expect(resolved.status).toBe(307);
        expect(resolved.location).toBe(
          `${stack.appUrl}/search?serial=${encodeURIComponent(serial)}`,
        );
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});

/**
 * Pieces of product names: what the label fonts draw, and what they do not (invisible
 * characters such as U+200B are refused before, as free text: test/unit/free-text.test.ts).
 */
const drawable = ['Valve', '球閥', '蒸汽截止閥', 'é', 'ñ', ' ', '-', 'DN50', '°C', 'Ω'];
const undrawable = ['🙂', 'صمام', 'ł', 'ก'];

describe('product names on labels', () => {
  let run = 0;
  it('a name the API accepts prints as typed (no ?); one the fonts cannot draw is refused, naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...drawable, ...undrawable), { minLength: 1, maxLength: 3 }),
        async (parts) => {
          run += 1;
          const name = `${tag}N${run} ${parts.join('')} x`;
          const created = await callApi<Product>(stack, '/api/products', {
            method: 'POST',
            token,
            body: { ...base, name },
          });
          if (parts.some((part) => undrawable.includes(part))) {
            expect(created.status).toBe(400);
            expect(created.body.error).toMatchObject({
              code: 'invalid-argument',
              fieldMessages: { name: { messageKey: 'validation.pdfCharacters' } },
            });
            return;
          }
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          const serial = `NM${tag}-${String(run).padStart(6, '0')}`;
          const range = await callApi<{ id: string }>(stack, '/api/serial-numbers', {
            method: 'POST',
            token,
            body: {
              productId: created.body.id,
              startSerial: serial,
              endSerial: serial,
              productionDate: '2026-06-01',
            },
          });
          expect(range.status).toBe(201);
          const answer = await fetch(
            `${stack.appUrl}/api/serial-numbers/${range.body.id}/labels?layout=roll&size=100x50`,
            { headers: { authorization: `Bearer ${token}` } },
          );
          expect(answer.status).toBe(200);
          const text = pdfText(new Uint8Array(await answer.arrayBuffer()));
          const squeeze = (value: string) => value.replace(/\s+/g, '');
          expect(text).not.toContain('?');
          expect(squeeze(text)).toContain(squeeze(name));
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
