import * as asn1js from 'asn1js';
import { ContentInfo, SignedData, type SignerInfo, TSTInfo } from 'pkijs';
import type { TimestampAuthority } from '../../lambdas/report-requests/signing/signer';
import { timestampRequest, tokenOfResponse } from '../../lambdas/report-requests/signing/timestamp';
import { timestampResponse, type TimestampSigner } from '../../bin/local/timestamp-authority';

/** The parts of a signed PDF a validator reads: the byte range, the CMS, the bytes it covers. */
export interface PdfSignatureParts {
  byteRange: [number, number, number, number];
  /** The DER CMS ContentInfo, without the /Contents hole's zero padding. */
  cms: Uint8Array;
  /** The signed ranges, concatenated. */
  signedContent: Uint8Array;
  /** The signature dictionary's text, as written. */
  dictionary: string;
}

export function pdfSignatureParts(pdf: Uint8Array): PdfSignatureParts {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text);
  if (!match) throw new Error('The PDF has no filled /ByteRange');
  const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
  const [start, length, next, rest] = byteRange;
  const der = Buffer.from(bytes.subarray(length + 1, next - 1).toString('latin1'), 'hex');
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error('The /Contents hold no DER');
  const objectStart = text.lastIndexOf(' obj', match.index);
  const objectEnd = text.indexOf('endobj', match.index);
  return {
    byteRange,
    cms: new Uint8Array(der.subarray(0, parsed.offset)),
    signedContent: new Uint8Array(
      Buffer.concat([bytes.subarray(start, length), bytes.subarray(next, next + rest)]),
    ),
    dictionary: text.slice(objectStart, objectEnd),
  };
}

/** The SignedData of a DER ContentInfo. */
export function signedDataOf(der: Uint8Array): SignedData {
  const info = ContentInfo.fromBER(new Uint8Array(der));
  return new SignedData({ schema: info.content as asn1js.Sequence });
}

/** The signer's attribute of `type`, signed or not. */
export function attributeOf(info: SignerInfo, type: string, signed = true) {
  return (signed ? info.signedAttrs : info.unsignedAttrs)?.attributes.find(
    (attribute) => attribute.type === type,
  );
}

/** The TSTInfo of a DER timestamp token. */
export function tstInfoOf(token: Uint8Array): TSTInfo {
  const signed = signedDataOf(token);
  return TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
}

/**
 * A timestamp authority answering in-process with the local TSA's code (no HTTP), through
 * the same request and response checks as the HTTP client.
 */
export function inProcessTimestampAuthority(tsa: TimestampSigner): TimestampAuthority {
  return {
    async timestamp(digest) {
      const nonce = new Uint8Array([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x08]);
      const response = await timestampResponse(timestampRequest(digest, nonce), tsa);
      return tokenOfResponse(response, digest, nonce);
    },
  };
}
