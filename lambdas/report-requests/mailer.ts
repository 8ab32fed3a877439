import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
} from 'aws-lambda';
import { getAppUrl } from '../shared/app-url';
import { getSes } from '../shared/aws/ses';
import { getConfig } from '../shared/config';
import { isServiceUnreachable } from '../shared/errors';
import { logger, withLogKeys } from '../shared/logger';
import { countMetric, flushMetrics } from '../shared/metrics';
import { reportMail } from './mail-content';
import {
  isSuppressed,
  moveStatus,
  reportRequestRecordSchema,
  type ReportRequestRecord,
} from './repository';
import { readPdf } from './pdf-store';

type Image = Record<string, AttributeValue>;

/**
 * The stream records the mailer acts on: a new request, or one an admin set back to
 * `pending` after it was `sent` or `failed`. The same rule is the event source filter in
 * AWS (lib/constructs) and the local poller's; checking it here too means a record the
 * mailer itself moves (pending -> sending -> pending) never triggers it again.
 */
export function isDeliveryRecord(record: Pick<DynamoDBRecord, 'eventName' | 'dynamodb'>): boolean {
  const newImage = record.dynamodb?.NewImage as Image | undefined;
  if (newImage?.type?.S !== 'reportRequest' || newImage.status?.S !== 'pending') return false;
  if (record.eventName === 'INSERT') return true;
  const before = (record.dynamodb?.OldImage as Image | undefined)?.status?.S;
  return record.eventName === 'MODIFY' && (before === 'sent' || before === 'failed');
}

/** The SES failure means the mail was certainly not sent and a later attempt may work. */
function isRetryable(error: unknown): boolean {
  const name = (error as { name?: string }).name ?? '';
  return (
    isServiceUnreachable(error) ||
    name === 'TooManyRequestsException' ||
    name === 'LimitExceededException'
  );
}

type Outcome = 'sent' | 'failed' | 'skipped' | 'retry';

/**
 * Requests whose mail SES took but whose `sent` could not be recorded (the table was
 * unreachable right after the send), with the reason to record. The retry of the record
 * records it instead of sending again. In memory: a retry that lands in another container
 * finds the request `sending` (outcome unknown, resendable by an admin), never a second mail.
 */
const unrecordedSends = new Map<string, string | null>();

/** Claims whose write failed without an answer, by request: retried under the same id. */
const unansweredClaims = new Map<string, string>();

/**
 * Delivers one request's mail at most once: reads what the mail needs, claims it
 * (`pending` -> `sending`, a conditional write only one attempt wins), sends, then records
 * `sent` or `failed`. When SES certainly did not take the mail (unreachable, throttled),
 * the claim is released and the batch is retried. Reading before claiming means a
 * dependency that fails on the way leaves the request `pending`, with nothing to undo
 * (a release could itself fail and strand the request in `sending`).
 */
export async function deliver(request: ReportRequestRecord): Promise<Outcome> {
  if (unrecordedSends.has(request.id)) return recordSent(request.id);
  const suppressed = await isSuppressed(request.email);
  const pdf = suppressed || !request.pdfKey ? undefined : await readPdf(request.pdfKey);
  const appUrl = await getAppUrl();

  // The claim id is kept until the claim has an answer: retried after an outage, the same
  // claim succeeds again if its first write did reach the table.
  const claim = unansweredClaims.get(request.id) ?? randomUUID();
  unansweredClaims.set(request.id, claim);
  const claimed = await moveStatus(request.id, 'pending', 'sending', null, claim);
  unansweredClaims.delete(request.id);
  if (!claimed) return 'skipped';
  const fail = async (reason: string) => {
    await moveStatus(request.id, 'sending', 'failed', reason);
    logger.warn('report mail failed', { id: request.id, reason });
    countMetric('MailsFailed');
    return 'failed' as const;
  };
  if (suppressed) return fail('suppressed: the address bounced or complained');
  if (!pdf) return fail('pdf-missing: the report PDF is no longer stored');

  const mail = reportMail(request, appUrl);
  const config = getConfig();
  let messageId: string | undefined;
  try {
    const sent = await getSes().send(
      new SendEmailCommand({
        FromEmailAddress: config.MAIL_FROM,
        Destination: { ToAddresses: [request.email] },
        ConfigurationSetName: config.MAIL_CONFIGURATION_SET,
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Html: { Data: mail.html, Charset: 'UTF-8' },
              Text: { Data: mail.text, Charset: 'UTF-8' },
            },
            Attachments: [
              {
                FileName: mail.attachmentName,
                ContentType: 'application/pdf',
                ContentDisposition: 'ATTACHMENT',
                RawContent: pdf,
              },
            ],
          },
        },
      }),
    );
    messageId = sent.MessageId;
  } catch (error) {
    if (isRetryable(error)) {
      await moveStatus(request.id, 'sending', 'pending');
      throw error;
    }
    const name = (error as { name?: string }).name ?? 'Error';
    return fail(`${name}: ${(error as Error).message ?? ''}`.slice(0, 500));
  }
  // SES has the mail: from here on the claim is never released, so it is never sent twice.
  countMetric('MailsSent');
  unrecordedSends.set(request.id, messageId ? `message ${messageId}` : null);
  return recordSent(request.id);
}

/** Records a send SES accepted; when the table cannot be reached, the retry does it. */
async function recordSent(id: string): Promise<Outcome> {
  const moved = await moveStatus(id, 'sending', 'sent', unrecordedSends.get(id) ?? null);
  unrecordedSends.delete(id);
  return moved ? 'sent' : 'skipped';
}

/**
 * Table stream handler (in AWS the event source mapping, locally bin/local/stream-poller.ts).
 * Stops at the first record that must be retried and reports it, so the stream retries
 * from there; records already handled are skipped by their status on the retry.
 */
export function handler(
  event: DynamoDBStreamEvent,
  context?: Pick<Context, 'awsRequestId'>,
): Promise<DynamoDBBatchResponse> {
  // Log lines of one invocation share an id (Lambda's request id; locally a fresh one).
  const correlationId = context?.awsRequestId ?? randomUUID();
  return withLogKeys({ correlationId }, () => deliverAll(event).finally(flushMetrics));
}

async function deliverAll(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    if (!isDeliveryRecord(record)) continue;
    const request = reportRequestRecordSchema.parse(unmarshall(record.dynamodb!.NewImage as Image));
    try {
      await deliver(request);
    } catch (error) {
      logger.warn('report mail will be retried', { id: request.id, error: String(error) });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
    }
  }
  return { batchItemFailures: [] };
}
