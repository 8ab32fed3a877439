import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { algorithm, bufferSource, der, oids, parseCertificate, tags, tlv } from './certificates';
import type { ReportSigner } from './signer';

/**
 * CMS SignedData (RFC 5652) as the report signature (CAdES, ETSI EN 319 122-1) and the local
 * timestamp authority's tokens (RFC 3161) need it: SHA-256, ECDSA, the signing-certificate-v2
 * attribute (RFC 5035) binding the signer's certificate, no signing-time. Written with asn1js
 * and the certificates' own bytes (./certificates.ts says why not pkijs).
 */

export const cmsOids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

export function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

/** An Attribute { type, SET OF value } of DER values. */
export function attribute(type: string, ...values: Uint8Array[]): Uint8Array {
  return tlv(
    tags.sequence,
    der(new asn1js.ObjectIdentifier({ value: type })),
    tlv(tags.set, ...values),
  );
}

/**
 * The signing-certificate-v2 attribute: one ESSCertIDv2 with the SHA-256 of the signer's
 * certificate (the hash algorithm is the default, so it is not encoded) and its issuer
 * (a directoryName) and serial number.
 */
export function signingCertificateV2(certificate: Uint8Array): Uint8Array {
  const parsed = parseCertificate(certificate);
  const issuerSerial = tlv(
    tags.sequence,
    tlv(tags.sequence, tlv(tags.context(4), parsed.issuer)),
    der(new asn1js.Integer({ valueHex: bufferSource(parsed.serialNumber) })),
  );
  const essCertIdV2 = tlv(
    tags.sequence,
    der(new asn1js.OctetString({ valueHex: bufferSource(sha256(certificate)) })),
    issuerSerial,
  );
  return attribute(
    cmsOids.signingCertificateV2,
    tlv(tags.sequence, tlv(tags.sequence, essCertIdV2)),
  );
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

/** Elements in DER's SET OF order (by their encodings), as signed attributes must be. */
function derOrdered(elements: Uint8Array[]): Uint8Array[] {
  return [...elements].sort(compareBytes);
}

export interface SignedDataInput {
  /** The eContentType the signed attributes name (id-data for a detached document). */
  contentType: string;
  /** SHA-256 of the content signed. */
  digest: Uint8Array;
  /** The content, encapsulated (a timestamp's TSTInfo); omitted for a detached signature. */
  encapsulated?: Uint8Array;
  signer: Pick<ReportSigner, 'sign'>;
  /** DER certificates, the signer's first. */
  certificates: Uint8Array[];
}

/** A one-signer SignedData, signed; `encode` gives its ContentInfo once the unsigned attributes are known. */
export interface SignedCms {
  /** The signature value (what a signature timestamp is over). */
  signature: Uint8Array;
  /**
   * The DER ContentInfo, with `unsignedAttributes` (DER Attributes) and the certificates
   * unless `withCertificates` is false.
   */
  encode(options?: { unsignedAttributes?: Uint8Array[]; withCertificates?: boolean }): Uint8Array;
}

/** Signs `input` (the signature over the DER SET OF the signed attributes, RFC 5652 5.4). */
export async function createSignedData(input: SignedDataInput): Promise<SignedCms> {
  const [signerDer] = input.certificates;
  if (!signerDer) throw new Error('A signature needs the signer certificate');
  const signerCertificate = parseCertificate(signerDer);
  const signedAttributes = derOrdered([
    attribute(cmsOids.contentType, der(new asn1js.ObjectIdentifier({ value: input.contentType }))),
    attribute(
      cmsOids.messageDigest,
      der(new asn1js.OctetString({ valueHex: bufferSource(input.digest) })),
    ),
    signingCertificateV2(signerDer),
  ]);
  const signature = await input.signer.sign(tlv(tags.set, ...signedAttributes));
  const sha256Algorithm = der(algorithm(oids.sha256));
  return {
    signature,
    encode: ({ unsignedAttributes = [], withCertificates = true } = {}) => {
      const signerInfo = tlv(
        tags.sequence,
        der(new asn1js.Integer({ value: 1 })),
        tlv(
          tags.sequence,
          signerCertificate.issuer,
          der(new asn1js.Integer({ valueHex: bufferSource(signerCertificate.serialNumber) })),
        ),
        sha256Algorithm,
        // signedAttrs [0] IMPLICIT: the same attributes the signature covers.
        tlv(tags.context(0), ...signedAttributes),
        der(algorithm(oids.ecdsaWithSha256)),
        der(new asn1js.OctetString({ valueHex: bufferSource(signature) })),
        ...(unsignedAttributes.length > 0
          ? [tlv(tags.context(1), ...derOrdered(unsignedAttributes))]
          : []),
      );
      const encapsulated = tlv(
        tags.sequence,
        der(new asn1js.ObjectIdentifier({ value: input.contentType })),
        ...(input.encapsulated
          ? [
              tlv(
                tags.context(0),
                der(new asn1js.OctetString({ valueHex: bufferSource(input.encapsulated) })),
              ),
            ]
          : []),
      );
      const signedData = tlv(
        tags.sequence,
        // RFC 5652 5.1: version 3 when the content is not id-data (a TSTInfo).
        der(new asn1js.Integer({ value: input.contentType === cmsOids.data ? 1 : 3 })),
        tlv(tags.set, sha256Algorithm),
        encapsulated,
        ...(withCertificates ? [tlv(tags.context(0), ...input.certificates)] : []),
        tlv(tags.set, signerInfo),
      );
      return tlv(
        tags.sequence,
        der(new asn1js.ObjectIdentifier({ value: cmsOids.signedData })),
        tlv(tags.context(0), signedData),
      );
    },
  };
}
