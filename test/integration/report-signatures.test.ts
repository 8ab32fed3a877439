import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import { pemToDer } from '../../lambdas/report-requests/signing/certificates';
import { checkPdfSignature } from '../../lambdas/report-requests/signing/check-pdf';
import { cmsOids } from '../../lambdas/report-requests/signing/cms';
import {
  localReportSigner,
  localSigningFiles,
} from '../../lambdas/report-requests/signing/local-signer';
import { signReportPdf } from '../../lambdas/report-requests/signing/pades';
import { httpTimestampAuthority } from '../../lambdas/report-requests/signing/timestamp';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { benchReportContent, benchSite } from '../bench/report-pdf';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { newVisitorAddress, requestReport, visitorRequest } from '../support/visitor';
import { attributeOf, pdfSignatureParts, signedDataOf } from '../support/pdf-signature';

/**
 * Report signatures as external validators see them (Debian poppler-utils' pdfsig with an
 * NSS database from libnss3-tools' certutil, and openssl; installed by .ci/run): signed by
 * the local stack's own signer and timestamp authority (its signing folder in the data
 * folder, its TSA on the stack's port).
 */
const stack = inject('stack');
const signingFolder = join(stack.dataDir, 'signing');
const authorityPem = () => join(signingFolder, localSigningFiles.authority);
let work = '';
let nssDatabase = '';

/** Runs a validator; a missing tool fails the test (spawn's ENOENT), never skips it. */
function run(command: string, args: string[]): { status: number; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

function file(name: string, bytes: Uint8Array): string {
  const path = join(work, name);
  writeFileSync(path, bytes);
  return path;
}

const signed: Record<'en' | 'zh', Uint8Array> = { en: new Uint8Array(), zh: new Uint8Array() };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-signatures-'));
  // The recipient's trust: an NSS database trusting the local CA (for signatures: the
  // second trust field; `C,,` would trust it for TLS servers only).
  nssDatabase = `sql:${join(work, 'nss')}`;
  run('mkdir', ['-p', join(work, 'nss')]);
  expect(run('certutil', ['-N', '--empty-password', '-d', nssDatabase]).status).toBe(0);
  expect(
    run('certutil', [
      '-A',
      '-n',
      'local-ca',
      '-t',
      'C,C,C',
      '-i',
      authorityPem(),
      '-d',
      nssDatabase,
    ]).status,
  ).toBe(0);

  const signer = localReportSigner(signingFolder);
  const authority = httpTimestampAuthority(`http://127.0.0.1:${stack.ports.timestamps}`);
  for (const language of ['en', 'zh'] as const) {
    const pdf = await renderReportPdf(benchReportContent(language, 7), benchSite);
    const result = await signReportPdf(pdf, signer, authority);
    expect(result.timestamped).toBe(true);
    signed[language] = result.pdf;
  }
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(['en', 'zh'] as const)('a signed %s report', (language) => {
  it('is valid, whole and trusted for pdfsig when the local CA is trusted', () => {
    const { status, output } = run('pdfsig', [
      '-nssdir',
      nssDatabase,
      file(`${language}.pdf`, signed[language]),
    ]);
    expect(status, output).toBe(0);
    expect(output).toContain('Signature Type: ETSI.CAdES.detached');
    expect(output).toContain('Signature is Valid');
    expect(output).toContain('Total document signed');
    expect(output).toContain('Certificate is Trusted');
    expect(output).toContain('Signer Certificate Common Name: Example Valve Co.');
  });

  it('is not trusted by pdfsig without the local CA', () => {
    const empty = `sql:${join(work, `empty-${language}`)}`;
    run('mkdir', ['-p', empty.slice(4)]);
    expect(run('certutil', ['-N', '--empty-password', '-d', empty]).status).toBe(0);
    const { output } = run('pdfsig', [
      '-nssdir',
      empty,
      file(`${language}-untrusted.pdf`, signed[language]),
    ]);
    expect(output).toContain('Signature is Valid');
    expect(output).not.toContain('Certificate is Trusted');
  });

  it('fails pdfsig with one byte changed', () => {
    const [, length] = pdfSignatureParts(signed[language]).byteRange;
    const changed = new Uint8Array(signed[language]);
    changed[Math.floor(length / 2)] = changed[Math.floor(length / 2)]! ^ 0x01;
    const { output } = run('pdfsig', [
      '-nssdir',
      nssDatabase,
      file(`${language}-changed.pdf`, changed),
    ]);
    expect(output).not.toContain('Signature is Valid');
    expect(output).toMatch(/Digest Mismatch|Signature is Invalid/);
    expect(checkPdfSignature(changed, [readCa()]).valid).toBe(false);
  });

  it('verifies with openssl cms over the signed ranges', () => {
    const parts = pdfSignatureParts(signed[language]);
    const cms = file(`${language}.p7s`, parts.cms);
    const content = file(`${language}.content`, parts.signedContent);
    const verified = run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cms,
      '-content',
      content,
      '-CAfile',
      authorityPem(),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    expect(verified.status, verified.output).toBe(0);
    expect(verified.output).toContain('Verification successful');

    const changedContent = new Uint8Array(parts.signedContent);
    changedContent[100] = changedContent[100]! ^ 0x01;
    const refused = run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cms,
      '-content',
      file(`${language}-changed.content`, changedContent),
      '-CAfile',
      authorityPem(),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    expect(refused.status).not.toBe(0);
  });

  it('carries a timestamp openssl ts verifies over the signature value', () => {
    const info = signedDataOf(pdfSignatureParts(signed[language]).cms).signerInfos[0]!;
    const token = attributeOf(info, cmsOids.signatureTimeStampToken, false)!.values[0]!;
    const tokenFile = file(`${language}.tst`, new Uint8Array(token.toBER()));
    const signatureValue = file(
      `${language}.signature`,
      new Uint8Array(info.signature.valueBlock.valueHexView),
    );
    const tsaChain = join(signingFolder, localSigningFiles.timestampChain);
    const verified = run('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      tokenFile,
      '-data',
      signatureValue,
      '-CAfile',
      authorityPem(),
      '-untrusted',
      tsaChain,
    ]);
    expect(verified.status, verified.output).toBe(0);
    expect(verified.output).toContain('Verification: OK');

    const other = run('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      tokenFile,
      '-data',
      file(`${language}.other`, new Uint8Array([1, 2, 3])),
      '-CAfile',
      authorityPem(),
      '-untrusted',
      tsaChain,
    ]);
    expect(other.status).not.toBe(0);
  });

  it('is valid, whole, timestamped and trusted for checkPdfSignature against the chain', () => {
    const anchors = pemToDer(
      readFileSync(join(signingFolder, localSigningFiles.signerChain), 'utf8'),
    );
    expect(checkPdfSignature(signed[language], anchors)).toMatchObject({
      signed: true,
      valid: true,
      wholeDocument: true,
      timestamped: true,
      timestampValid: true,
      trusted: true,
    });
  });
});

