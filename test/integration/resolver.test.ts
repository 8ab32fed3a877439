import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gtinCheckDigit } from '../../lambdas/shared/contract/gs1';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { createRequire } from 'node:module';
import { callApi } from '../support/api';
import { gs1LinksetErrors } from '../support/gs1-linkset';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { requestReport } from '../support/visitor';

/**
 * The identification-link resolver through the local gateway (the same route table, the
 * same CloudFront Function): GS1 Digital Link and /id/ links, redirects, Link headers,
 * linksets, HEAD/OPTIONS/CORS, 400 and 404, the report host rule.
 */
const stack = inject('stack');
const { compressWebUri } = (
  createRequire(import.meta.url)('digital-link.js') as {
    Utils: { compressWebUri: (uri: string) => string };
  }
).Utils;
let token: string;
const tag = randomUUID().slice(0, 6).toUpperCase();
const prefix = `LK${tag}/`;
const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
const plainPrefix = `ID${tag}-`;
const plainSerial = (n: number) => `${plainPrefix}${String(n).padStart(4, '0')}`;
/** A GTIN-13 of this run (GS1 prefix 950: examples), with its check digit. */
const gtin13 = (() => {
  const body = `950${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
})();
const gtin = `0${gtin13}`;
const encoded = (value: string) => value.replace(/\//g, '%2F');
let base: string;
let withGtin: Product;
let withoutGtin: Product;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as a scanner app or another server sends it: no redirects followed, any Host. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; host?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: stack.ports.gateway,
        path,
        method: options.method ?? 'GET',
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const product = (name: string, gtinValue: string | null) => ({
  name,
  nameZh: `連結閥 ${name.slice(-6)}`,
  temperatureMin: -10,
  temperatureMax: 120,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 16,
  pressureWCB: null,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
  ...(gtinValue === null ? {} : { gtin: gtinValue }),
});

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  base = stack.appUrl;
  const a = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token,
    body: product(`Linked Valve ${tag}`, gtin13),
  });
  expect(a.status).toBe(201);
  withGtin = a.body;
  expect(withGtin.gtin).toBe(gtin);
  const b = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token,
    body: product(`Plain Valve ${tag}`, null),
  });
  withoutGtin = b.body;
  for (const [productId, startSerial, endSerial] of [
    [withGtin.id, serial(1), serial(50)],
    [withoutGtin.id, plainSerial(1), plainSerial(50)],
  ] as const) {
    const created = await callApi<SerialRange>(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: { productId, startSerial, endSerial, productionDate: '2026-05-04' },
    });
    expect(created.status).toBe(201);
  }
});
afterAll(() => undefined);

describe('a unit of a product with a GTIN', () => {
  const path = () => `/01/${gtin}/21/${encoded(serial(7))}`;

  it('redirects (307) to its report, keeping the query string, with its linkset in the Link header', async () => {
    const answer = await send(`${path()}?foo=bar&17=261231`);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(
      `${base}/search?serial=${encodeURIComponent(serial(7))}&foo=bar&17=261231`,
    );
    // The linkset's address and type; the unit's links are in the linkset itself.
    expect(answer.headers.link).toBe(
      `<${base}${path()}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    );
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toContain('Link');
    expect(answer.headers.vary).toBe('Accept, Accept-Language');
  });

  it('answers the same with a trailing slash and with a GTIN-13', async () => {
    const slash = await send(`${path()}/`);
    const short = await send(`/01/${gtin13}/21/${encoded(serial(7))}`);
    for (const answer of [slash, short]) {
      expect(answer.status).toBe(307);
      expect(answer.headers.location).toBe(
        `${base}/search?serial=${encodeURIComponent(serial(7))}`,
      );
    }
  });

  it('answers the linkset for linkType=linkset, linkType=all and Accept: application/linkset+json', async () => {
    const answers = [
      await send(`${path()}?linkType=linkset`),
      await send(`${path()}?linkType=all`),
      await send(path(), { headers: { accept: 'application/linkset+json' } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/linkset+json');
      expect(answer.headers.link).toContain(
        '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
      );
      const body = JSON.parse(answer.body) as { linkset: Record<string, unknown>[] };
      expect(gs1LinksetErrors(body)).toEqual([]);
      const { linkset } = body;
      expect(linkset.map((item) => item.anchor)).toEqual([
        `${base}${path()}`,
        `${base}/01/${gtin}`,
      ]);
      expect(linkset[0]!['https://ref.gs1.org/voc/defaultLink']).toEqual([
        {
          href: `${base}/search?serial=${encodeURIComponent(serial(7))}`,
          title: 'Test report of this unit',
        },
      ]);
      expect(Object.keys(linkset[0]!).sort()).toEqual([
        'anchor',
        'https://ref.gs1.org/voc/certificationInfo',
        'https://ref.gs1.org/voc/defaultLink',
        'https://ref.gs1.org/voc/pip',
        'https://ref.gs1.org/voc/verificationService',
        'itemDescription',
      ]);
    }
    const zh = await send(`${path()}?linkType=linkset`, {
      headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
    });
    expect(zh.body).toContain('本單元的測試報告');
    expect(gs1LinksetErrors(JSON.parse(zh.body))).toEqual([]);
    // JSON-LD: the same linkset with its context in the document (JSON-LD reads no context
    // header for application/ld+json).
    const jsonLd = await send(path(), { headers: { accept: 'application/ld+json' } });
    const { '@context': context, ...linkset } = JSON.parse(jsonLd.body) as Record<string, unknown>;
    expect(context).toBe('https://ref.gs1.org/standards/resolver/linkset-context');
    expect(gs1LinksetErrors(linkset)).toEqual([]);
  });

  it('redirects to a requested link type in any namespace spelling, and answers 404 for a missing one', async () => {
    const pip = await send(`${path()}?linkType=gs1:pip`);
    expect(pip.status).toBe(307);
    expect(pip.headers.location).toBe(`${base}/api/units/${encoded(serial(7))}?linkType=gs1:pip`);
    const uri = await send(
      `${path()}?linkType=${encodeURIComponent('https://gs1.org/voc/certificationInfo')}`,
    );
    expect(uri.status).toBe(307);
    expect(String(uri.headers.location)).toMatch(/\/search\?serial=/);
    const missing = await send(`${path()}?linkType=gs1:nosuchlt`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({
      error: { code: 'not-found', messageKey: 'errors.linkTypeNotFound' },
    });
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect(missing.headers.vary).toBe('Accept, Accept-Language');
  });

  it('answers HEAD like GET without a body, and OPTIONS with the methods and CORS', async () => {
    const head = await send(path(), { method: 'HEAD' });
    expect(head.status).toBe(307);
    expect(head.headers.location).toBe(`${base}/search?serial=${encodeURIComponent(serial(7))}`);
    expect(head.body).toBe('');
    const headLinkset = await send(`${path()}?linkType=linkset`, { method: 'HEAD' });
    expect(headLinkset.status).toBe(200);
    const options = await send(path(), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://ref.gs1.org',
        'access-control-request-method': 'GET',
      },
    });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['access-control-allow-origin']).toBe('*');
    expect(options.headers.link).toContain('rel="linkset"');
    // An encoded '/' in a serial stays as the viewer sent it in the linkset's address.
    const encoded = await send(`/01/${gtin}/21/AB%2FC`, { method: 'OPTIONS' });
    expect(encoded.status).toBe(204);
    expect(encoded.headers.link).toContain(`/01/${gtin}/21/AB%2FC?linkType=linkset`);
  });

  it('walks up from an unknown batch or variant to the trade item, but not from an unknown serial', async () => {
    const batch = await send(`/01/${gtin}/10/KL8G`);
    expect(batch.status).toBe(307);
    expect(batch.headers.location).toBe(`${base}/search`);
    const item = await send(`/01/${gtin}?linkType=linkset`);
    expect(item.status).toBe(200);
    expect(JSON.parse(item.body).linkset[0].anchor).toBe(`${base}/01/${gtin}`);
    expect(gs1LinksetErrors(JSON.parse(item.body))).toEqual([]);
    const outside = await send(`/01/${gtin}/21/${encoded(serial(51))}`);
    expect(outside.status).toBe(404);
    expect(JSON.parse(outside.body)).toMatchObject({
      error: { code: 'not-found', messageKey: 'errors.unitNotFound' },
    });
  });

  it('answers its product data as JSON at the gs1:pip link', async () => {
    const answer = await callApi<Record<string, unknown>>(
      stack,
      `/api/units/${encoded(serial(7))}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      serialNumber: serial(7),
      identityLink: `${base}${path()}`,
      gtin,
      elementString: `(01)${gtin}(21)${serial(7)}`,
      productionDate: '2026-05-04',
      product: expect.objectContaining({
        name: `Linked Valve ${tag}`,
        // The Chinese texts beside the English ones; null where none was given.
        nameZh: `連結閥 ${`Linked Valve ${tag}`.slice(-6)}`,
        connectionZh: null,
        fluid: 'water',
      }),
    });
    expect(Object.keys(answer.body.product as object)).not.toContain('createdBy');
    expect((await callApi(stack, `/api/units/${encoded(serial(51))}`)).status).toBe(404);
    // Another site's scanning app may read it, as the link that led there (refusals too).
    for (const [unit, status] of [
      [serial(7), 200],
      [serial(51), 404],
    ] as const) {
      const read = await send(`/api/units/${encoded(unit)}`, {
        headers: { origin: 'https://scanner.example' },
      });
      expect(read.status).toBe(status);
      expect(read.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe("a unit's report", () => {
  it('carries its identification link, in the preview and in the PDF', async () => {
    const report = await requestReport(stack, {
      serialNumber: serial(9).toLowerCase(),
      email: `link-${tag.toLowerCase()}@example.com`,
      consent: true,
      language: 'en',
    });
    expect(report.status).toBe(201);
    const link = `${base}/01/${gtin}/21/${encoded(serial(9))}`;
    expect(report.body.identityLink).toBe(link);
    const pdf = await fetch(`${base}${report.body.pdfUrl}`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Identification link');
    expect(text).toContain(link);
  });
});

describe('a unit of a product without a GTIN', () => {
  it('resolves at /id/<serial>, and not under a GTIN', async () => {
    const answer = await send(`/id/${plainSerial(3)}`);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${base}/search?serial=${plainSerial(3)}`);
    const linkset = await send(`/id/${plainSerial(3)}?linkType=linkset`);
    expect(JSON.parse(linkset.body).linkset).toHaveLength(1);
    expect(gs1LinksetErrors(JSON.parse(linkset.body))).toEqual([]);
    expect(JSON.parse(linkset.body).linkset[0].anchor).toBe(`${base}/id/${plainSerial(3)}`);
    expect((await send(`/01/${gtin}/21/${plainSerial(3)}`)).status).toBe(404);
    expect((await send(`/id/${plainSerial(99)}`)).status).toBe(404);
  });
});

