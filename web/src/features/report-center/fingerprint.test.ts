import { describe, expect, it } from 'vitest';
import { sameFingerprint, sha256Hex } from './fingerprint';

const bytes = (text: string) => new TextEncoder().encode(text);

/** FIPS 180-2 test vectors (and the digest of nothing). */
const vectors: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
];

describe('sha256Hex', () => {
  it.each(vectors)('hashes %j as the standard says', async (text, digest) => {
    expect(await sha256Hex(bytes(text))).toBe(digest);
  });

  it('hashes an ArrayBuffer (what File.arrayBuffer() gives) the same', async () => {
    const data = bytes('abc');
    expect(await sha256Hex(data.buffer.slice(0))).toBe(await sha256Hex(data));
  });
});

describe('sameFingerprint', () => {
  const fingerprint = vectors[1]![1];

  it('ignores letter case and spaces', () => {
    expect(sameFingerprint(fingerprint, fingerprint.toUpperCase())).toBe(true);
    expect(sameFingerprint(` ${fingerprint} `, fingerprint)).toBe(true);
  });

  it('tells a differing digit, and never matches nothing', () => {
    const changed = `${fingerprint.slice(0, -1)}${fingerprint.endsWith('0') ? '1' : '0'}`;
    expect(sameFingerprint(changed, fingerprint)).toBe(false);
    expect(sameFingerprint('', '')).toBe(false);
  });
});
