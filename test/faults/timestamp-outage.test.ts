import { afterAll, beforeAll, expect, it } from 'vitest';
import { localSigningFiles } from '../../lambdas/report-requests/signing/local-signer';
import { checkPdfSignature } from '../../lambdas/report-requests/signing/check-pdf';
import { pemToDer } from '../../lambdas/report-requests/signing/certificates';
import type {
  ReportRequestCreated,
  ReportVerification,
} from '../../lambdas/shared/contract/schemas/report-request';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callApi } from '../support/api';
import { startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import { newVisitorAddress, requestReport, visitorRequest } from '../support/visitor';
import { adminToken, seedCatalogue } from './support';

/**
 * The timestamp authority unreachable (docs/report-signatures.md): reports are still issued,
 * signed without a timestamp (PAdES B-B), and say so in their answer and verification; once
 * the authority answers again, the next request of the same unit gets a timestamped report.
 */
let fault: InProcessStack;
let serial: (n: number) => string;

beforeAll(async () => {
  fault = await startInProcessStack('timestamps');
  ({ serial } = await seedCatalogue(fault.stack, await adminToken(fault.stack), 'TSF'));
}, 120_000);

afterAll(async () => {
  await fault?.stop();
});

const ask = async (n: number) => {
  const answer = await requestReport(
    fault.stack,
    { serialNumber: serial(n), email: `tsa-${n}@example.com`, consent: true, language: 'en' },
    newVisitorAddress(),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as ReportRequestCreated;
};
const signatureOf = async (report: ReportRequestCreated) => {
  const pdf = await visitorRequest(fault.stack, report.pdfUrl, { address: newVisitorAddress() });
  const chain = pemToDer(
    readFileSync(join(fault.stack.dataDir, 'signing', localSigningFiles.signerChain), 'utf8'),
  );
  return checkPdfSignature(pdf.bytes, chain);
};
const verification = async (report: ReportRequestCreated) =>
  (
    await callApi<ReportVerification>(
      fault.stack,
      `/api/report-requests/verify/${report.reportNumber}`,
    )
  ).body;

it('issues signed reports without a timestamp while the authority is down, and timestamped ones after', async () => {
  const { local } = fault;
  await local.timestampAuthority.stop();
  const during = await ask(1);
  expect(during.signature).toEqual({ timestamped: false });
  expect(await signatureOf(during)).toMatchObject({
    signed: true,
    valid: true,
    wholeDocument: true,
    trusted: true,
    timestamped: false,
  });
  expect((await verification(during)).signature).toEqual({ timestamped: false });

  await local.timestampAuthority.start();
  const after = await ask(1);
  expect(after.signature).toEqual({ timestamped: true });
  expect(await signatureOf(after)).toMatchObject({
    valid: true,
    timestamped: true,
    timestampValid: true,
  });
  // The earlier report stays as it was issued: valid, without a timestamp.
  expect((await verification(during)).signature).toEqual({ timestamped: false });
});
