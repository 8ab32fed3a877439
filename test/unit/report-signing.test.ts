import { createHash, createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import fc from 'fast-check';
import type { PDFString, PDFHexString } from 'pdf-lib';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { Certificate, CertificationRequest, TimeStampResp } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalSigning, type LocalSigning } from '../../bin/local/signing';
import {
  startTimestampAuthority,
  timestampResponse,
  type LocalTimestampAuthority,
} from '../../bin/local/timestamp-authority';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import {
  bufferSource,
  certificationRequest,
  nameParts,
} from '../../lambdas/report-requests/signing/certificates';
import { checkPdfSignature } from '../../lambdas/report-requests/signing/check-pdf';
import { cmsOids, sha256 } from '../../lambdas/report-requests/signing/cms';
import {
  keySigner,
  localReportSigner,
  localSigningFiles,
} from '../../lambdas/report-requests/signing/local-signer';
import { pdfTextString, signReportPdf } from '../../lambdas/report-requests/signing/pades';
import {
  type ReportSigner,
  type TimestampAuthority,
  TimestampUnavailable,
} from '../../lambdas/report-requests/signing/signer';
import {
  httpTimestampAuthority,
  timestampRequest,
  tokenOfResponse,
} from '../../lambdas/report-requests/signing/timestamp';
import { benchReportContent, benchSite } from '../bench/report-pdf';
import { pdfText } from '../support/pdf';
import {
  attributeOf,
  inProcessTimestampAuthority,
  pdfSignatureParts,
  signedDataOf,
  tstInfoOf,
} from '../support/pdf-signature';

const oid = {
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

/** Certificates read by pkijs, independently of the signing code's own reader. */
const parseCertificate = (der: Uint8Array) => Certificate.fromBER(new Uint8Array(der));
const subjectOf = (name: { toSchema(): { toBER(): ArrayBuffer } }) =>
  nameParts(new Uint8Array(name.toSchema().toBER()));

let folder = '';
let local: LocalSigning;
let signer: ReportSigner;
let authority: TimestampAuthority;
let unsigned: Uint8Array;
let signed: Uint8Array;

const unavailable: TimestampAuthority = {
  timestamp: () => Promise.reject(new TimestampUnavailable('down')),
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'report-signing-'));
  local = await ensureLocalSigning(folder);
  signer = localReportSigner(local.directory);
  authority = inProcessTimestampAuthority({ key: local.timestampKey, chain: local.timestampChain });
  unsigned = await renderReportPdf(benchReportContent('zh', 1), benchSite);
  const result = await signReportPdf(unsigned, signer, authority);
  expect(result.timestamped).toBe(true);
  signed = result.pdf;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the local signing folder', () => {
  it('is made once and reused', async () => {
    const again = await ensureLocalSigning(folder);
    expect(Buffer.from(again.authority).equals(Buffer.from(local.authority))).toBe(true);
    expect(again.signerChain.map((der) => Buffer.from(der).toString('hex'))).toEqual(
      local.signerChain.map((der) => Buffer.from(der).toString('hex')),
    );
  });

  it('issues the signer and the timestamp authority from the local CA', () => {
    const authorityCertificate = parseCertificate(local.authority);
    const [signerCertificate, signerIssuer] = local.signerChain.map(parseCertificate);
    const [tsaCertificate] = local.timestampChain.map(parseCertificate);
    expect(subjectOf(signerCertificate!.subject).commonName).toBe('Example Valve Co.');
    expect(signerIssuer!.subject.isEqual(authorityCertificate.subject)).toBe(true);
    for (const issued of [signerCertificate!, tsaCertificate!]) {
      expect(issued.issuer.isEqual(authorityCertificate.subject)).toBe(true);
      const key = createPublicKey({
        key: Buffer.from(authorityCertificate.subjectPublicKeyInfo.toSchema().toBER()),
        format: 'der',
        type: 'spki',
      });
      expect(
        verify(
          'sha256',
          issued.tbsView,
          { key, dsaEncoding: 'der' },
          issued.signatureValue.valueBlock.valueHexView,
        ),
      ).toBe(true);
    }
    const extendedKeyUsage = tsaCertificate!.extensions!.find(
      (extension) => extension.extnID === '2.5.29.37',
    );
    expect(extendedKeyUsage?.critical).toBe(true);
  });
});

