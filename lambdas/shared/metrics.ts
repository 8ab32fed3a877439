import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { configuredLevel, logger, serviceName } from './logger';

/**
 * Business metrics as CloudWatch embedded metric format (EMF): Powertools Metrics prints
 * one JSON line per flush and Lambda's log pipeline turns it into metrics; no
 * `PutMetricData` call, no permission, nothing to wait for. docs/operations.md lists them.
 */

/** CloudWatch namespace of the application's own metrics (dimension `service`). */
export const metricsNamespace = 'TestReportCenter';

/**
 * - `ReportRequests`: report requests stored (a PDF made, a mail on its way).
 * - `MailsSent`: report mails SES accepted.
 * - `MailsFailed`: report mails given up for good (suppressed address, PDF gone, SES
 *   refusal); a mail that will be retried is not counted.
 * - `IngestRows`: test results stored by machine ingest and CSV upload (duplicates not).
 * - `ReportsWithheld`: report requests answered "not available yet" (the unit's verdict is
 *   not one the site settings give visitors).
 * - `ReportsUntimestamped`: reports issued signed without a trusted timestamp (PAdES B-B):
 *   the timestamp authority could not be reached (alarmed; docs/operations.md).
 */
export const metricNames = [
  'ReportRequests',
  'MailsSent',
  'MailsFailed',
  'IngestRows',
  'ReportsWithheld',
  'ReportsUntimestamped',
] as const;
export type MetricName = (typeof metricNames)[number];

/**
 * Whether flushed metrics are printed. In Lambda always (they are data, not chatter),
 * unless `LOG_LEVEL=silent`; elsewhere (the local stack, tests) only when `LOG_LEVEL`
 * admits `info` lines, so a stack started at `warn` prints none.
 */
function printsMetrics(): boolean {
  const level = configuredLevel();
  if (level === 'SILENT') return false;
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return true;
  return level === 'DEBUG' || level === 'INFO';
}

/**
 * Powertools Metrics, flushed at the end of every invocation (its `logMetrics` middy
 * middleware on the API, {@link flushMetrics} in the mailer). Most requests count no
 * metric: an empty flush prints nothing (Powertools would warn about it on every request),
 * and nothing is printed where {@link printsMetrics} says no.
 */
class ApplicationMetrics extends Metrics {
  override publishStoredMetrics(): this {
    if (!this.hasStoredMetrics()) return this;
    if (printsMetrics()) return super.publishStoredMetrics();
    this.clearMetrics();
    return this;
  }
}

export const metrics = new ApplicationMetrics({ namespace: metricsNamespace, serviceName, logger });

/** Adds `value` (a count) to a metric of the current invocation; {@link flushMetrics} sends it. */
export function countMetric(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/** Prints the metrics counted since the last flush (the mailer calls it per batch). */
export function flushMetrics(): void {
  metrics.publishStoredMetrics();
}
