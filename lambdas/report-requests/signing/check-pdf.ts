import { createHash, createPublicKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  childOf,
  encodingOf,
  nameParts,
  oids,
  parseCertificate,
  parseDer,
  type ParsedCertificate,
} from './certificates';
import { cmsOids } from './cms';
import { readTstInfo } from './timestamp';

/**
 * Checks the PDF signature of a report as a reader would (docs/report-signatures.md): pure
 * code, for the public verification route. Never throws: bytes that are no PDF, or a PDF
 * without a signature, answer `signed: false`.
 */

/** Why a signature is not valid (or trusted), for the answer's message. */
export type SignatureProblem =
  'not-pdf' | 'no-signature' | 'malformed' | 'digest-mismatch' | 'signature-mismatch' | 'untrusted';

export interface PdfSignatureCheck {
  /** A signature dictionary with a filled /ByteRange and /Contents is there. */
  signed: boolean;
  /** The digest of the signed ranges matches the signature's, and the signature verifies. */
  valid: boolean;
  /** The signed ranges cover the whole file but the /Contents hole (no later changes). */
  wholeDocument: boolean;
  signer: { commonName: string | null; organization: string | null } | null;
  /** The timestamp's genTime, ISO 8601; null without a timestamp. */
  signedAt: string | null;
  timestamped: boolean;
  /** The token is over this signature's value and its authority's signature verifies. */
  timestampValid: boolean;
  /**
   * The signer's certificate is one of `trustAnchors`, or issued (via the CMS's
   * certificates) by one, or certifies one of the `trustedKeys`.
   */
  trusted: boolean;
  /** The first problem found, when not valid or not trusted. */
  reason?: SignatureProblem;
}

const unsigned: PdfSignatureCheck = {
  signed: false,
  valid: false,
  wholeDocument: false,
  signer: null,
  signedAt: null,
  timestamped: false,
  timestampValid: false,
  trusted: false,
};

const hashNames: Record<string, string> = {
  [oids.sha256]: 'sha256',
  [oids.sha384]: 'sha384',
  [oids.sha512]: 'sha512',
  '1.3.14.3.2.26': 'sha1',
};
/** Signature algorithms whose hash they name; rsaEncryption and id-ecPublicKey take the digest's. */
const signatureHashes: Record<string, string> = {
  [oids.ecdsaWithSha256]: 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
};

function bytesOf(view: ArrayBufferView | ArrayBuffer): Buffer {
  return ArrayBuffer.isView(view)
    ? Buffer.from(view.buffer, view.byteOffset, view.byteLength)
    : Buffer.from(view);
}

/** The last signature's /ByteRange, when its four numbers and /Contents hole are sound. */
function findByteRange(pdf: Buffer): [number, number, number, number] | null {
  const text = pdf.toString('latin1');
  const pattern = /\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/g;
  let found: [number, number, number, number] | null = null;
  for (const match of text.matchAll(pattern)) {
    const range = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, length, next, rest] = range;
    if (start !== 0 || next <= length + 1 || next + rest > pdf.length) continue;
    if (pdf[length] !== 0x3c /* < */ || pdf[next - 1] !== 0x3e /* > */) continue;
    found = range;
  }
  return found;
}