describe('signReportPdf (PAdES B-T)', () => {
  it('keeps the size and fills only the signature hole', () => {
    expect(signed.length).toBe(unsigned.length);
    const { byteRange } = pdfSignatureParts(signed);
    const [, length, next, rest] = byteRange;
    expect(next + rest).toBe(signed.length);
    // Outside the /ByteRange numbers and /Contents, the bytes are the renderer's.
    const differing = [...signed.keys()].filter((index) => signed[index] !== unsigned[index]);
    const byteRangeAt = Buffer.from(unsigned).indexOf('/ByteRange');
    for (const index of differing) {
      const inRange = index >= byteRangeAt && index < byteRangeAt + 60;
      expect(inRange || (index > length && index < next - 1), `byte ${index}`).toBe(true);
    }
  });

  it('is a CAdES detached signature over SHA-256 with signing-certificate-v2 and no signing-time', async () => {
    const parts = pdfSignatureParts(signed);
    expect(parts.dictionary).toContain('/SubFilter /ETSI.CAdES.detached');
    const signedData = signedDataOf(parts.cms);
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signedData.digestAlgorithms.map((algorithm) => algorithm.algorithmId)).toEqual([
      oid.sha256,
    ]);
    const [info] = signedData.signerInfos;
    expect(signedData.signerInfos).toHaveLength(1);
    expect(info!.digestAlgorithm.algorithmId).toBe(oid.sha256);
    expect(info!.signatureAlgorithm.algorithmId).toBe(oid.ecdsaWithSha256);

    const types = info!.signedAttrs!.attributes.map((attribute) => attribute.type);
    expect(types.sort()).toEqual(
      [cmsOids.contentType, cmsOids.messageDigest, cmsOids.signingCertificateV2].sort(),
    );
    expect(types).not.toContain('1.2.840.113549.1.9.5');

    const digest = attributeOf(info!, cmsOids.messageDigest)!.values[0] as asn1js.OctetString;
    expect(Buffer.from(digest.valueBlock.valueHexView)).toEqual(
      Buffer.from(sha256(parts.signedContent)),
    );
    const contentType = attributeOf(info!, cmsOids.contentType)!
      .values[0] as asn1js.ObjectIdentifier;
    expect(contentType.valueBlock.toString()).toBe(cmsOids.data);

    // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash, issuerSerial } }
    const chain = await signer.certificates();
    const signingCertificate = attributeOf(info!, cmsOids.signingCertificateV2)!
      .values[0] as asn1js.Sequence;
    const certs = signingCertificate.valueBlock.value[0] as asn1js.Sequence;
    const essCertId = certs.valueBlock.value[0] as asn1js.Sequence;
    const [certHash, issuerSerial] = essCertId.valueBlock.value as [
      asn1js.OctetString,
      asn1js.Sequence,
    ];
    // The hash algorithm is SHA-256, the default, hence absent: the hash comes first.
    expect(certHash).toBeInstanceOf(asn1js.OctetString);
    expect(Buffer.from(certHash.valueBlock.valueHexView)).toEqual(
      createHash('sha256').update(chain[0]!).digest(),
    );
    const serial = issuerSerial.valueBlock.value[1] as asn1js.Integer;
    expect(Buffer.from(serial.valueBlock.valueHexView)).toEqual(
      Buffer.from(parseCertificate(chain[0]!).serialNumber.valueBlock.valueHexView),
    );

    // The chain, signer first, as configured.
    expect(
      (signedData.certificates ?? []).map((certificate) =>
        Buffer.from((certificate as Certificate).toSchema().toBER()).toString('hex'),
      ),
    ).toEqual(chain.map((der) => Buffer.from(der).toString('hex')));

    // The signature is the signer's over the DER SET OF the signed attributes.
    const signedAttributes = new Uint8Array(info!.signedAttrs!.encodedValue);
    expect(signedAttributes[0]).toBe(0x31);
    const key = createPublicKey({
      key: Buffer.from(parseCertificate(chain[0]!).subjectPublicKeyInfo.toSchema().toBER()),
      format: 'der',
      type: 'spki',
    });
    expect(
      verify(
        'sha256',
        signedAttributes,
        { key, dsaEncoding: 'der' },
        info!.signature.valueBlock.valueHexView,
      ),
    ).toBe(true);
  });

  it('carries the timestamp of its signature value as signature-time-stamp', () => {
    const info = signedDataOf(pdfSignatureParts(signed).cms).signerInfos[0]!;
    const attribute = attributeOf(info, cmsOids.signatureTimeStampToken, false);
    expect(attribute?.values).toHaveLength(1);
    const tstInfo = tstInfoOf(new Uint8Array(attribute!.values[0]!.toBER()));
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe(oid.sha256);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      createHash('sha256').update(info.signature.valueBlock.valueHexView).digest(),
    );
    expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('signs without a timestamp (B-B) when the authority is unavailable', async () => {
    const result = await signReportPdf(unsigned, signer, unavailable);
    expect(result.timestamped).toBe(false);
    const info = signedDataOf(pdfSignatureParts(result.pdf).cms).signerInfos[0]!;
    expect(info.unsignedAttrs).toBeUndefined();
    const check = checkPdfSignature(result.pdf, local.signerChain);
    expect(check).toMatchObject({ valid: true, trusted: true, timestamped: false, signedAt: null });
  });

  it('fails on any other error of the authority rather than hide it', async () => {
    const broken: TimestampAuthority = { timestamp: () => Promise.reject(new TypeError('bug')) };
    await expect(signReportPdf(unsigned, signer, broken)).rejects.toThrow('bug');
  });

  it('refuses a PDF rendered without a signature field', async () => {
    const plain = await (await PDFDocument.create()).save({ useObjectStreams: false });
    await expect(signReportPdf(plain, signer, authority)).rejects.toThrow(/ByteRange/);
  });

  it('names the signer, reason and location in the signature dictionary, in any script', async () => {
    const site = {
      providerName: '台中閥門 (Taichung) Valve\\Co.',
      providerAddress: '台中市 407',
      privacyPolicyUrl: 'https://example.com/privacy',
    };
    const content = benchReportContent('zh', 2);
    const pdf = (await signReportPdf(await renderReportPdf(content, site), signer, authority)).pdf;
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    const form = document.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    const fields = form.lookup(PDFName.of('Fields'));
    const widget = document.context.lookup(
      (fields as unknown as { get(index: number): unknown }).get(0) as never,
      PDFDict,
    );
    const value = widget.lookup(PDFName.of('V'), PDFDict);
    const text = (name: string) =>
      (value.lookup(PDFName.of(name)) as PDFString | PDFHexString).decodeText();
    expect(text('Name')).toBe(site.providerName);
    expect(text('Location')).toBe(site.providerAddress);
    expect(text('Reason')).toContain(content.reportNumber);
    expect(text('ContactInfo')).toBe(content.verificationUrl);
    // The widget is on the last page, over the signature line.
    const pages = document.getPages();
    expect(widget.get(PDFName.of('P'))).toBe(pages[pages.length - 1]!.ref);
  });

  it('shows the signature line in the report language, under the field', async () => {
    const english = benchReportContent('en', 3);
    const englishText = pdfText(await renderReportPdf(english, benchSite)).replace(/\s+/g, ' ');
    expect(englishText).toContain(
      `Digitally signed by ${benchSite.providerName} · 2026-11-21 08:30 UTC`,
    );
    const chineseText = pdfText(signed).replace(/\s+/g, ' ');
    expect(chineseText).toContain(`由 ${benchSite.providerName} 數位簽署 · 2026-11-21 08:30 UTC`);
    const document = await PDFDocument.load(signed, { updateMetadata: false });
    const rect = document.context
      .lookup(document.getPages().at(-1)!.node.Annots()!.asArray().at(-1)!, PDFDict)
      .lookup(PDFName.of('Rect'))!
      .toString();
    const [x1, y1, x2, y2] = rect.replace(/[[\]]/g, ' ').trim().split(/\s+/).map(Number);
    expect(x2! - x1!).toBeGreaterThan(400);
    expect(y2! - y1!).toBeGreaterThan(8);
  });

  it('writes PDF text strings with the escapes pdf-lib leaves out', () => {
    expect(pdfTextString('Acme (Taiwan) \\ Co.')).toBe('Acme \\(Taiwan\\) \\\\ Co.');
    // UTF-16BE with its byte order mark; the bytes of "(" escaped there too.
    const wide = pdfTextString('閥(');
    expect([...wide].map((character) => character.charCodeAt(0))).toEqual([
      0xfe, 0xff, 0x95, 0xa5, 0x00, 0x5c, 0x28,
    ]);
  });
});