function readCa(): Uint8Array {
  return pemToDer(readFileSync(authorityPem(), 'utf8'))[0]!;
}

describe('a report issued through the API', () => {
  it('carries a timestamped PAdES signature pdfsig trusts with the local CA', async () => {
    const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const prefix = `SG${randomUUID().slice(0, 6).toUpperCase()}-`;
    const product = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: `Signed Valve ${prefix}`,
        temperatureMin: -10,
        temperatureMax: 180,
        fluid: 'water',
        connection: 'Flanged, JIS 10K',
        pressureFC: 16,
        pressureWCB: null,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
      },
    });
    expect(product.status).toBe(201);
    const range = await callApi(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: `${prefix}000001`,
        endSerial: `${prefix}000010`,
        productionDate: '2026-04-02',
        bodyMaterial: 'FC',
      },
    });
    expect(range.status).toBe(201);
    const report = await requestReport(stack, {
      serialNumber: `${prefix}000003`,
      email: `signed-${randomUUID().slice(0, 8)}@example.com`,
      consent: true,
      language: 'zh',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const pdf = await visitorRequest(stack, report.body.pdfUrl, { address: newVisitorAddress() });
    expect(pdf.status).toBe(200);

    const { output } = run('pdfsig', ['-nssdir', nssDatabase, file('issued.pdf', pdf.bytes)]);
    expect(output).toContain('Signature Type: ETSI.CAdES.detached');
    expect(output).toContain('Signature is Valid');
    expect(output).toContain('Total document signed');
    expect(output).toContain('Certificate is Trusted');
    expect(checkPdfSignature(pdf.bytes, [readCa()])).toMatchObject({
      valid: true,
      wholeDocument: true,
      timestamped: true,
      timestampValid: true,
      trusted: true,
    });
  });
});