describe('malformed links', () => {
  it.each([
    [`/01/${gtin.slice(0, -1)}${(Number(gtin.at(-1)) + 1) % 10}/21/A1`, 'errors.linkCheckDigit'],
    ['/01/95060001343/21/A1', 'errors.linkGtin'],
    [`/01/${gtin}/21/A1/10/LOT`, 'errors.linkQualifier'],
    [`/01/${gtin}/99/X`, 'errors.linkQualifier'],
    [`/01/${gtin}/17/261231`, 'errors.linkQualifier'],
    [`/01/${gtin}/21/A1/foo`, 'errors.linkPath'],
    [`/01/${gtin}/21/${'A'.repeat(21)}`, 'errors.linkValue'],
    [`/01/${gtin}/21/A%23B`, 'errors.linkValue'],
    [`/01/${gtin}/21/A%E4B`, 'errors.linkEncoding'],
    ['/id/NO-DIGITS', 'errors.linkSerial'],
    // No trade item has the GTIN of zeros (the check digit formula accepts it).
    ['/01/00000000000000/21/A1', 'errors.linkGtinZero'],
    ['/01/00000000', 'errors.linkGtinZero'],
    // The /id form's own message, not the /01 form's pairs of AIs.
    ['/id/AB-0001/extra', 'errors.linkIdPath'],
    ['/id/AB-0001/21/AB-0001', 'errors.linkIdPath'],
  ])('%s answers 400 %s, never 200', async (path, messageKey) => {
    const answer = await send(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'invalid-argument', messageKey },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers.vary).toBe('Accept, Accept-Language');
  });

  it('describes the /id form for a malformed /id path, not the /01 form', async () => {
    const { error } = JSON.parse((await send('/id/AB-0001/extra')).body);
    expect(error.message).toMatch(/^This is not an identification link: \/id\/ /);
    expect(error.message).not.toContain('/01/');
  });

  it('answers 404 for a GTIN of no product', async () => {
    const body = '950999999999';
    const answer = await send(`/01/0${body}${gtinCheckDigit(body)}`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { messageKey: 'errors.gtinNotFound' } });
  });
});

