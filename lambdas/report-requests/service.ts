import { createHash } from 'node:crypto';
import { getAppUrl } from '../shared/app-url';
import { unitIdentityLink } from '../shared/identity-link';
import { findLatestResults } from '../machine-data/repository';
import { getProduct, getTestPlan } from '../products/repository';
import { findRangeContaining } from '../serial-ranges/repository';
import { getConfig } from '../shared/config';
import {
  consentStatementVersion,
  planVerdict,
  reportRows,
  reportVerdict,
  type CreateReportRequestInput,
  type ReportContent,
  type ReportRequestCreated,
} from '../shared/contract/schemas/report-request';
import { normalizeSerial } from '../shared/contract/serial';
import { NotFoundError } from '../shared/errors';
import { countMetric } from '../shared/metrics';
import { newReportNumber, newRequestId } from './identifiers';
import { pdfPath } from './paths';
import { renderReportPdf } from './pdf/render';
import { checkQuota, consumeQuota, reportQuotas } from './rate-limit';
import { ReportNumberTaken, saveReportRequest, type ReportRequestRecord } from './repository';
import { pdfKey, storePdf } from './pdf-store';

const dayMs = 86_400_000;

/**
 * A visitor's report request: counts it against the client address's quota, finds the
 * unit's range (one Query), builds and stores the PDF, then records the request (the
 * mail outbox item) in one transaction. The mailer sends it from the record.
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
  const [, , unit, results] = await Promise.all([
    consumeQuota(quotas.address, now),
    checkQuota(quotas.email, now),
    (serialNumber === null ? Promise.resolve(undefined) : findRangeContaining(serialNumber)).then(
      async (range) => {
        const product = range && (await getProduct(range.productId));
        const plan = product?.planVersion
          ? await getTestPlan(product.id, product.planVersion)
          : undefined;
        return range && product && { range, product, plan };
      },
    ),
    serialNumber === null ? [] : findLatestResults(serialNumber),
  ]);
  if (!unit || serialNumber === null) throw new NotFoundError('errors.serialNotFound');
  const { range, product, plan } = unit;

  const config = getConfig();
  const baseUrl = await getAppUrl();
  const identityLink = await unitIdentityLink({ serial: serialNumber, gtin: range.gtin });
  const issuedAt = now.toISOString();
  const pdfExpiresAt = new Date(now.getTime() + config.REPORT_RETENTION_DAYS * dayMs).toISOString();
  const { id: productId, name, temperatureMin, temperatureMax, fluid, connection } = product;
  const reportProduct = {
    name,
    temperatureMin,
    temperatureMax,
    fluid,
    connection,
    pressureFC: product.pressureFC,
    pressureWCB: product.pressureWCB,
    pressureSUS: product.pressureSUS,
    application: product.application,
    applicationMedium: product.applicationMedium,
    gtin: product.gtin,
  };

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
      results,
      tests: plan ? reportRows(plan, results) : [],
      plan: plan
        ? {
            version: plan.version,
            approvedBy: { name: plan.approvedBy.name, role: plan.approvedBy.role },
            approvedAt: plan.approvedAt,
          }
        : null,
      verdict: plan ? planVerdict(plan, results) : reportVerdict(results),
      verificationUrl: `${baseUrl}/search?verify=${reportNumber}`,
      identityLink,
    };
    const pdf = await renderReportPdf(content, {
      providerName: config.PROVIDER_NAME,
      providerAddress: config.PROVIDER_ADDRESS,
      privacyPolicyUrl: config.PRIVACY_POLICY_URL,
    });
    const fingerprint = createHash('sha256').update(pdf).digest('hex');
    const key = pdfKey(id);
    // The PDF first: a failed transaction leaves at most an object nobody can name
    // (the bucket lifecycle removes it), never a record pointing at a missing PDF.
    await storePdf(key, pdf, reportNumber);

    const record: ReportRequestRecord = {
      type: 'reportRequest',
      id,
      reportNumber,
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
      status: 'pending',
      statusReason: null,
      statusAt: issuedAt,
      deliveryAttempts: 0,
      pdfKey: key,
      pdfExpiresAt,
      fingerprint,
      verificationUrl: content.verificationUrl,
      verdict: content.verdict,
      expiresAt: Math.ceil(new Date(pdfExpiresAt).getTime() / 1000),
    };
    try {
      await saveReportRequest(
        record,
        {
          reportNumber,
          serialNumber,
          productName: name,
          issuedAt,
          language: input.language,
          fingerprint,
          pdfExpiresAt,
        },
        quotas.email,
        now,
      );
    } catch (error) {
      if (error instanceof ReportNumberTaken && attempt < 3) continue;
      throw error;
    }
    countMetric('ReportRequests');
    return { ...content, id, email: input.email, pdfUrl: pdfPath(id), pdfExpiresAt, fingerprint };
  }
}