describe('checkPdfSignature', () => {
  it('answers valid, whole and trusted for a signed report, with signer and time', () => {
    const check = checkPdfSignature(signed, local.signerChain);
    const info = signedDataOf(pdfSignatureParts(signed).cms).signerInfos[0]!;
    const token = attributeOf(info, cmsOids.signatureTimeStampToken, false)!;
    const genTime = tstInfoOf(new Uint8Array(token.values[0]!.toBER())).genTime.toISOString();
    expect(check).toEqual({
      signed: true,
      valid: true,
      wholeDocument: true,
      signer: { commonName: 'Example Valve Co.', organization: 'Example Valve Co.' },
      signedAt: genTime,
      timestamped: true,
      timestampValid: true,
      trusted: true,
    });
  });

  it('trusts a signer issued by an anchor (the CA alone) and not one without', () => {
    expect(checkPdfSignature(signed, [local.authority]).trusted).toBe(true);
    // The signing key itself, whatever certificate carries it.
    const signerKey = new Uint8Array(
      parseCertificate(local.signerChain[0]!).subjectPublicKeyInfo.toSchema().toBER(),
    );
    expect(checkPdfSignature(signed, [], { trustedKeys: [signerKey] }).trusted).toBe(true);
    const tsaKey = new Uint8Array(
      parseCertificate(local.timestampChain[0]!).subjectPublicKeyInfo.toSchema().toBER(),
    );
    expect(checkPdfSignature(signed, [], { trustedKeys: [tsaKey] }).trusted).toBe(false);
    const stranger = checkPdfSignature(signed, [local.timestampChain[0]!]);
    expect(stranger).toMatchObject({ valid: true, trusted: false, reason: 'untrusted' });
  });

  it('answers invalid when one byte inside the signed range changes', () => {
    const [, length, next] = pdfSignatureParts(signed).byteRange;
    for (const index of [10, length - 5, next + 20, signed.length - 3]) {
      const changed = new Uint8Array(signed);
      changed[index] = changed[index]! ^ 0x01;
      const check = checkPdfSignature(changed, local.signerChain);
      expect(check.signed, `byte ${index}`).toBe(true);
      expect(check.valid, `byte ${index}`).toBe(false);
      expect(check.trusted).toBe(false);
    }
  });

  it('answers invalid when the signature value itself is changed', () => {
    const info = signedDataOf(pdfSignatureParts(signed).cms).signerInfos[0]!;
    const value = Buffer.from(info.signature.valueBlock.valueHexView).toString('hex');
    const changed = Buffer.from(signed);
    // A hex digit in the middle of the ECDSA signature's r value, in /Contents.
    const at = changed.indexOf(value) + 20;
    expect(at).toBeGreaterThan(20);
    changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
    expect(checkPdfSignature(changed, local.signerChain)).toMatchObject({
      signed: true,
      valid: false,
      reason: 'signature-mismatch',
    });
  });

  it('says when bytes were added after the signed range', () => {
    const appended = Buffer.concat([Buffer.from(signed), Buffer.from('\n% appended\n')]);
    expect(checkPdfSignature(appended, local.signerChain)).toMatchObject({
      valid: true,
      wholeDocument: false,
    });
  });

  it('answers signed: false for an unsigned PDF and for what is no PDF', async () => {
    expect(checkPdfSignature(unsigned, local.signerChain)).toMatchObject({
      signed: false,
      valid: false,
      reason: 'no-signature',
    });
    const plain = await (await PDFDocument.create()).save();
    expect(checkPdfSignature(plain, local.signerChain).signed).toBe(false);
    expect(checkPdfSignature(new Uint8Array(), [])).toMatchObject({
      signed: false,
      reason: 'not-pdf',
    });
  });

  it('never throws, and finds no signature in arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fc.boolean(), (bytes, asPdf) => {
        const input = asPdf
          ? new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), bytes]))
          : bytes;
        expect(checkPdfSignature(input, local.signerChain).signed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on a signed report with bytes changed anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: signed.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (changes) => {
          const changed = new Uint8Array(signed);
          for (const [index, flip] of changes) changed[index] = changed[index]! ^ flip;
          const check = checkPdfSignature(changed, local.signerChain);
          // Changed bytes inside the hole's zero padding leave the signature valid.
          expect(typeof check.valid).toBe('boolean');
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the timestamp authority client', () => {
  let tsa: LocalTimestampAuthority;
  let silent: Server;
  let silentUrl = '';
  const digest = sha256(new Uint8Array([1, 2, 3]));
  const nonce = new Uint8Array([0x01, 2, 3, 4, 5, 6, 7, 8]);

  beforeAll(async () => {
    tsa = await startTimestampAuthority(0, {
      key: local.timestampKey,
      chain: local.timestampChain,
    });
    // Accepts the request and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await tsa.stop();
    silent.closeAllConnections();
    silent.close();
  });

  it('gets a token for the digest over HTTP from the local authority', async () => {
    const token = await httpTimestampAuthority(tsa.url).timestamp(digest);
    const info = tstInfoOf(token);
    expect(Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      Buffer.from(digest),
    );
    expect(info.nonce).toBeDefined();
    expect(info.policy).toBe('2.999.3161.1');
    // The authority's certificate is in the token, as the request asked.
    expect(signedDataOf(token).certificates).toHaveLength(2);
  });

  it('refuses a token for another digest or without the nonce', async () => {
    const response = await timestampResponse(timestampRequest(digest, nonce), {
      key: local.timestampKey,
      chain: local.timestampChain,
    });
    expect(tokenOfResponse(response, digest, nonce).byteLength).toBeGreaterThan(0);
    expect(() => tokenOfResponse(response, sha256(new Uint8Array([9])), nonce)).toThrow(
      TimestampUnavailable,
    );
    expect(() => tokenOfResponse(response, digest, new Uint8Array([0x01, 9, 9, 9]))).toThrow(
      TimestampUnavailable,
    );
    expect(() => tokenOfResponse(new Uint8Array([1, 2, 3]), digest, nonce)).toThrow(
      TimestampUnavailable,
    );
  });

  it('answers only TimestampUnavailable for any malformed answer', async () => {
    const response = await timestampResponse(timestampRequest(digest, nonce), {
      key: local.timestampKey,
      chain: local.timestampChain,
    });
    const outcome = (bytes: Uint8Array) => {
      try {
        tokenOfResponse(bytes, digest, nonce);
        return 'token';
      } catch (error) {
        return error instanceof TimestampUnavailable ? 'unavailable' : String(error);
      }
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(outcome(bytes)).toBe('unavailable');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.nat({ max: response.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (index, flip) => {
          const changed = new Uint8Array(response);
          changed[index] = changed[index]! ^ flip;
          expect(['token', 'unavailable']).toContain(outcome(changed));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('passes on the authority refusing a request (a SHA-1 imprint) as unavailable', async () => {
    const request = Buffer.from(timestampRequest(digest, nonce));
    // The same request naming SHA-1 (1.3.14.3.2.26) with a 20-byte digest.
    const sha1Request = new Uint8Array(
      (() => {
        const parsed = asn1js.fromBER(request).result as asn1js.Sequence;
        const imprint = parsed.valueBlock.value[1] as asn1js.Sequence;
        imprint.valueBlock.value = [
          new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '1.3.14.3.2.26' })] }),
          new asn1js.OctetString({ valueHex: new Uint8Array(20) }),
        ];
        return parsed.toBER();
      })(),
    );
    const answer = await fetch(tsa.url, { method: 'POST', body: sha1Request });
    const response = new Uint8Array(await answer.arrayBuffer());
    expect(TimeStampResp.fromBER(response).status.status).toBe(2);
    expect(() => tokenOfResponse(response, digest, nonce)).toThrow(/refused/);
  });

  it('is unavailable when the authority cannot be reached or is too slow', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    await expect(httpTimestampAuthority(closed).timestamp(digest)).rejects.toThrow(
      TimestampUnavailable,
    );
    const started = Date.now();
    await expect(
      httpTimestampAuthority(silentUrl, { timeoutMs: 200 }).timestamp(digest),
    ).rejects.toThrow(TimestampUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('certificates signed by a report signer', () => {
  it('makes a certification request the signer key signed, with the subject asked for', async () => {
    const chain = await signer.certificates();
    const publicKey = new Uint8Array(
      parseCertificate(chain[0]!).subjectPublicKeyInfo.toSchema().toBER(),
    );
    const key = createPrivateKey(
      readFileSync(join(local.directory, localSigningFiles.signerKey), 'utf8'),
    );
    const der = await certificationRequest(
      { commonName: 'Acme Valves', organization: 'Acme Valves Ltd.', country: 'TW' },
      publicKey,
      keySigner(key),
    );
    const request = CertificationRequest.fromBER(bufferSource(der));
    expect(subjectOf(request.subject)).toEqual({
      commonName: 'Acme Valves',
      organization: 'Acme Valves Ltd.',
    });
    const spki = createPublicKey({ key: Buffer.from(publicKey), format: 'der', type: 'spki' });
    expect(
      verify(
        'sha256',
        request.tbsView,
        { key: spki, dsaEncoding: 'der' },
        request.signatureValue.valueBlock.valueHexView,
      ),
    ).toBe(true);
  });

  it('names the missing files when the local folder has no signer', async () => {
    const empty = localReportSigner(join(folder, 'nothing-here'));
    await expect(empty.certificates()).rejects.toThrow(/report-signer-key\.pem.*npm start/s);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
