import { describe, expect, it } from 'vitest';
import { gs1LinksetErrors, gs1LinksetExamples } from '../support/gs1-linkset';
import {
  elementString,
  encodeAiValue,
  gtinCheckDigit,
  gtinProblem,
  identityLink,
  isAi21,
  toGtin14,
} from '../../lambdas/shared/contract/gs1';
import { createProductSchema } from '../../lambdas/shared/contract/schemas/product';
import { validate } from '../../lambdas/shared/contract/validation';
import { parseDigitalLinkPath, parseIdPath } from '../../lambdas/resolver/digital-link';
import {
  contextLinkHeader,
  linkHeader,
  linksetOf,
  linkTypeRequest,
  productLinks,
  unitLinks,
  uriPath,
  withQuery,
} from '../../lambdas/resolver/links';
import { negotiate, preferredLanguage } from '../../lambdas/resolver/negotiation';

/**
 * GS1's published examples: GTIN-13 9506000134352 (GTIN-14 09506000134352) of the
 * Digital Link standard, and the check digits of the General Specifications' worked
 * example (GTIN-14 "1234567890123" + 1 and so on).
 */
const validGtins = {
  8: ['95050003', '40170725', '96385074'],
  12: ['614141000036', '036000291452', '012345678905'],
  13: ['9506000134352', '4006381333931', '5901234123457'],
  14: ['09506000134352', '10614141000033', '00012345678905'],
};

describe('GTIN check digits', () => {
  it('accepts GS1 examples of every length and pads them to GTIN-14', () => {
    for (const [length, gtins] of Object.entries(validGtins)) {
      for (const gtin of gtins) {
        expect(gtin).toHaveLength(Number(length));
        expect(gtinProblem(gtin), gtin).toBeNull();
        expect(toGtin14(gtin)).toHaveLength(14);
        expect(toGtin14(gtin).endsWith(gtin)).toBe(true);
      }
    }
    expect(gtinCheckDigit('950600013435')).toBe(2);
    expect(gtinCheckDigit('0950600013435')).toBe(2);
  });

  it('refuses every wrong check digit, wrong lengths and non-digits', () => {
    for (const gtins of Object.values(validGtins)) {
      for (const gtin of gtins) {
        const body = gtin.slice(0, -1);
        for (let digit = 0; digit <= 9; digit++) {
          if (String(digit) === gtin.at(-1)) continue;
          expect(gtinProblem(`${body}${digit}`)).toBe('checkDigit');
        }
      }
    }
    for (const length of [1, 7, 9, 10, 11, 15, 18]) {
      expect(gtinProblem('1'.repeat(length))).toBe('length');
    }
    expect(gtinProblem('950600013435X')).toBe('format');
    // The check digit formula accepts all zeros; no trade item has them.
    for (const length of [8, 12, 13, 14]) {
      expect(gtinProblem('0'.repeat(length)), `${length} zeros`).toBe('zero');
      expect(gtinProblem(`${'0'.repeat(length - 1)}5`)).toBe('zero');
    }
    expect(gtinProblem('00000017')).toBeNull();
    expect(gtinProblem(' 9506000134352')).toBe('format');
    expect(gtinProblem('')).toBe('format');
  });

  it('is a product field: stored as GTIN-14, the wrong check digit named with the right one', () => {
    const product = {
      name: 'Ball valve',
      temperatureMin: -10,
      temperatureMax: 120,
      fluid: 'water',
      connection: 'Flanged',
    };
    const parsed = validate(createProductSchema, { ...product, gtin: '9506000134352' });
    expect(parsed).toMatchObject({ success: true, data: { gtin: '09506000134352' } });
    expect(validate(createProductSchema, { ...product, gtin: '' })).toMatchObject({
      data: { gtin: null },
    });
    expect(validate(createProductSchema, product)).toMatchObject({ data: { gtin: null } });
    expect(validate(createProductSchema, { ...product, gtin: '9506000134353' })).toEqual({
      success: false,
      fields: { gtin: { key: 'validation.gtinCheckDigit', params: { expected: 2 } } },
    });
    expect(validate(createProductSchema, { ...product, gtin: '95060001343' })).toEqual({
      success: false,
      fields: { gtin: { key: 'validation.gtinLength' } },
    });
    for (const gtin of ['00000000', '000000000000', '0000000000000', '00000000000000']) {
      expect(validate(createProductSchema, { ...product, gtin }), gtin).toEqual({
        success: false,
        fields: { gtin: { key: 'validation.gtinZero' } },
      });
    }
    expect(validate(createProductSchema, { ...product, gtin: '95O6000134352' })).toEqual({
      success: false,
      fields: { gtin: { key: 'validation.gtinFormat' } },
    });
  });
});