/**
 * Characters that are not a serial's but that upper-case onto one (ſ → S, ı → I), the
 * Kelvin sign (it lower-cases to k) and fullwidth letters: a serial made with them is not
 * the unit's, anywhere (resolver, unit data, report request, range lookup).
 */
describe('look-alike serials', () => {
  const lookPrefix = `SIK${tag}-`;
  const real = `${lookPrefix}000000001`;
  const lookAlikes = [
    `\u017F${real.slice(1)}`, // ſIK…
    `S\u0131${real.slice(2)}`, // SıK…
    `SI\u212A${real.slice(3)}`, // SIK (Kelvin sign)…
    `\uFF33${real.slice(1)}`, // ＳIK…
  ];

  beforeAll(async () => {
    const created = await callApi(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: withoutGtin.id,
        startSerial: real,
        endSerial: `${lookPrefix}000000009`,
        productionDate: '2026-05-04',
      },
    });
    expect(created.status).toBe(201);
  });

  it('the real serial resolves, in either case', async () => {
    expect((await send(`/id/${real}`)).status).toBe(307);
    expect((await send(`/id/${real.toLowerCase()}`)).status).toBe(307);
    expect((await callApi(stack, `/api/units/${real.toLowerCase()}`)).status).toBe(200);
  });

  it.each(lookAlikes)('%s is no link (400) and no unit (404)', async (lookAlike) => {
    const link = await send(`/id/${encodeURIComponent(lookAlike)}`);
    expect(link.status).toBe(400);
    expect(link.headers.location).toBeUndefined();
    expect(JSON.parse(link.body)).toMatchObject({
      error: { code: 'invalid-argument', messageKey: 'errors.linkSerial' },
    });
    const unit = await callApi(stack, `/api/units/${encodeURIComponent(lookAlike)}`);
    expect(unit.status).toBe(404);
    expect(unit.body.error).toMatchObject({ messageKey: 'errors.unitNotFound' });
    const lookup = await callApi(
      stack,
      `/api/serial-numbers/lookup?serial=${encodeURIComponent(lookAlike)}`,
      { token },
    );
    expect(lookup.status).toBe(404);
    const report = await requestReport(stack, {
      serialNumber: lookAlike,
      email: `lookalike-${tag.toLowerCase()}@example.com`,
      consent: true,
      language: 'en',
    });
    // The visitor's answer for any text that is no unit's serial.
    expect(report.status).toBe(404);
    expect(report.body.error).toMatchObject({ messageKey: 'errors.serialNotFound' });
    const filtered = await callApi(
      stack,
      `/api/serial-numbers?filter=${encodeURIComponent(lookAlike)}`,
      { token },
    );
    expect(filtered.status).toBe(400);
  });
});

