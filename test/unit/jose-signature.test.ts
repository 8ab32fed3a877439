import { generateKeyPairSync, sign, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joseSignatureFromDer } from '../../lambdas/report-requests/credential/vc-jose';

/** DER `ECDSA-Sig-Value` of r and s, written by asn1js (not by the code under test). */
function derOf(r: bigint, s: bigint): Uint8Array {
  const sequence = new asn1js.Sequence({
    value: [asn1js.Integer.fromBigInt(r), asn1js.Integer.fromBigInt(s)],
  });
  return new Uint8Array(sequence.toBER());
}

const fixed = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

/**
 * Integers below 2^256, with short ones (a leading zero byte or more, which DER drops) and
 * ones with the top bit set (which DER prefixes with a zero) as likely as any.
 */
const p256Integer = fc
  .tuple(fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 255 }))
  .map(([value, shift]) => value >> BigInt(shift) || 1n);

describe('joseSignatureFromDer (DER ECDSA-Sig-Value to JWS r || s)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  it('turns node:crypto DER signatures into ones node:crypto verifies as IEEE P1363', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (message) => {
        const der = sign('sha256', message, { key: privateKey, dsaEncoding: 'der' });
        const raw = joseSignatureFromDer(der);
        expect(raw).toHaveLength(64);
        expect(verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(
          true,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('gives back the r || s of IEEE P1363 signatures re-encoded as DER', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (message) => {
        const raw = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' });
        const r = BigInt(`0x${raw.subarray(0, 32).toString('hex')}`);
        const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
        expect(Buffer.from(joseSignatureFromDer(derOf(r, s)))).toEqual(raw);
      }),
      { numRuns: 100 },
    );
  });

  it('left-pads short integers and drops the sign byte of long ones, for any r and s', () => {
    fc.assert(
      fc.property(p256Integer, p256Integer, (r, s) => {
        const der = derOf(r, s);
        expect(Buffer.from(joseSignatureFromDer(der))).toEqual(Buffer.concat([fixed(r), fixed(s)]));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the edge cases DER has: one-byte integers, sign bytes, the largest values', () => {
    const top = 2n ** 256n - 1n;
    for (const [r, s] of [
      [1n, 1n],
      [0x80n, 0x7fn],
      [2n ** 255n, 2n ** 255n - 1n],
      [top, top],
      [2n ** 248n - 1n, 2n ** 8n],
    ] as const) {
      expect(Buffer.from(joseSignatureFromDer(derOf(r, s)))).toEqual(
        Buffer.concat([fixed(r), fixed(s)]),
      );
    }
    // Both integers with a sign byte: the longest P-256 signature DER writes.
    expect(derOf(top, top)).toHaveLength(72);
  });

  it('refuses what is not strict DER', () => {
    const good = derOf(5n, 7n); // 30 06 02 01 05 02 01 07
    const refused = (bytes: number[]) => () => joseSignatureFromDer(new Uint8Array(bytes));
    expect(() => joseSignatureFromDer(good)).not.toThrow();
    expect(refused([...good, 0])).toThrow(/trailing bytes|SEQUENCE length/);
    expect(refused([0x31, ...good.subarray(1)])).toThrow(/SEQUENCE expected/);
    expect(refused([0x30, 0x07, 0x02, 0x02, 0x00, 0x05, 0x02, 0x01, 0x07])).toThrow(/leading zero/);
    expect(refused([0x30, 0x06, 0x02, 0x01, 0x85, 0x02, 0x01, 0x07])).toThrow(/negative/);
    expect(refused([0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x01, 0x07])).toThrow(/INTEGER expected/);
    expect(refused([0x30, 0x06, 0x02, 0x05, 0x05, 0x02, 0x01, 0x07])).toThrow(/INTEGER length/);
    expect(() => joseSignatureFromDer(derOf(2n ** 256n, 1n))).toThrow(/longer than the curve/);
    expect(refused([])).toThrow(/truncated/);
  });
});
