import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { attribute, cmsOids, createSignedData, sha256 } from './cms';
import { type ReportSigner, type TimestampAuthority, TimestampUnavailable } from './signer';

/**
 * PAdES baseline signatures of report PDFs (ETSI EN 319 142-1, B-B and B-T): a CAdES
 * detached CMS over the whole file but its /Contents, in a signature field on the last page.
 * The renderer adds the field and its empty /Contents in its one pdf-lib pass
 * ({@link addSignatureField}); {@link signReportPdf} then only patches bytes.
 */

/**
 * Bytes reserved for the CMS: the chain (a few certificates, RSA ones of a commercial CA
 * ~1.5 kB each) and the timestamp token with its authority's chain, with room to spare. The
 * file's size does not depend on what is signed.
 */
export const signatureReserve = 16_384;

export interface SignatureField {
  /** The page showing the signature line (the last one). */
  page: PDFPage;
  /** The signature line's area, [x1, y1, x2, y2] in points: the field's widget covers it. */
  rect: [number, number, number, number];
  /** Who signs: the provider. */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  /** The field's /M (the report's issue time): the same content gives the same bytes. */
  signingTime: Date;
}

/**
 * A PDF text string: PDFDocEncoding's ASCII part as is, anything else as UTF-16BE with its
 * byte order mark; pdf-lib's PDFString writes each character code as one byte and escapes
 * nothing, so the escapes are done here.
 */
export function pdfTextString(text: string): string {
  const ascii = /^[\x20-\x7e]*$/.test(text);
  const bytes = ascii
    ? text
    : String.fromCharCode(0xfe, 0xff, ...[...Buffer.from(text, 'utf16le').swap16()]);
  return bytes.replace(/[\\()\r\n]/g, (character) =>
    character === '\r' ? '\\r' : character === '\n' ? '\\n' : `\\${character}`,
  );
}

/**
 * Adds the signature field (ETSI.CAdES.detached, an empty /Contents of
 * {@link signatureReserve} bytes) to `document` before it is saved. The library writes the
 * signature dictionary outside any object stream, so the document may be saved with them
 * (pdf-lib's default) and the dictionary still be patched in plain bytes.
 */
export function addSignatureField(document: PDFDocument, field: SignatureField): void {
  pdflibAddPlaceholder({
    pdfDoc: document,
    pdfPage: field.page,
    name: pdfTextString(field.name),
    reason: pdfTextString(field.reason),
    location: pdfTextString(field.location),
    contactInfo: pdfTextString(field.contactInfo),
    signingTime: field.signingTime,
    // In hexadecimal digits, two per byte.
    signatureLength: signatureReserve * 2,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: field.rect,
  });
}

/** The CAdES signature over the signed ranges; records whether it got its timestamp. */
class CadesSigner extends Signer {
  timestamped = false;

  constructor(
    private readonly signer: ReportSigner,
    private readonly authority: TimestampAuthority,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const certificates = await this.signer.certificates();
    const cms = await createSignedData({
      contentType: cmsOids.data,
      digest: sha256(content),
      signer: this.signer,
      certificates,
    });
    let token: Uint8Array | null = null;
    try {
      token = await this.authority.timestamp(sha256(cms.signature));
      this.timestamped = true;
    } catch (error) {
      // B-B rather than no report: the caller records and alarms it.
      if (!(error instanceof TimestampUnavailable)) throw error;
    }
    const unsignedAttributes = token ? [attribute(cmsOids.signatureTimeStampToken, token)] : [];
    return Buffer.from(cms.encode({ unsignedAttributes }));
  }
}

/**
 * Signs a PDF rendered with a signature field ({@link addSignatureField}): the CMS over
 * every byte but the /Contents hole, by `signer`, then the RFC 3161 timestamp of its
 * signature value as the unsigned attribute signature-time-stamp (PAdES B-T). When the
 * authority is unavailable the signature goes without (B-B) and `timestamped` is false.
 */
export async function signReportPdf(
  pdf: Uint8Array,
  signer: ReportSigner,
  authority: TimestampAuthority,
): Promise<{ pdf: Uint8Array; timestamped: boolean }> {
  const cades = new CadesSigner(signer, authority);
  const signed = await new SignPdf().sign(
    Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    cades,
  );
  return {
    pdf: new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength),
    timestamped: cades.timestamped,
  };
}
