import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { ReportSigner } from './signer';

/**
 * Certificates of the report signer (docs/report-signatures.md): PEM and DER, names, and
 * certificates or certification requests signed by a {@link ReportSigner}, so the KMS key
 * (which never leaves KMS) can sign its own stand-in certificate and the request an operator
 * sends to a CA, and the local stack can make its CA, signer and timestamp authority.
 *
 * asn1js alone, no pkijs: pkijs sets up its crypto engine on load, which keeps all of it
 * (300 kB minified) in every bundle that imports any of it; the report function signs with
 * this module and ./cms.ts.
 */

export const oids = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  country: '2.5.4.6',
  locality: '2.5.4.7',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extendedKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  extensionRequest: '1.2.840.113549.1.9.14',
} as const;

/** `bytes` as the BufferSource asn1js and pkijs take (a copy only for shared memory). */
export function bufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}

/** The DER certificates (or other blocks of `label`) in a PEM text, in order. */
export function pemToDer(pem: string, label = 'CERTIFICATE'): Uint8Array[] {
  const blocks = pem.matchAll(
    new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`, 'g'),
  );
  return [...blocks].map((block) => new Uint8Array(Buffer.from(block[1]!, 'base64')));
}

/** One PEM block, lines of 64 characters. */
export function derToPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The element of a parsed SEQUENCE, SET or constructed tag at `index`, if any. */
export function childOf(node: unknown, index: number): asn1js.AsnType | undefined {
  return node instanceof asn1js.Constructed
    ? (node.valueBlock.value[index] as asn1js.AsnType | undefined)
    : undefined;
}

/** The DER of a parsed element, as it was read. */
export function encodingOf(node: asn1js.AsnType): Uint8Array {
  return new Uint8Array(node.valueBeforeDecodeView);
}

/** A parsed DER element; throws on bytes that are not one. */
export function parseDer(der: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(bufferSource(der));
  if (parsed.offset === -1) throw new Error(`Not DER: ${parsed.result.error}`);
  return parsed.result;
}

/** The parts of an X.509 certificate the signatures need, each as read (DER). */
export interface ParsedCertificate {
  der: Uint8Array;
  /** The TBSCertificate, which the issuer signed. */
  tbs: Uint8Array;
  /** The serial number's INTEGER content octets. */
  serialNumber: Uint8Array;
  issuer: Uint8Array;
  subject: Uint8Array;
  publicKeyInfo: Uint8Array;
  signatureAlgorithm: string;
  signature: Uint8Array;
}

/** A parsed certificate; throws on bytes that are not one. */
export function parseCertificate(der: Uint8Array): ParsedCertificate {
  const certificate = parseDer(der);
  const tbs = childOf(certificate, 0);
  const algorithm = childOf(childOf(certificate, 1), 0);
  const signature = childOf(certificate, 2);
  // An explicit [0] version comes first in v2 and v3 certificates.
  const offset = childOf(tbs, 0)?.idBlock.tagClass === 3 ? 1 : 0;
  const serial = childOf(tbs, offset);
  const issuer = childOf(tbs, offset + 2);
  const subject = childOf(tbs, offset + 4);
  const publicKeyInfo = childOf(tbs, offset + 5);
  if (
    !(tbs instanceof asn1js.Sequence) ||
    !(serial instanceof asn1js.Integer) ||
    !(issuer instanceof asn1js.Sequence) ||
    !(subject instanceof asn1js.Sequence) ||
    !(publicKeyInfo instanceof asn1js.Sequence) ||
    !(algorithm instanceof asn1js.ObjectIdentifier) ||
    !(signature instanceof asn1js.BitString)
  ) {
    throw new Error('Not an X.509 certificate');
  }
  return {
    der: encodingOf(certificate),
    tbs: encodingOf(tbs),
    serialNumber: new Uint8Array(serial.valueBlock.valueHexView),
    issuer: encodingOf(issuer),
    subject: encodingOf(subject),
    publicKeyInfo: encodingOf(publicKeyInfo),
    signatureAlgorithm: algorithm.valueBlock.toString(),
    signature: new Uint8Array(signature.valueBlock.valueHexView),
  };
}

/** The DER bytes of a parsed certificate, as they were read. */
export function certificateDer(certificate: ParsedCertificate): Uint8Array {
  return certificate.der;
}

/** The DER SubjectPublicKeyInfo of a certificate. */
export function publicKeyInfoDer(certificate: ParsedCertificate): Uint8Array {
  return certificate.publicKeyInfo;
}

/** A distinguished name, the parts given. */
export interface DistinguishedName {
  commonName: string;
  organization?: string;
  organizationalUnit?: string;
  locality?: string;
  /** Two letters (ISO 3166). */
  country?: string;
}

/** The DER Name: one attribute per RDN, from the widest (country) to the common name. */
export function distinguishedName(name: DistinguishedName): Uint8Array {
  const parts: [string, string | undefined, 'printable' | 'utf8'][] = [
    [oids.country, name.country, 'printable'],
    [oids.locality, name.locality, 'utf8'],
    [oids.organization, name.organization, 'utf8'],
    [oids.organizationalUnit, name.organizationalUnit, 'utf8'],
    [oids.commonName, name.commonName, 'utf8'],
  ];
  return der(
    new asn1js.Sequence({
      value: parts
        .filter((part): part is [string, string, 'printable' | 'utf8'] => Boolean(part[1]))
        .map(
          ([type, value, kind]) =>
            new asn1js.Set({
              value: [
                new asn1js.Sequence({
                  value: [
                    new asn1js.ObjectIdentifier({ value: type }),
                    kind === 'printable'
                      ? new asn1js.PrintableString({ value })
                      : new asn1js.Utf8String({ value }),
                  ],
                }),
              ],
            }),
        ),
    }),
  );
}

/** The common name and organization of a DER Name, as text (null when absent). */
export function nameParts(name: Uint8Array): {
  commonName: string | null;
  organization: string | null;
} {
  const found: Record<string, string> = {};
  const sequence = parseDer(name);
  for (const rdn of sequence instanceof asn1js.Sequence ? sequence.valueBlock.value : []) {
    for (const pair of rdn instanceof asn1js.Set ? rdn.valueBlock.value : []) {
      const type = childOf(pair, 0);
      const value = childOf(pair, 1) as { valueBlock?: { value?: unknown } } | undefined;
      if (type instanceof asn1js.ObjectIdentifier && typeof value?.valueBlock?.value === 'string') {
        found[type.valueBlock.toString()] ??= value.valueBlock.value;
      }
    }
  }
  return {
    commonName: found[oids.commonName] ?? null,
    organization: found[oids.organization] ?? null,
  };
}

/** The DER of an asn1js element. */
export function der(node: asn1js.AsnType): Uint8Array {
  return new Uint8Array(node.toBER());
}

/**
 * A DER element of `tag` around DER parts made elsewhere (a Name, a certificate, a signed
 * structure), byte for byte as they are: asn1js would parse and encode them again.
 */
export function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else {
    const octets: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
    header = [tag, 0x80 | octets.length, ...octets];
  }
  return new Uint8Array(Buffer.concat([new Uint8Array(header), ...parts]));
}

/** DER tags {@link tlv} writes. */
export const tags = {
  sequence: 0x30,
  set: 0x31,
  /** [n] EXPLICIT or constructed IMPLICIT, context-specific. */
  context: (n: number) => 0xa0 + n,
} as const;

/** AlgorithmIdentifier without parameters (SHA-2, ECDSA: RFC 5754, RFC 5758). */
export function algorithm(oid: string): asn1js.Sequence {
  return new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid })] });
}

/** A positive serial number of 16 random bytes (RFC 5280: at most 20 octets, unpredictable). */
export function randomSerial(): Uint8Array {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return new Uint8Array(bytes);
}

/** The key usages of RFC 5280 4.2.1.3 this project sets, as bits. */
const keyUsageBits = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyCertSign: 5,
  cRLSign: 6,
} as const;
export type KeyUsage = keyof typeof keyUsageBits;

function extension(oid: string, critical: boolean, value: asn1js.AsnType): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: oid }),
      // DEFAULT FALSE: only a critical extension says so.
      ...(critical ? [new asn1js.Boolean({ value: true })] : []),
      new asn1js.OctetString({ valueHex: value.toBER() }),
    ],
  });
}

function keyUsageExtension(usages: readonly KeyUsage[]): asn1js.Sequence {
  let bits = 0;
  for (const usage of usages) bits |= 0x80 >> keyUsageBits[usage];
  // Trailing zero bits are not encoded (DER named bit list).
  const unused = bits === 0 ? 0 : Math.min(7, Math.log2(bits & -bits));
  return extension(
    oids.keyUsage,
    true,
    new asn1js.BitString({ valueHex: new Uint8Array([bits]), unusedBits: unused }),
  );
}

/** RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(publicKeyInfo: Uint8Array): Uint8Array {
  const key = childOf(parseDer(publicKeyInfo), 1);
  if (!(key instanceof asn1js.BitString)) throw new Error('Not a SubjectPublicKeyInfo');
  return new Uint8Array(createHash('sha1').update(key.valueBlock.valueHexView).digest());
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
function certificateTime(date: Date): asn1js.AsnType {
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return whole.getUTCFullYear() < 2050
    ? new asn1js.UTCTime({ valueDate: whole })
    : new asn1js.GeneralizedTime({ valueDate: whole });
}

/** What a certificate the project issues says. */
export interface CertificateTemplate {
  subject: DistinguishedName;
  /** The subject's public key, DER SubjectPublicKeyInfo (P-256). */
  publicKey: Uint8Array;
  notBefore: Date;
  notAfter: Date;
  /** A CA (basicConstraints CA:true, keyCertSign) or an end entity. */
  authority?: boolean;
  keyUsage: readonly KeyUsage[];
  /** Extended key usages; `critical` as RFC 3161 wants a timestamp authority's. */
  extendedKeyUsage?: { usages: string[]; critical: boolean };
}

/** Who signs a certificate: its key, and its certificate (none when self-signed). */
export interface CertificateIssuer {
  signer: Pick<ReportSigner, 'sign'>;
  /** The issuer's certificate; omitted for a self-signed certificate. */
  certificate?: ParsedCertificate;
}

/** tbs, signed by `signer` with ECDSA and SHA-256: the DER of the signed structure. */
async function signed(tbs: Uint8Array, signer: Pick<ReportSigner, 'sign'>): Promise<Uint8Array> {
  const signature = await signer.sign(tbs);
  return tlv(
    tags.sequence,
    tbs,
    der(algorithm(oids.ecdsaWithSha256)),
    der(new asn1js.BitString({ valueHex: bufferSource(signature) })),
  );
}

/**
 * A certificate for `template`, signed (ECDSA with SHA-256) by `issuer`: self-signed when the
 * issuer has no certificate. Returns its DER.
 */
export async function issueCertificate(
  template: CertificateTemplate,
  issuer: CertificateIssuer,
): Promise<Uint8Array> {
  const subject = distinguishedName(template.subject);
  const subjectKeyId = keyIdentifier(template.publicKey);
  const authorityKeyId = issuer.certificate
    ? keyIdentifier(issuer.certificate.publicKeyInfo)
    : subjectKeyId;
  const extensions = [
    extension(
      oids.basicConstraints,
      true,
      new asn1js.Sequence({
        value: template.authority ? [new asn1js.Boolean({ value: true })] : [],
      }),
    ),
    keyUsageExtension(template.keyUsage),
    extension(
      oids.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: bufferSource(subjectKeyId) }),
    ),
    extension(
      oids.authorityKeyIdentifier,
      false,
      new asn1js.Sequence({
        value: [
          new asn1js.Primitive({
            idBlock: { tagClass: 3, tagNumber: 0 },
            valueHex: bufferSource(authorityKeyId),
          }),
        ],
      }),
    ),
    ...(template.extendedKeyUsage
      ? [
          extension(
            oids.extendedKeyUsage,
            template.extendedKeyUsage.critical,
            new asn1js.Sequence({
              value: template.extendedKeyUsage.usages.map(
                (usage) => new asn1js.ObjectIdentifier({ value: usage }),
              ),
            }),
          ),
        ]
      : []),
  ];
  const tbs = tlv(
    tags.sequence,
    tlv(tags.context(0), der(new asn1js.Integer({ value: 2 }))),
    der(new asn1js.Integer({ valueHex: bufferSource(randomSerial()) })),
    der(algorithm(oids.ecdsaWithSha256)),
    issuer.certificate ? issuer.certificate.subject : subject,
    der(
      new asn1js.Sequence({
        value: [certificateTime(template.notBefore), certificateTime(template.notAfter)],
      }),
    ),
    subject,
    template.publicKey,
    tlv(tags.context(3), der(new asn1js.Sequence({ value: extensions }))),
  );
  return signed(tbs, issuer.signer);
}

/**
 * A PKCS#10 certification request for the signer's key (its DER SubjectPublicKeyInfo
 * `publicKey`), signed by the signer, asking for a document-signing certificate
 * (digitalSignature, nonRepudiation). Returns its DER.
 */
export async function certificationRequest(
  subject: DistinguishedName,
  publicKey: Uint8Array,
  signer: Pick<ReportSigner, 'sign'>,
): Promise<Uint8Array> {
  const extensionRequest = new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: oids.extensionRequest }),
      new asn1js.Set({
        value: [
          new asn1js.Sequence({
            value: [keyUsageExtension(['digitalSignature', 'nonRepudiation'])],
          }),
        ],
      }),
    ],
  });
  const info = tlv(
    tags.sequence,
    der(new asn1js.Integer({ value: 0 })),
    distinguishedName(subject),
    publicKey,
    // attributes [0] IMPLICIT SET OF Attribute
    tlv(tags.context(0), der(extensionRequest)),
  );
  return signed(info, signer);
}
