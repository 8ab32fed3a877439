import type { ReportSigner } from '../signing/signer';

/**
 * A credential secured as the W3C recommendation "Securing Verifiable Credentials using JOSE
 * and COSE" (VC-JOSE-COSE 1.0) asks: a compact JWS whose payload is the credential itself
 * (no `vc` claim around it), signed ES256 by the report signer (KMS in AWS).
 */

/** The media type of a credential secured with JOSE (VC-JOSE-COSE 1.0). */
export const vcJwtMediaType = 'application/vc+jwt';

/** The protected header of a secured credential. */
export interface VcJwtHeader {
  alg: 'ES256';
  /** VC-JOSE-COSE: `typ` SHOULD be `vc+jwt`, `cty`, when present, `vc`. */
  typ: 'vc+jwt';
  cty: 'vc';
  /** The signing key's verification method, a DID URL (required then): `<did>#<fragment>`. */
  kid: string;
}

const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? encoder.encode(bytes) : bytes).toString('base64url');

/**
 * The credential as a compact JWS (`application/vc+jwt`): header `{ alg: ES256, typ: vc+jwt,
 * cty: vc, kid }`, payload the credential's JSON. `iss` and `iat` are left out: the
 * credential's `issuer` and `validFrom` say both, and claims beside them could only
 * disagree. The signer's DER signature becomes the 64-byte `r || s` JWS asks for.
 */
export async function securedCredential(
  credential: object,
  signer: Pick<ReportSigner, 'sign'>,
  kid: string,
): Promise<string> {
  const header: VcJwtHeader = { alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(credential))}`;
  const der = await signer.sign(encoder.encode(signingInput));
  return `${signingInput}.${base64url(joseSignatureFromDer(der))}`;
}

/**
 * An ECDSA signature as JWS wants it (RFC 7518 3.4): `r` and `s` as big-endian unsigned
 * integers of `size` bytes each (32 for P-256), concatenated; from the DER `ECDSA-Sig-Value`
 * (`SEQUENCE { INTEGER r, INTEGER s }`) that KMS and node:crypto give. DER writes each
 * integer in as few bytes as it can, with a leading zero when its top bit is set: the zero
 * is dropped and short integers are left-padded. Anything but strict DER is refused.
 */
export function joseSignatureFromDer(der: Uint8Array, size = 32): Uint8Array {
  const fail = (why: string): never => {
    throw new Error(`joseSignatureFromDer: not a DER ECDSA signature (${why})`);
  };
  let offset = 0;
  const byte = () => (offset < der.length ? der[offset++]! : fail('truncated'));
  const length = () => {
    const first = byte();
    if (first < 0x80) return first;
    // A P-256 signature is at most 72 bytes: one length byte at most ever follows 0x81.
    if (first !== 0x81) return fail('length form');
    const long = byte();
    return long >= 0x80 ? long : fail('long form of a short length');
  };
  const integer = () => {
    if (byte() !== 0x02) fail('INTEGER expected');
    const count = length();
    if (count === 0 || offset + count > der.length) fail('INTEGER length');
    let value = der.subarray(offset, offset + count);
    offset += count;
    if (value[0]! >= 0x80) fail('negative INTEGER');
    if (value[0] === 0 && value.length > 1) {
      if (value[1]! < 0x80) fail('INTEGER with a needless leading zero');
      value = value.subarray(1);
    }
    if (value.length > size) fail('INTEGER longer than the curve');
    const padded = new Uint8Array(size);
    padded.set(value, size - value.length);
    return padded;
  };

  if (byte() !== 0x30) fail('SEQUENCE expected');
  if (length() !== der.length - offset) fail('SEQUENCE length');
  const r = integer();
  const s = integer();
  if (offset !== der.length) fail('trailing bytes');
  const raw = new Uint8Array(2 * size);
  raw.set(r, 0);
  raw.set(s, size);
  return raw;
}
