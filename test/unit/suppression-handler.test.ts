import type { SNSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../lambdas/shared/keys';

// The table client, replaced: the handler's writes are recorded, or fail on demand.
const send = vi.fn();
vi.mock('../../lambdas/shared/aws/dynamodb', () => ({ getDocuments: () => ({ send }) }));

const { handler, suppressionsFrom } =
  await import('../../lambdas/report-requests/suppression-handler');

const now = new Date('2026-11-21T12:00:00.000Z');
const mail = {
  timestamp: '2026-11-21T11:59:00.000Z',
  source: 'reports@example.com',
  messageId: 'message-1',
  destination: ['visitor@example.com'],
};

/** A bounce as SES event publishing sends it to SNS. */
function bounce(bounceType: string, recipients: string[], bounceSubType = 'General') {
  return JSON.stringify({
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType,
      bouncedRecipients: recipients.map((emailAddress) => ({
        emailAddress,
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      })),
      timestamp: '2026-11-21T11:59:30.000Z',
      feedbackId: 'feedback-1',
      reportingMTA: 'dsn; mta.example.com',
    },
    mail,
  });
}

function complaint(recipients: string[], field: 'eventType' | 'notificationType' = 'eventType') {
  return JSON.stringify({
    [field]: 'Complaint',
    complaint: {
      complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
      timestamp: '2026-11-21T11:58:00.000Z',
      feedbackId: 'feedback-2',
      complaintFeedbackType: 'abuse',
    },
    mail,
  });
}

function snsEvent(...messages: string[]): SNSEvent {
  return {
    Records: messages.map((Message, index) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:feedback:sub',
      Sns: {
        Type: 'Notification',
        MessageId: `sns-${index}`,
        TopicArn: 'arn:aws:sns:us-east-1:123456789012:feedback',
        Subject: null,
        Message,
        Timestamp: now.toISOString(),
        SignatureVersion: '1',
        Signature: '',
        SigningCertUrl: '',
        UnsubscribeUrl: '',
        MessageAttributes: {},
      },
    })),
  } as unknown as SNSEvent;
}

describe('suppression entries from SES notifications', () => {
  it('suppresses every recipient of a permanent bounce, keyed by the lower-case address', () => {
    const items = suppressionsFrom(
      bounce('Permanent', ['Visitor@Example.com', '"Other" <other@example.com>'], 'NoEmail'),
      now,
    );
    expect(items).toEqual([
      {
        ...keys.suppressedRecipient('visitor@example.com'),
        type: 'suppressedRecipient',
        email: 'visitor@example.com',
        reason: 'bounce',
        bounceType: 'Permanent/NoEmail',
        at: '2026-11-21T11:59:30.000Z',
      },
      {
        ...keys.suppressedRecipient('other@example.com'),
        type: 'suppressedRecipient',
        email: 'other@example.com',
        reason: 'bounce',
        bounceType: 'Permanent/NoEmail',
        at: '2026-11-21T11:59:30.000Z',
      },
    ]);
  });

  it.each(['Transient', 'Undetermined'])('does not suppress a %s bounce', (bounceType) => {
    expect(suppressionsFrom(bounce(bounceType, ['visitor@example.com']), now)).toEqual([]);
  });

  it('suppresses complainers, from event publishing and from identity notifications', () => {
    for (const field of ['eventType', 'notificationType'] as const) {
      expect(suppressionsFrom(complaint(['visitor@example.com'], field), now)).toEqual([
        {
          ...keys.suppressedRecipient('visitor@example.com'),
          type: 'suppressedRecipient',
          email: 'visitor@example.com',
          reason: 'complaint',
          at: '2026-11-21T11:58:00.000Z',
        },
      ]);
    }
  });

  it('uses the time of arrival when SES sends no usable timestamp', () => {
    const message = JSON.parse(complaint(['visitor@example.com']));
    message.complaint.timestamp = 'yesterday-ish';
    expect(suppressionsFrom(JSON.stringify(message), now)[0]?.at).toBe(now.toISOString());
  });

  it('writes each address once and skips recipients that are not addresses', () => {
    const items = suppressionsFrom(
      bounce('Permanent', ['a@example.com', 'A@example.com', 'not an address', '']),
      now,
    );
    expect(items.map((item) => item.email)).toEqual(['a@example.com']);
  });

  it.each([
    ['not JSON', 'bounce!'],
    ['a JSON scalar', '42'],
    ['another event type', JSON.stringify({ eventType: 'Delivery', delivery: {}, mail })],
    [
      'a bounce without recipients',
      JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent' } }),
    ],
    [
      'a complaint with bad recipients',
      JSON.stringify({ eventType: 'Complaint', complaint: { complainedRecipients: 'x' } }),
    ],
  ])('yields nothing for %s', (_, message) => {
    expect(suppressionsFrom(message, now)).toEqual([]);
  });
});

describe('suppression handler', () => {
  beforeEach(() => {
    send.mockReset();
    process.env.TABLE_NAME = 'app-table';
    process.env.USER_POOL_ID = 'pool';
    process.env.USER_POOL_CLIENT_ID = 'client';
    process.env.REPORTS_BUCKET = 'reports';
    process.env.MAIL_FROM = 'reports@example.com';
    process.env.LOG_LEVEL = 'silent';
  });

  it('puts one item per suppressed recipient into the table, and nothing for the rest', async () => {
    send.mockResolvedValue({});
    await handler(
      snsEvent(
        bounce('Permanent', ['one@example.com']),
        bounce('Transient', ['two@example.com']),
        complaint(['three@example.com']),
      ),
    );
    const puts = send.mock.calls.map(([command]) => command.input);
    expect(puts).toEqual([
      {
        TableName: 'app-table',
        Item: expect.objectContaining({ email: 'one@example.com', reason: 'bounce' }),
      },
      {
        TableName: 'app-table',
        Item: expect.objectContaining({ email: 'three@example.com', reason: 'complaint' }),
      },
    ]);
    expect(puts[0].Item).toMatchObject(keys.suppressedRecipient('one@example.com'));
  });

  it('fails when a write fails, so Lambda retries the notification', async () => {
    send.mockRejectedValue(new Error('ProvisionedThroughputExceededException'));
    await expect(handler(snsEvent(complaint(['visitor@example.com'])))).rejects.toThrow(
      /ProvisionedThroughput/,
    );
  });
});