describe('AI 21 and percent-encoding', () => {
  it('takes 1 to 20 characters of GS1 character set 82', () => {
    expect(isAi21('AV-2024-000123')).toBe(true);
    expect(isAi21('a'.repeat(20))).toBe(true);
    expect(isAi21('a'.repeat(21))).toBe(false);
    expect(isAi21('')).toBe(false);
    for (const character of `!"%&'()*+,-./:;<=>?_`) expect(isAi21(`A${character}1`)).toBe(true);
    for (const character of ['#', ' ', '~', '@', '[', '\\', '^', '`', '{', '|', '}', 'é', '序']) {
      expect(isAi21(`A${character}1`), character).toBe(false);
    }
  });

  it('encodes everything but unreserved characters, so a slash never splits a segment', () => {
    expect(encodeAiValue('AV-2024_000.1~')).toBe('AV-2024_000.1~');
    expect(encodeAiValue('AV/2024/001')).toBe('AV%2F2024%2F001');
    expect(encodeAiValue(`!"%&'()*+,:;<=>?`)).toBe(
      '%21%22%25%26%27%28%29%2A%2B%2C%3A%3B%3C%3D%3E%3F',
    );
    expect(decodeURIComponent(encodeAiValue(`A!"%&'()*+,/:;<=>?_1`))).toBe(`A!"%&'()*+,/:;<=>?_1`);
  });

  it('builds the link and the element string from the serial and the GTIN only', () => {
    const base = 'https://report.example.com/';
    expect(identityLink(base, { serial: 'AV/24-0001', gtin: '09506000134352' })).toBe(
      'https://report.example.com/01/09506000134352/21/AV%2F24-0001',
    );
    expect(identityLink(base, { serial: 'AV-0001', gtin: null })).toBe(
      'https://report.example.com/id/AV-0001',
    );
    expect(elementString({ serial: 'AV-0001', gtin: '09506000134352' })).toBe(
      '(01)09506000134352(21)AV-0001',
    );
    expect(elementString({ serial: 'AV-0001', gtin: null })).toBeNull();
  });
});

