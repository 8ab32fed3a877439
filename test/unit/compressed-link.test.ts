import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiFormat, decompressLink, uncompressedLink } from '../../lambdas/resolver/compressed-link';
import { compressedLinkInitials } from '../../lambdas/resolver/routes';
import { gtinCheckDigit } from '../../lambdas/shared/contract/gs1';

/**
 * The decompressor against an independent implementation: GS1's Digital Link toolkit (the
 * registry's `digital-link.js`, which wraps GS1's own GS1DigitalLinkToolkit) compresses, ours
 * decompresses, and the link must come back as it was.
 */
const require = createRequire(import.meta.url);
const { Utils } = require('digital-link.js') as {
  Utils: { compressWebUri: (uri: string) => string; decompressWebUri: (uri: string) => string };
};
const Toolkit =
  require('digital-link.js/lib/GS1DigitalLinkCompressionPrototype/GS1DigitalLinkToolkit') as new () => {
    tableF: Record<string, { E: 'N' | 'X'; L?: string; M?: string }[]>;
  };

const base = 'https://report.example.com';

/** The path and the query (as a sorted list of pairs) of an uncompressed link. */
function parts(path: string, query: string) {
  return {
    path: path.split('/').map((segment) => decodeURIComponent(segment)),
    query: [...new URLSearchParams(query)].sort(),
  };
}

/** Whether GS1's toolkit decompresses its own compressed link. */
function readsBack(compressed: string): boolean {
  try {
    Utils.decompressWebUri(compressed);
    return true;
  } catch {
    return false;
  }
}

function roundTrip(uri: string) {
  const compressed = Utils.compressWebUri(uri);
  const code = compressed.slice(base.length + 1);
  // The toolkit writes nothing for some values (all zeros, `00`): nothing to decompress.
  fc.pre(code !== '');
  const link = uncompressedLink(decompressLink(code), '');
  const original = new URL(uri);
  const ours = parts(link.path, link.query);
  const theirs = parts(original.pathname, original.search.slice(1));
  // Nor is the toolkit an oracle where it cannot read back what it wrote (e.g. `22/00` beside
  // an all-zero measure: its own decompression finds no primary key). Asked only then: it is slow.
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) fc.pre(readsBack(compressed));
  return { code, ours, theirs };
}

const gtinArbitrary = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 })
  .filter((digits) => digits.some((digit) => digit !== 0))
  .map((digits) => {
    const body = digits.join('');
    return `${body}${gtinCheckDigit(body)}`;
  });
/** Values of set 82 as serials and batches are written: this product's serials and more. */
const valueArbitrary = fc
  .oneof(
    fc.stringMatching(/^[A-Z0-9][A-Z0-9\-_./]{0,10}\d{1,8}$/),
    fc.stringMatching(/^\d{1,20}$/),
    fc.stringMatching(/^[0-9a-f]{1,20}$/),
    fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
    fc.stringMatching(/^[A-Za-z0-9\-_.]{1,20}$/),
  )
  .filter((value) => value !== '.' && value !== '..'); // dot segments are not values in a path

describe('compressed GS1 Digital Links', () => {
  it('know every AI format as GS1’s toolkit does', () => {
    const { tableF } = new Toolkit();
    for (const [ai, components] of Object.entries(tableF)) {
      expect(
        aiFormat(ai)?.map((component) => [component.kind, component.fixed, component.max]),
        ai,
      ).toEqual(
        components.map((component) => [
          component.E,
          component.L === undefined ? undefined : Number(component.L),
          component.M === undefined ? undefined : Number(component.M),
        ]),
      );
    }
    expect(aiFormat('05')).toBeUndefined();
    expect(aiFormat('3176')).toBeUndefined();
  });

  it('decompress what the toolkit compresses: units, batches, variants, data attributes, other keys', () => {
    fc.assert(
      fc.property(
        gtinArbitrary,
        fc.option(valueArbitrary, { nil: undefined }),
        fc.option(valueArbitrary, { nil: undefined }),
        fc.option(valueArbitrary, { nil: undefined }),
        fc.option(fc.stringMatching(/^\d{2}(0[1-9]|1[0-2])(0[1-9]|1\d|2[0-8])$/), {
          nil: undefined,
        }),
        fc.option(fc.stringMatching(/^\d{6}$/), { nil: undefined }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { nil: undefined }),
        (gtin, variant, batch, serial, expiry, weight, other) => {
          const path = [
            `/01/${gtin}`,
            variant && `/22/${encodeURIComponent(variant)}`,
            batch && `/10/${encodeURIComponent(batch)}`,
            serial && `/21/${encodeURIComponent(serial)}`,
          ].join('');
          const query = [
            expiry && `17=${expiry}`,
            weight && `3103=${weight}`,
            other && `colour=${other}`,
          ]
            .filter(Boolean)
            .join('&');
          const { ours, theirs } = roundTrip(`${base}${path}${query ? `?${query}` : ''}`);
          expect(ours).toEqual(theirs);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keep a serial’s leading zeros (the toolkit’s own decompression drops them)', () => {
    const { code, ours } = roundTrip(`${base}/01/09506000134352/21/000123`);
    expect(code).toBe('DBFKk4XBoAwAD2');
    expect(ours.path).toEqual(['', '01', '09506000134352', '21', '000123']);
  });

  it('start with the initials CloudFront sends to the resolver', () => {
    const initials = new Set<string>(compressedLinkInitials);
    fc.assert(
      fc.property(gtinArbitrary, fc.option(valueArbitrary, { nil: undefined }), (gtin, serial) => {
        const uri = `${base}/01/${gtin}${serial ? `/21/${encodeURIComponent(serial)}` : ''}`;
        expect(initials.has(roundTrip(uri).code[0]!)).toBe(true);
      }),
    );
    expect(roundTrip(`${base}/01/09506000134352/21/GV-2026-000123`).code).toBe(
      'DBFKk4XBoNwyv22m3X2mmmu24',
    );
  });

  it('refuse what is not a whole compressed link', () => {
    const valid = 'DBFKk4XBoNwyv22m3X2mmmu24';
    for (const code of [
      'DBFKk4XBoNwyv22m3X2mmmu2', // cut short: a value runs past the end
      `${valid}A`, // a character more than the link
      'DBFKk4XBoNwyv22m3X2mmmu2.', // a character outside URI-safe base64
      'BBFKk4XBoNwyv22m3X2mmmu24', // an unassigned AI (04)
      'DBFKk4XBoNwyv22m3X2mmmu2_', // padding bits that are not zero
      'dashboard',
      'A',
    ]) {
      expect(() => decompressLink(code), code).toThrow(
        expect.objectContaining({ messageKey: 'errors.linkCompressed' }),
      );
    }
    expect(decompressLink(valid)).toEqual({
      elements: [
        ['01', '09506000134352'],
        ['21', 'GV-2026-000123'],
      ],
      others: [],
    });
  });
});