function verifySignature(
  data: Uint8Array,
  signature: Uint8Array,
  certificate: ParsedCertificate,
  hash: string,
): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.from(certificate.publicKeyInfo),
      format: 'der',
      type: 'spki',
    });
    return verify(hash, data, { key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}

function signatureHash(signatureAlgorithm: string, digestAlgorithm: string): string | null {
  return signatureHashes[signatureAlgorithm] ?? hashNames[digestAlgorithm] ?? null;
}

/** Whether `certificate`'s signature verifies with `issuer`'s key, and the names chain. */
function issuedBy(certificate: ParsedCertificate, issuer: ParsedCertificate): boolean {
  if (!bytesOf(certificate.issuer).equals(bytesOf(issuer.subject))) return false;
  const hash = signatureHashes[certificate.signatureAlgorithm];
  return (
    hash !== undefined && verifySignature(certificate.tbs, certificate.signature, issuer, hash)
  );
}

/** The signer is an anchor, or chains to one through the CMS's certificates (a few steps). */
function chainsToAnchor(
  signer: ParsedCertificate,
  carried: ParsedCertificate[],
  anchors: ParsedCertificate[],
): boolean {
  const isAnchor = (certificate: ParsedCertificate) =>
    anchors.some((anchor) => bytesOf(anchor.der).equals(bytesOf(certificate.der)));
  let current = signer;
  for (let step = 0; step < 6; step++) {
    if (isAnchor(current)) return true;
    if (anchors.some((anchor) => issuedBy(current, anchor))) return true;
    const next = carried.find((candidate) => candidate !== current && issuedBy(current, candidate));
    if (!next) return false;
    current = next;
  }
  return false;
}

const oidOf = (node: unknown): string | null =>
  node instanceof asn1js.ObjectIdentifier ? node.valueBlock.toString() : null;

/** Attributes { type, SET OF value } by type: the first value of each. */
function attributesOf(node: unknown): Map<string, asn1js.AsnType> {
  const found = new Map<string, asn1js.AsnType>();
  const elements = node instanceof asn1js.Constructed ? node.valueBlock.value : [];
  for (const element of elements) {
    const type = oidOf(childOf(element, 0));
    const value = childOf(childOf(element, 1), 0);
    if (type && value && !found.has(type)) found.set(type, value);
  }
  return found;
}

/** What the check reads of a CMS SignedData with (at least) one signer. */
interface SignedDataParts {
  certificates: ParsedCertificate[];
  eContentType: string | null;
  eContent: Uint8Array | null;
  signer: {
    issuer: Uint8Array;
    serialNumber: Uint8Array;
    digestAlgorithm: string;
    /** The signed attributes as the signature covers them (a SET OF), and by type. */
    signedAttributesDer: Uint8Array;
    signed: Map<string, asn1js.AsnType>;
    signatureAlgorithm: string;
    signature: Uint8Array;
    unsigned: Map<string, asn1js.AsnType>;
  } | null;
}

/** The parts of a DER ContentInfo of SignedData, or null; throws on what is no DER. */
function readSignedData(der: Uint8Array): SignedDataParts | null {
  const info = parseDer(der);
  if (oidOf(childOf(info, 0)) !== cmsOids.signedData) return null;
  const signedData = childOf(childOf(info, 1), 0);
  if (!(signedData instanceof asn1js.Sequence)) return null;
  const elements = signedData.valueBlock.value;
  const encapsulated = elements[2];
  const eContent = childOf(childOf(encapsulated, 1), 0);
  const certificates: ParsedCertificate[] = [];
  const certificateSet = elements.find(
    (element) => element.idBlock.tagClass === 3 && element.idBlock.tagNumber === 0,
  );
  for (const element of certificateSet instanceof asn1js.Constructed
    ? certificateSet.valueBlock.value
    : []) {
    try {
      certificates.push(parseCertificate(encodingOf(element)));
    } catch {
      // Another kind of certificate (attribute certificates): not a signer's.
    }
  }
  const signerInfos = elements[elements.length - 1];
  const signerInfo = childOf(signerInfos, 0);
  return {
    certificates,
    eContentType: oidOf(childOf(encapsulated, 0)),
    eContent: eContent instanceof asn1js.OctetString ? new Uint8Array(eContent.getValue()) : null,
    signer: signerInfo instanceof asn1js.Sequence ? readSignerInfo(signerInfo) : null,
  };
}

function readSignerInfo(signerInfo: asn1js.Sequence): SignedDataParts['signer'] {
  // SignerInfo { version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm,
  // signature, [1] unsignedAttrs? }
  const [, sid, digestAlgorithm, ...rest] = signerInfo.valueBlock.value;
  const tagged = (element: asn1js.AsnType | undefined, tag: number) =>
    element?.idBlock.tagClass === 3 && element.idBlock.tagNumber === tag;
  const signedAttributes = tagged(rest[0], 0) ? rest.shift() : undefined;
  const [signatureAlgorithm, signature, unsignedAttributes] = rest;
  const issuer = childOf(sid, 0);
  const serialNumber = childOf(sid, 1);
  const digest = oidOf(childOf(digestAlgorithm, 0));
  const signatureOid = oidOf(childOf(signatureAlgorithm, 0));
  if (
    !(issuer instanceof asn1js.Sequence) ||
    !(serialNumber instanceof asn1js.Integer) ||
    !digest ||
    !signatureOid ||
    !signedAttributes ||
    !(signature instanceof asn1js.OctetString)
  ) {
    return null;
  }
  // The signature covers the signed attributes as a SET OF (RFC 5652 5.4), not as [0].
  const signedAttributesDer = encodingOf(signedAttributes);
  signedAttributesDer[0] = 0x31;
  return {
    issuer: encodingOf(issuer),
    serialNumber: new Uint8Array(serialNumber.valueBlock.valueHexView),
    digestAlgorithm: digest,
    signedAttributesDer,
    signed: attributesOf(signedAttributes),
    signatureAlgorithm: signatureOid,
    signature: new Uint8Array(signature.getValue()),
    unsigned: tagged(unsignedAttributes, 1) ? attributesOf(unsignedAttributes) : new Map(),
  };
}

type Signer = NonNullable<SignedDataParts['signer']>;

/** Checks a SignedData's first signer over `content`: digest, then signature. */
function checkSigner(
  signed: SignedDataParts,
  content: Uint8Array,
): { certificate: ParsedCertificate | null; signer: Signer; problem?: SignatureProblem } | null {
  const signer = signed.signer;
  if (!signer) return null;
  const certificate =
    signed.certificates.find(
      (candidate) =>
        bytesOf(candidate.issuer).equals(bytesOf(signer.issuer)) &&
        bytesOf(candidate.serialNumber).equals(bytesOf(signer.serialNumber)),
    ) ?? null;
  const digestName = hashNames[signer.digestAlgorithm];
  const messageDigest = signer.signed.get(cmsOids.messageDigest);
  if (!digestName || !(messageDigest instanceof asn1js.OctetString)) {
    return { certificate, signer, problem: 'malformed' };
  }
  const digest = createHash(digestName).update(content).digest();
  if (!digest.equals(bytesOf(messageDigest.valueBlock.valueHexView))) {
    return { certificate, signer, problem: 'digest-mismatch' };
  }
  const hash = signatureHash(signer.signatureAlgorithm, signer.digestAlgorithm);
  if (
    !certificate ||
    !hash ||
    !verifySignature(signer.signedAttributesDer, signer.signature, certificate, hash)
  ) {
    return { certificate, signer, problem: 'signature-mismatch' };
  }
  return { certificate, signer };
}

/** The signature timestamp of `signer`: its genTime, and whether it is sound for this signature. */
function checkTimestamp(signer: Signer): { signedAt: string | null; valid: boolean } | null {
  const token = signer.unsigned.get(cmsOids.signatureTimeStampToken);
  if (!token) return null;
  try {
    const signed = readSignedData(encodingOf(token));
    if (!signed || signed.eContentType !== cmsOids.tstInfo || !signed.eContent) {
      return { signedAt: null, valid: false };
    }
    const tstInfo = readTstInfo(signed.eContent);
    const signedAt = tstInfo.genTime.toISOString();
    const imprintHash = hashNames[tstInfo.hashAlgorithm];
    const imprintMatches =
      imprintHash !== undefined &&
      createHash(imprintHash)
        .update(signer.signature)
        .digest()
        .equals(bytesOf(tstInfo.hashedMessage));
    const authority = checkSigner(signed, signed.eContent);
    return { signedAt, valid: imprintMatches && authority !== null && !authority.problem };
  } catch {
    return { signedAt: null, valid: false };
  }
}

export interface SignatureTrust {
  /**
   * Public keys (DER SubjectPublicKeyInfo) trusted whatever certificate carries them: the
   * signing key itself, whose stand-in certificate (while the operator configured no chain)
   * differs from one cold start to the next.
   */
  trustedKeys?: Uint8Array[];
}

/**
 * The state of the (last) signature of `pdf`: whether it is valid over the whole file,
 * who signed, when the timestamp says, and whether the signer chains to `trustAnchors` (DER
 * certificates of the configured chain) or holds one of `trust.trustedKeys`.
 */
export function checkPdfSignature(
  pdf: Uint8Array,
  trustAnchors: Uint8Array[],
  trust: SignatureTrust = {},
): PdfSignatureCheck {
  try {
    return check(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), trustAnchors, trust);
  } catch {
    return { ...unsigned, signed: true, reason: 'malformed' };
  }
}