describe('reading a link', () => {
  const problem = (path: string) => {
    try {
      parseDigitalLinkPath(path);
      return 'accepted';
    } catch (error) {
      const { code, messageKey, params } = error as {
        code: string;
        messageKey: string;
        params: object;
      };
      return { code, messageKey, params };
    }
  };

  it('trims slashes around the path, however many, and refuses a run of them inside', () => {
    const unit = { kind: 'unit', gtin: '09506000134352', serial: 'AV-0001' };
    expect(parseDigitalLinkPath('///01/09506000134352/21/AV-0001///')).toEqual(unit);
    expect(parseIdPath('//id/AV-000123//')).toEqual(parseIdPath('/id/AV-000123'));
    // A long run of slashes that does not end the path is read in one pass: a trailing-slash
    // pattern retried from each of them took time quadratic in the run (100 ms at 16,000
    // slashes, about a second at this length).
    const run = '/'.repeat(50_000);
    expect(problem(`/01/09506000134352${run}x`)).toMatchObject({ code: 'invalid-argument' });
    expect(() => parseIdPath(`/id${run}x`)).toThrow();
  });

  it('reads a unit, pads short GTINs, tolerates a trailing slash and decodes the serial once', () => {
    expect(parseDigitalLinkPath('/01/09506000134352/21/AV-0001')).toEqual({
      kind: 'unit',
      gtin: '09506000134352',
      serial: 'AV-0001',
    });
    expect(parseDigitalLinkPath('/01/9506000134352/21/AV-0001/')).toMatchObject({
      gtin: '09506000134352',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/21/AV%2F0001')).toMatchObject({
      serial: 'AV/0001',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/21/AV%252F0001')).toMatchObject({
      serial: 'AV%2F0001',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/22/V1/10/LOT-7/21/S1')).toMatchObject({
      kind: 'unit',
      serial: 'S1',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/10/LOT-7')).toEqual({
      kind: 'product',
      gtin: '09506000134352',
    });
    expect(parseDigitalLinkPath('/01/09506000134352')).toEqual({
      kind: 'product',
      gtin: '09506000134352',
    });
  });

  it('refuses wrong check digits, lengths, order, unknown AIs, data attributes and bad values', () => {
    expect(problem('/01/09506000134353/21/S1')).toEqual({
      code: 'invalid-argument',
      messageKey: 'errors.linkCheckDigit',
      params: { gtin: '09506000134353', expected: 2 },
    });
    expect(problem('/01/95060001343/21/S1')).toMatchObject({ messageKey: 'errors.linkGtin' });
    expect(problem('/01/00000000000000/21/S1')).toEqual({
      code: 'invalid-argument',
      messageKey: 'errors.linkGtinZero',
      params: { gtin: '00000000000000' },
    });
    expect(problem('/01/00000000')).toMatchObject({ messageKey: 'errors.linkGtinZero' });
    expect(problem('/01/0950600013435A/21/S1')).toMatchObject({ messageKey: 'errors.linkGtin' });
    expect(problem('/01/09506000134352/21/S1/10/LOT')).toMatchObject({
      messageKey: 'errors.linkQualifier',
      params: { ai: '10' },
    });
    expect(problem('/01/09506000134352/21/S1/21/S2')).toMatchObject({
      messageKey: 'errors.linkQualifier',
    });
    expect(problem('/01/09506000134352/99/X')).toMatchObject({
      messageKey: 'errors.linkQualifier',
      params: { ai: '99' },
    });
    expect(problem('/01/09506000134352/17/261231')).toMatchObject({
      messageKey: 'errors.linkQualifier',
    });
    expect(problem('/01/09506000134352/21/S1/foo')).toMatchObject({
      messageKey: 'errors.linkPath',
    });
    expect(problem('/01/09506000134352/21/')).toMatchObject({ messageKey: 'errors.linkPath' });
    expect(problem('/01/09506000134352/21//x')).toMatchObject({ messageKey: 'errors.linkPath' });
    expect(problem(`/01/09506000134352/21/${'A'.repeat(21)}`)).toMatchObject({
      messageKey: 'errors.linkValue',
      params: { ai: '21', max: 20 },
    });
    expect(problem('/01/09506000134352/21/A%23B')).toMatchObject({
      messageKey: 'errors.linkValue',
    });
    expect(problem('/01/09506000134352/21/A%E4B')).toMatchObject({
      messageKey: 'errors.linkEncoding',
    });
  });

  it("reads the product's own form, with the serial normalized", () => {
    expect(parseIdPath('/id/av-0001')).toEqual({ kind: 'unit', gtin: null, serial: 'AV-0001' });
    expect(parseIdPath('/id/AV%2F24%2F0001')).toMatchObject({ serial: 'AV/24/0001' });
    // The /id form has its own message: /01's pairs of AIs do not describe it.
    for (const path of ['/id/AV/24/0001', '/id/AB-0001/extra', '/id', '/id/']) {
      expect(() => parseIdPath(path), path).toThrow(
        expect.objectContaining({ messageKey: 'errors.linkIdPath' }),
      );
    }
    expect(() => parseIdPath('/id/NO-DIGITS')).toThrow(
      expect.objectContaining({ messageKey: 'errors.linkSerial' }),
    );
    // Look-alikes that upper-case onto ASCII (ſ → S, ı → I), the Kelvin sign, fullwidth
    // letters and surrounding spaces: outside set 82, so not a link (400), never a unit.
    for (const path of [
      '/id/H%C5%BFYN-000000001',
      '/id/A%C4%B1R-0001',
      '/id/%E2%84%AAV-0001',
      '/id/%EF%BC%A1V-0001',
      '/id/%20AV-0001',
    ]) {
      expect(() => parseIdPath(path), path).toThrow(
        expect.objectContaining({ messageKey: 'errors.linkSerial' }),
      );
    }
  });
});

describe('uriPath', () => {
  it('keeps the escapes a path arrived with and encodes what a URI path may not hold', () => {
    expect(uriPath('/01/09506000134352/21/AB%2FC%22D')).toBe('/01/09506000134352/21/AB%2FC%22D');
    expect(uriPath('/id/A B"C')).toBe('/id/A%20B%22C');
    expect(uriPath('/id/50%')).toBe('/id/50%25');
    expect(uriPath('/id/閥')).toBe('/id/%E9%96%A5');
  });
});

