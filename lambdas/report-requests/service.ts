import { createHash } from 'node:crypto';
import { getAppUrl } from '../shared/app-url';
import { unitIdentityLink } from '../shared/identity-link';
import { getProduct } from '../products/repository';
import { RangeChanged } from '../serial-ranges/holdings';
import { findRangeContaining } from '../serial-ranges/repository';
import { getSiteSettings } from '../settings/repository';
import { getConfig } from '../shared/config';
import { ratingOf } from '../shared/contract/materials';
import {
  consentStatementVersion,
  type CreateReportRequestInput,
  type ReportContent,
  type ReportRequestCreated,
  type ReportTestRow,
  rowsInLanguage,
} from '../shared/contract/schemas/report-request';
import { productInLanguage, type Product } from '../shared/contract/schemas/product-record';
import type { SerialRange } from '../shared/contract/schemas/serial-range';
import { normalizeSerial } from '../shared/contract/serial';
import { AbortedError, FailedPreconditionError, NotFoundError } from '../shared/errors';
import { countMetric } from '../shared/metrics';
import { judgeStoredUnit, reportResult } from '../units/judgement';
import { readUnitRecord } from '../units/repository';
import { newReportNumber, newRequestId } from './identifiers';
import { issueCredential } from './credential/issue';
import { credentialIssuerOrigin, didWebOf } from './credential/did-document';
import { resultsOfReport } from './credential/conformity-credential';
import { credentialPath, pdfPath } from './paths';
import { signReportPdf } from './signing/pades';
import { getReportSigner, getTimestampAuthority } from './signing/signer-factory';
import { logger } from '../shared/logger';
import { renderReportPdf } from './pdf/render';
import { checkQuota, consumeQuota, reportQuotas } from './rate-limit';
import {
  ReportNumberTaken,
  saveReportRequest,
  saveWithheldRequest,
  type ReportRequestRecord,
} from './repository';
import { pdfKey, storePdf } from './pdf-store';

const dayMs = 86_400_000;

/** Times a request looks its unit up again when its range changed before the write. */
const maxRangeAttempts = 3;

/** The unit a serial names: its range and product; undefined when no range holds it. */
async function findUnit(
  serialNumber: string | null,
): Promise<{ range: SerialRange; product: Product } | undefined> {
  const range = serialNumber === null ? undefined : await findRangeContaining(serialNumber);
  const product = range && (await getProduct(range.productId));
  return range && product ? { range, product } : undefined;
}

/**
 * A visitor's report request: counts it against the client address's quota, finds the
 * unit's range (one Query) and judges the unit from its record (docs/test-plans.md). For a
 * product with a test plan, a verdict the site settings do not give visitors is answered
 * `failed-precondition` and recorded as withheld (no report, no PDF, no mail). Otherwise it
 * builds the PDF, signs it (PAdES, timestamped when the authority answers), makes its
 * conformity credential (docs/report-signatures.md), stores the PDF, then records the
 * request (the mail outbox item), the report's verification item with the credential and
 * its entry in the unit's record in one transaction. The mailer sends it from the record.
 */
export async function requestReport(
  input: CreateReportRequestInput,
  address: string,
  now = new Date(),
): Promise<ReportRequestCreated> {
  const quotas = reportQuotas(address, input.email);
  // Null for text with characters no serial has (look-alikes such as ſ): no unit, 404.
  const serialNumber = normalizeSerial(input.serialNumber);
  // Every attempt counts, found or not: the address limit also slows serial guessing.
  // The reads do not depend on it, so they run at the same time; an exceeded quota still
  // answers 429 before anything is stored. A recipient over their limit is refused here
  // too (one read), before any PDF is made; the transaction's count stays the guard.
  const [, , firstLookup, settings] = await Promise.all([
    consumeQuota(quotas.address, now),
    checkQuota(quotas.email, now),
    findUnit(serialNumber),
    getSiteSettings(),
  ]);
  if (!firstLookup || serialNumber === null) throw new NotFoundError('errors.serialNotFound');
  let unit = firstLookup;
  for (let attempt = 1; ; attempt++) {
    try {
      return await issueReport(input, serialNumber, unit, settings.publicVerdicts, address, now);
    } catch (error) {
      if (!(error instanceof RangeChanged)) throw error;
      if (attempt >= maxRangeAttempts) throw new AbortedError('errors.serialRangeBusy');
      // The range was edited or deleted since the lookup: the unit is read again.
      const again = await findUnit(serialNumber);
      if (!again) throw new NotFoundError('errors.serialNotFound');
      unit = again;
    }
  }
}

