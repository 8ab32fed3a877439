import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod';
import { keys } from '../shared/keys';
import { putItem } from '../shared/data/write';
import { logger } from '../shared/logger';

/**
 * SES bounce and complaint events (configuration set event publishing, `eventType`; the
 * identity notifications of older set-ups say `notificationType`) as far as suppression
 * needs them. Everything else in the message is ignored, so SES may add fields freely.
 */
const recipientSchema = z.object({ emailAddress: z.string() });
const sesFeedbackSchema = z.union([
  z.object({
    kind: z.literal('Bounce'),
    bounce: z.object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(recipientSchema),
      timestamp: z.string().optional(),
    }),
  }),
  z.object({
    kind: z.literal('Complaint'),
    complaint: z.object({
      complainedRecipients: z.array(recipientSchema),
      timestamp: z.string().optional(),
    }),
  }),
]);

/** An entry of the suppression list the mailer checks before sending. */
export interface SuppressedRecipientItem {
  pk: string;
  sk: string;
  type: 'suppressedRecipient';
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's bounce type and subtype, e.g. `Permanent/NoEmail`. */
  bounceType?: string;
  /** When SES reported it (ISO 8601). */
  at: string;
}

/** `"Name" <a@example.com>` or `a@example.com` → `a@example.com`; undefined if not an address. */
function addressOf(recipient: string): string | undefined {
  const address = (/<([^<>]+)>\s*$/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
  return z.email().safeParse(address).success ? address : undefined;
}

function isoTime(value: string | undefined, now: Date): string {
  const time = value ? new Date(value) : now;
  return Number.isNaN(time.getTime()) ? now.toISOString() : time.toISOString();
}

/**
 * The suppression entries one SNS message asks for: every recipient of a permanent bounce
 * or of a complaint. Transient and undetermined bounces (full mailbox, greylisting) are
 * not suppressed: the next mail may well arrive. Anything that is not such an event
 * yields nothing.
 */
export function suppressionsFrom(message: string, now = new Date()): SuppressedRecipientItem[] {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return [];
  }
  const envelope = z
    .object({ eventType: z.string().optional(), notificationType: z.string().optional() })
    .safeParse(json);
  if (!envelope.success) return [];
  const parsed = sesFeedbackSchema.safeParse({
    ...(json as object),
    kind: envelope.data.eventType ?? envelope.data.notificationType,
  });
  if (!parsed.success) return [];

  const feedback = parsed.data;
  let recipients: string[];
  let entry: Pick<SuppressedRecipientItem, 'reason' | 'bounceType' | 'at'>;
  if (feedback.kind === 'Bounce') {
    if (feedback.bounce.bounceType !== 'Permanent') return [];
    recipients = feedback.bounce.bouncedRecipients.map((r) => r.emailAddress);
    entry = {
      reason: 'bounce',
      bounceType: [feedback.bounce.bounceType, feedback.bounce.bounceSubType]
        .filter(Boolean)
        .join('/'),
      at: isoTime(feedback.bounce.timestamp, now),
    };
  } else {
    recipients = feedback.complaint.complainedRecipients.map((r) => r.emailAddress);
    entry = { reason: 'complaint', at: isoTime(feedback.complaint.timestamp, now) };
  }

  const addresses = [...new Set(recipients.map(addressOf).filter((a) => a !== undefined))];
  return addresses.map((email) => ({
    ...keys.suppressedRecipient(email),
    type: 'suppressedRecipient',
    email,
    ...entry,
  }));
}

/**
 * SNS subscriber of the configuration set's bounce and complaint topic: writes one
 * suppression entry per recipient (a repeat overwrites it, so redelivery is harmless).
 * A failed write throws, so Lambda retries the event.
 */
export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    const items = suppressionsFrom(record.Sns.Message);
    if (items.length === 0) {
      logger.info('SES notification needs no suppression', {
        messageId: record.Sns.MessageId,
      });
      continue;
    }
    await Promise.all(items.map((item) => putItem(item)));
    // The address itself stays out of the logs; the item holds it.
    logger.info('Recipients suppressed', {
      messageId: record.Sns.MessageId,
      reason: items[0]!.reason,
      count: items.length,
    });
  }
}