describe('the linkset', () => {
  const base = 'https://report.example.com';
  const unit = { serial: 'AV/24-0001', gtin: '09506000134352' };
  const items = [unitLinks(base, unit, 'en'), productLinks(base, unit.gtin, 'en')];

  it('validates against GS1’s linkset schema, which refuses what it should', () => {
    // The schema itself: GS1's own examples, valid and invalid.
    expect(gs1LinksetErrors(gs1LinksetExamples.valid)).toEqual([]);
    expect(gs1LinksetErrors(gs1LinksetExamples.invalid)).not.toEqual([]);
    // Every shape the resolver gives: a unit with a GTIN, its trade item, a unit without one.
    for (const language of ['en', 'zh'] as const) {
      const withGtin = [unitLinks(base, unit, language), productLinks(base, unit.gtin, language)];
      expect(gs1LinksetErrors(linksetOf(withGtin))).toEqual([]);
      expect(gs1LinksetErrors(linksetOf(withGtin.slice(1)))).toEqual([]);
      const plain = linksetOf([unitLinks(base, { serial: 'AV-1', gtin: null }, language)]);
      expect(gs1LinksetErrors(plain)).toEqual([]);
    }
    // What the schema caught in earlier linksets: a `description` member, a bare target.
    const [first] = linksetOf(items).linkset;
    const { itemDescription, ...rest } = first!;
    expect(gs1LinksetErrors({ linkset: [{ ...rest, description: itemDescription }] })).not.toEqual(
      [],
    );
    expect(
      gs1LinksetErrors({
        linkset: [
          { ...first, 'https://ref.gs1.org/voc/pip': { href: 'https://x.example/a', title: 'a' } },
        ],
      }),
    ).not.toEqual([]);
  });

  it("has GS1's shape: full-URI link types, one default with href and title only", () => {
    const linkset = linksetOf(items);
    const [unitItem, productItem] = linkset.linkset as Record<string, unknown>[];
    expect(unitItem!.anchor).toBe('https://report.example.com/01/09506000134352/21/AV%2F24-0001');
    expect(productItem!.anchor).toBe('https://report.example.com/01/09506000134352');
    expect(unitItem!['https://ref.gs1.org/voc/defaultLink']).toEqual([
      {
        href: 'https://report.example.com/search?serial=AV%2F24-0001',
        title: 'Test report of this unit',
      },
    ]);
    expect(unitItem!['https://ref.gs1.org/voc/certificationInfo']).toEqual([
      {
        href: 'https://report.example.com/search?serial=AV%2F24-0001',
        title: 'Test report of this unit',
        type: 'text/html',
        hreflang: ['en', 'zh-TW'],
      },
    ]);
    expect(unitItem!['https://ref.gs1.org/voc/pip']).toEqual([
      {
        href: 'https://report.example.com/api/units/AV%2F24-0001',
        title: 'Product data of this unit (JSON)',
        type: 'application/json',
      },
    ]);
    expect(unitItem!['https://ref.gs1.org/voc/verificationService']).toMatchObject([
      { href: 'https://report.example.com/search?verify=&serial=AV%2F24-0001' },
    ]);
    expect(Object.keys(unitItem!).filter((key) => key.includes('gs1:'))).toEqual([]);
  });

  it('is titled in Chinese for a Chinese reader, and without a GTIN has no trade-item level', () => {
    const zh = linksetOf([unitLinks(base, { serial: 'AV-1', gtin: null }, 'zh')]);
    expect(zh.linkset[0]!.itemDescription).toBe('序號 AV-1');
    expect(zh.linkset).toHaveLength(1);
    expect(zh.linkset[0]!.anchor).toBe('https://report.example.com/id/AV-1');
    expect(zh.linkset[0]!['https://ref.gs1.org/voc/defaultLink']).toEqual([
      { href: 'https://report.example.com/search?serial=AV-1', title: '本單元的測試報告' },
    ]);
  });

  it('names the linkset, with its type, in the Link header (the links are in the linkset)', () => {
    expect(linkHeader(items[0]!.anchor)).toBe(
      '<https://report.example.com/01/09506000134352/21/AV%2F24-0001?linkType=linkset>; rel="linkset"; type="application/linkset+json"',
    );
    expect(contextLinkHeader).toBe(
      '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
    );
  });

  it('reads linkType in every namespace spelling, and passes the query string on as sent', () => {
    expect(linkTypeRequest('linkset')).toEqual({ kind: 'linkset' });
    expect(linkTypeRequest('all')).toEqual({ kind: 'linkset' });
    expect(linkTypeRequest('gs1:pip')).toEqual({ kind: 'type', term: 'pip' });
    expect(linkTypeRequest('https://ref.gs1.org/voc/pip')).toEqual({ kind: 'type', term: 'pip' });
    expect(linkTypeRequest('https://gs1.org/voc/pip')).toEqual({ kind: 'type', term: 'pip' });
    expect(linkTypeRequest('schema:url')).toEqual({ kind: 'unknown', value: 'schema:url' });
    expect(withQuery('https://h/search?serial=A1', 'foo=bar&linkType=gs1%3Apip')).toBe(
      'https://h/search?serial=A1&foo=bar&linkType=gs1%3Apip',
    );
    expect(withQuery('https://h/search', '')).toBe('https://h/search');
  });

  it('negotiates: linkset for linkset or plain JSON, JSON-LD on request, else the redirect', () => {
    expect(negotiate('application/linkset+json')).toBe('linkset');
    expect(negotiate('application/json')).toBe('linkset');
    expect(negotiate('application/ld+json')).toBe('json-ld');
    expect(negotiate('text/html,application/xhtml+xml,*/*;q=0.8')).toBe('redirect');
    expect(negotiate('text/html, application/json')).toBe('redirect');
    expect(negotiate('application/linkset+json;q=0, */*')).toBe('redirect');
    expect(negotiate('*/*')).toBe('redirect');
    expect(negotiate(undefined)).toBe('redirect');
    expect(preferredLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(preferredLanguage('en-US,zh;q=0.5')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
  });
});