function check(pdf: Buffer, trustAnchors: Uint8Array[], trust: SignatureTrust): PdfSignatureCheck {
  if (!pdf.subarray(0, 1024).includes('%PDF-')) return { ...unsigned, reason: 'not-pdf' };
  const range = findByteRange(pdf);
  if (!range) return { ...unsigned, reason: 'no-signature' };
  const [, length, next, rest] = range;
  const hex = pdf.subarray(length + 1, next - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) {
    return { ...unsigned, signed: true, reason: 'malformed' };
  }
  const content = Buffer.concat([pdf.subarray(0, length), pdf.subarray(next, next + rest)]);
  const wholeDocument = next + rest === pdf.length;
  let signed: SignedDataParts | null = null;
  try {
    signed = readSignedData(new Uint8Array(Buffer.from(hex, 'hex')));
  } catch {
    signed = null;
  }
  const result = signed && checkSigner(signed, content);
  if (!signed || !result) return { ...unsigned, signed: true, wholeDocument, reason: 'malformed' };

  const { certificate, signer, problem } = result;
  const timestamp = checkTimestamp(signer);
  const anchors = trustAnchors.flatMap((der) => {
    try {
      return [parseCertificate(der)];
    } catch {
      return [];
    }
  });
  const holdsTrustedKey = (candidate: ParsedCertificate) =>
    (trust.trustedKeys ?? []).some((key) => bytesOf(key).equals(bytesOf(candidate.publicKeyInfo)));
  const trusted =
    certificate !== null &&
    !problem &&
    (holdsTrustedKey(certificate) || chainsToAnchor(certificate, signed.certificates, anchors));
  const names = certificate ? nameParts(certificate.subject) : null;
  return {
    signed: true,
    valid: !problem,
    wholeDocument,
    signer: names,
    signedAt: timestamp?.signedAt ?? null,
    timestamped: timestamp !== null,
    timestampValid: timestamp?.valid ?? false,
    trusted,
    ...(problem ? { reason: problem } : trusted ? {} : { reason: 'untrusted' as const }),
  };
}