/** The report of one looked-up unit: judged, rendered, stored, recorded (or withheld). */
async function issueReport(
  input: CreateReportRequestInput,
  serialNumber: string,
  { range, product }: { range: SerialRange; product: Product },
  publicVerdicts: readonly string[],
  address: string,
  now: Date,
): Promise<ReportRequestCreated> {
  const quotas = reportQuotas(address, input.email);
  const record = await readUnitRecord(serialNumber);
  const judgement = await judgeStoredUnit(record, product, range.bodyMaterial);
  const config = getConfig();
  const issuedAt = now.toISOString();
  const pdfExpiresAt = new Date(now.getTime() + config.REPORT_RETENTION_DAYS * dayMs).toISOString();
  // The product's printed texts in the report's language (its Chinese texts where given).
  const shown = productInLanguage(product, input.language);
  const { id: productId, name, temperatureMin, temperatureMax, fluid, connection } = shown;
  const request = {
    type: 'reportRequest' as const,
    requestedAt: issuedAt,
    serialNumber,
    productId,
    productName: name,
    email: input.email,
    emailLower: input.email.toLowerCase(),
    language: input.language,
    consentVersion: consentStatementVersion,
    consentedAt: issuedAt,
    clientAddress: address,
    statusAt: issuedAt,
    deliveryAttempts: 0,
    pdfExpiresAt,
    verdict: judgement.verdict,
    expiresAt: Math.ceil(new Date(pdfExpiresAt).getTime() / 1000),
  };

  if (product.planVersion !== null && !publicVerdicts.includes(judgement.verdict)) {
    await saveWithheldRequest({
      ...request,
      id: newRequestId(),
      reportNumber: null,
      status: 'withheld',
      statusReason: `verdict: ${judgement.verdict}`,
      pdfKey: null,
      fingerprint: null,
      verificationUrl: null,
    });
    countMetric('ReportsWithheld');
    throw new FailedPreconditionError('errors.reportWithheld', {
      // The message ends with its own full stop ("Please contact Example Valve Co.").
      provider: config.PROVIDER_NAME.replace(/\.+$/, ''),
    });
  }

  const baseUrl = await getAppUrl();
  const identityLink = await unitIdentityLink({ serial: serialNumber, gtin: range.gtin });
  const reportProduct = {
    name,
    temperatureMin,
    temperatureMax,
    fluid,
    connection,
    pressureFC: product.pressureFC,
    pressureWCB: product.pressureWCB,
    pressureSUS: product.pressureSUS,
    application: shown.application,
    applicationMedium: shown.applicationMedium,
    gtin: product.gtin,
  };
  const plan = judgement.plan;
  // The results the report shows (a void of one of them later marks the report).
  const resultIds = record.results
    .filter((result) => judgement.latest.includes(result))
    .map((result) => result.id);

  for (let attempt = 1; ; attempt++) {
    const id = newRequestId();
    const reportNumber = newReportNumber();
    const content: ReportContent = {
      reportNumber,
      issuedAt,
      language: input.language,
      serialNumber,
      productionDate: range.productionDate,
      product: reportProduct,
      bodyMaterial: range.bodyMaterial,
      pressureRating: ratingOf(product, range.bodyMaterial),
      results: judgement.latest.map(reportResult),
      tests: rowsInLanguage(judgement.rows, plan, input.language).map((row): ReportTestRow => ({
        ...row,
        result: row.result && reportResult(row.result),
      })),
      plan: plan
        ? {
            version: plan.version,
            approvedBy: { name: plan.approvedBy.name, role: plan.approvedBy.role },
            approvedAt: plan.approvedAt,
          }
        : null,
      verdict: judgement.verdict,
      verificationUrl: `${baseUrl}/search?verify=${reportNumber}`,
      identityLink,
    };
    const unsigned = await renderReportPdf(content, {
      providerName: config.PROVIDER_NAME,
      providerAddress: config.PROVIDER_ADDRESS,
      privacyPolicyUrl: config.PRIVACY_POLICY_URL,
    });
    const signer = getReportSigner();
    const { pdf, timestamped } = await signReportPdf(unsigned, signer, getTimestampAuthority());
    if (!timestamped) {
      // Still a valid report (PAdES B-B); the next request of the unit gets a timestamp.
      logger.warn('report issued without a timestamp', { reportNumber });
      countMetric('ReportsUntimestamped');
    }
    const fingerprint = createHash('sha256').update(pdf).digest('hex');
    const credentialUrl = `${baseUrl}${credentialPath(reportNumber)}`;
    const credential = await issueCredential(signer, {
      id: credentialUrl,
      issuer: { id: didWebOf(await credentialIssuerOrigin()), name: config.PROVIDER_NAME },
      report: content,
      testPlanId: plan
        ? `${baseUrl}/api/products/${productId}/test-plan?version=${plan.version}`
        : undefined,
      pdf: { url: `${baseUrl}${pdfPath(id)}`, sha256: fingerprint },
      results: resultsOfReport(content),
    });
    const key = pdfKey(id);
    // The PDF first: a failed transaction leaves at most an object nobody can name
    // (the bucket lifecycle removes it), never a record pointing at a missing PDF.
    await storePdf(key, pdf, reportNumber);

    const stored: ReportRequestRecord = {
      ...request,
      id,
      reportNumber,
      status: 'pending',
      statusReason: null,
      pdfKey: key,
      fingerprint,
      verificationUrl: content.verificationUrl,
    };
    try {
      await saveReportRequest(
        stored,
        {
          reportNumber,
          serialNumber,
          productName: name,
          issuedAt,
          language: input.language,
          fingerprint,
          pdfExpiresAt,
          verdict: judgement.verdict,
          signature: { timestamped },
          credential,
        },
        {
          range,
          report: {
            reportNumber,
            issuedAt,
            language: input.language,
            verdict: judgement.verdict,
            requestId: id,
            planVersion: plan?.version ?? null,
            resultIds,
            credential: true,
          },
        },
        quotas.email,
        now,
      );
    } catch (error) {
      if (error instanceof ReportNumberTaken && attempt < 3) continue;
      throw error;
    }
    countMetric('ReportRequests');
    return {
      ...content,
      id,
      email: input.email,
      pdfUrl: pdfPath(id),
      pdfExpiresAt,
      fingerprint,
      signature: { timestamped },
      credentialUrl,
    };
  }
}
