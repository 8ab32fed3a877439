import { describe, expect, it } from 'vitest';
import { newReportNumber, newRequestId } from '../../lambdas/report-requests/identifiers';
import { clientAddress } from '../../lambdas/shared/lookup-quota';
import { requestIdPattern } from '../../lambdas/shared/contract/schemas/params';
import { reportMail } from '../../lambdas/report-requests/mail-content';
import { isDeliveryRecord } from '../../lambdas/report-requests/mailer';
import { quotaWindow } from '../../lambdas/shared/quota';
import type { ReportRequestRecord } from '../../lambdas/report-requests/repository';
import {
  reportNumberPattern,
  reportVerdict,
} from '../../lambdas/shared/contract/schemas/report-request';

describe('report numbers and request ids', () => {
  it('draws report numbers in the documented format, without repeats', () => {
    const numbers = Array.from({ length: 2000 }, newReportNumber);
    for (const number of numbers) expect(number).toMatch(reportNumberPattern);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Every position takes many values: the numbers are not a sequence.
    for (const position of [3, 7, 9, 13]) {
      expect(new Set(numbers.map((number) => number[position])).size).toBeGreaterThan(20);
    }
  });

  it('draws 128-bit url-safe request ids', () => {
    const ids = Array.from({ length: 1000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(requestIdPattern);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('clientAddress', () => {
  it('prefers the viewer address CloudFront sets, without its port', () => {
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '10.0.0.1')).toBe(
      '198.51.100.10',
    );
    expect(clientAddress({ 'cloudfront-viewer-address': '2001:DB8::1:46532' }, '10.0.0.1')).toBe(
      '2001:db8::1',
    );
  });

  it('falls back to the source address and folds IPv4-mapped IPv6', () => {
    expect(clientAddress({}, '203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress({ 'cloudfront-viewer-address': '::ffff:127.0.0.9:5000' }, 'x')).toBe(
      '127.0.0.9',
    );
  });
});

describe('quotaWindow', () => {
  it('puts times in fixed windows that end where the next begins', () => {
    const window = quotaWindow(new Date('2026-11-21T10:17:31.000Z'), 10);
    expect(window.start).toBe('2026-11-21T10:10:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-21T10:20:00.000Z');
    expect(quotaWindow(new Date('2026-11-21T10:59:59.999Z'), 60).start).toBe(
      '2026-11-21T10:00:00.000Z',
    );
  });
});

describe('reportVerdict', () => {
  it('passes only when every latest result passed, and says when nothing was tested', () => {
    expect(reportVerdict([])).toBe('untested');
    expect(reportVerdict([{ result: 'pass' }, { result: 'pass' }])).toBe('pass');
    expect(reportVerdict([{ result: 'pass' }, { result: 'fail' }])).toBe('fail');
  });
});

describe('isDeliveryRecord', () => {
  const image = (status: string, type = 'reportRequest') => ({
    type: { S: type },
    status: { S: status },
  });
  it('takes new pending requests and requests set back to pending after an outcome', () => {
    expect(
      isDeliveryRecord({ eventName: 'INSERT', dynamodb: { NewImage: image('pending') } }),
    ).toBe(true);
    for (const before of ['sent', 'failed']) {
      expect(
        isDeliveryRecord({
          eventName: 'MODIFY',
          dynamodb: { OldImage: image(before), NewImage: image('pending') },
        }),
      ).toBe(true);
    }
  });

  it("ignores the mailer's own moves, other items and removals", () => {
    const cases = [
      { eventName: 'MODIFY', dynamodb: { OldImage: image('sending'), NewImage: image('pending') } },
      { eventName: 'MODIFY', dynamodb: { OldImage: image('pending'), NewImage: image('sending') } },
      { eventName: 'MODIFY', dynamodb: { OldImage: image('sending'), NewImage: image('sent') } },
      { eventName: 'INSERT', dynamodb: { NewImage: image('pending', 'product') } },
      { eventName: 'REMOVE', dynamodb: { OldImage: image('pending') } },
    ] as const;
    for (const record of cases)
      expect(isDeliveryRecord(record), JSON.stringify(record)).toBe(false);
  });
});

describe('reportMail', () => {
  const request = {
    id: 'abcdefghijklmnopqrstuv',
    reportNumber: 'TR-7K3MQ-9X2HB',
    serialNumber: 'AV-2026-000123',
    productName: 'Gate <Valve> & Co',
    language: 'en',
    pdfExpiresAt: '2026-12-21T10:00:00.000Z',
    verificationUrl: 'https://app.example.com/search?verify=TR-7K3MQ-9X2HB',
  } as ReportRequestRecord;

  it('writes the mail in the request language with the PDF link and the verification', () => {
    const mail = reportMail(request, 'https://app.example.com');
    expect(mail.subject).toBe('Test report TR-7K3MQ-9X2HB for serial number AV-2026-000123');
    expect(mail.attachmentName).toBe('TR-7K3MQ-9X2HB.pdf');
    expect(mail.html).toContain(
      'https://app.example.com/api/report-requests/abcdefghijklmnopqrstuv/pdf',
    );
    expect(mail.text).toContain('2026-12-21');
    expect(mail.text).toContain(request.verificationUrl);
    const zh = reportMail({ ...request, language: 'zh' }, 'https://app.example.com');
    expect(zh.subject).toBe('序號 AV-2026-000123 的測試報告 TR-7K3MQ-9X2HB');
    expect(zh.html).toContain('lang="zh-Hant-TW"');
  });

  it('never lets a product name become markup', () => {
    const mail = reportMail(request, 'https://app.example.com');
    expect(mail.html).toContain('Gate &lt;Valve&gt; &amp; Co');
    expect(mail.html).not.toContain('<Valve>');
  });
});