describe('the resolver description file', () => {
  it('names the root, the primary key and the GS1 vocabulary', async () => {
    const answer = await send('/.well-known/gs1resolver');
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const description = JSON.parse(answer.body) as Record<string, unknown>;
    expect(description).toMatchObject({
      resolverRoot: base,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
    // The description file schema's rules: a URI root, the allowed keys, a CURIE prefix.
    expect(() => new URL(description.resolverRoot as string)).not.toThrow();
    expect((description.supportedLinkType as { prefix: string }[])[0]!.prefix).toMatch(
      /^[a-zA-Z_][A-Za-z0-9_-]*?:$/,
    );
  });
});

describe('a compressed Digital Link', () => {
  // GS1's toolkit (digital-link.js) compresses; the resolver decompresses.
  const compress = (path: string) =>
    compressWebUri(`https://id.example.com${path}`).slice('https://id.example.com'.length);
  const comparable = (answer: Answer) => ({
    status: answer.status,
    location: answer.headers.location,
    link: answer.headers.link,
    contentType: answer.headers['content-type'],
    body: answer.body,
  });

  it('resolves exactly as its uncompressed form, on the app host and on a report host', async () => {
    const plain = `/01/${gtin}/21/${encoded(serial(9))}`;
    const compressed = compress(plain);
    expect(compressed).toMatch(/^\/D[A-Za-z0-9_-]+$/);
    for (const host of [undefined, 'report.example.com']) {
      for (const query of ['', '?linkType=linkset', '?linkType=gs1:pip', '?foo=bar']) {
        const [expected, actual] = await Promise.all([
          send(`${plain}${query}`, { host }),
          send(`${compressed}${query}`, { host }),
        ]);
        expect(comparable(actual), `${host ?? 'app'} ${query}`).toEqual(comparable(expected));
      }
    }
    // Data attributes ride in the compressed path, and go on to the report as in the query.
    const dated = compress(`${plain}?17=261231`);
    const answer = await send(dated);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(
      `${base}/search?serial=${encodeURIComponent(serial(9))}&17=261231`,
    );
  });

  it('answers a product-level link as the trade item, and an unknown unit 404 as uncompressed', async () => {
    const item = await send(compress(`/01/${gtin}`));
    expect(item.status).toBe(307);
    expect(item.headers.location).toBe(`${base}/search`);
    const unknown = await send(compress(`/01/${gtin}/21/NOPE${tag}9`));
    expect(unknown.status).toBe(404);
  });

  it('answers 400 for what is not a whole compressed link, never the app page', async () => {
    const valid = compress(`/01/${gtin}/21/${encoded(serial(9))}`);
    for (const host of [undefined, 'report.example.com']) {
      for (const path of [valid.slice(0, -3), `${valid}AAA`, '/DEADBEEF', '/Awrong']) {
        const answer = await send(path, { host });
        expect(answer.status, `${host ?? 'app'} ${path}`).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({
          error: { code: 'invalid-argument', messageKey: 'errors.linkCompressed' },
        });
        expect(answer.headers['access-control-allow-origin']).toBe('*');
      }
    }
  });
});

describe('the report host rule', () => {
  it.each(['report.example.com', 'client.example.com'])(
    'lets identification links and unit data through on %s',
    async (host) => {
      const unit = await send(`/01/${gtin}/21/${encoded(serial(2))}`, { host });
      expect(unit.status).toBe(307);
      expect(unit.headers.location).toContain('/search?serial=');
      expect((await send(`/id/${plainSerial(2)}`, { host })).status).toBe(307);
      expect((await send('/.well-known/gs1resolver', { host })).status).toBe(200);
      expect((await send(`/api/units/${plainSerial(2)}`, { host })).status).toBe(200);
      // Everything else of the back office still goes to /search.
      const products = await send('/api/products', { host });
      expect(products.status).toBe(302);
    },
  );
});

describe('product GTINs', () => {
  it('are unique, and fixed once the product has ranges', async () => {
    const taken = await callApi(stack, '/api/products', {
      method: 'POST',
      token,
      body: product(`Other Valve ${tag}`, gtin),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ messageKey: 'errors.gtinTaken' });
    const changed = await callApi(stack, `/api/products/${withGtin.id}`, {
      method: 'PUT',
      token,
      body: { ...product(withGtin.name, null), version: withGtin.version },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({
      messageKey: 'errors.gtinLocked',
      fieldMessages: { gtin: { messageKey: 'errors.gtinLocked' } },
    });
  });

  it('are refused when every digit before the check digit is zero', async () => {
    for (const zeros of ['00000000', '000000000000', '00000000000000']) {
      const refused = await callApi(stack, '/api/products', {
        method: 'POST',
        token,
        body: product(`Zero Valve ${tag} ${zeros.length}`, zeros),
      });
      expect(refused.status, zeros).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'invalid-argument',
        fieldMessages: { gtin: { messageKey: 'validation.gtinZero' } },
      });
    }
  });
});
