import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type {
  ReportRequestCreated,
  ReportTestResult,
  ReportVerification,
  SignatureCheck,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import type * as LightText from '../../../light/text';
import { showsVerdict } from '../report-rows';
import { ReportPreview } from './report-preview';
import { SignatureStatus } from './report-proof';
import { SignatureOutcome, signatureVerdict } from './signature-outcome';
import { VerifyNotices } from './verify-notices';

/**
 * The light pages take their language from the browser (storage, cookie), which a test
 * without a DOM lacks: here the page's texts are read in English.
 */
vi.mock('../../../light/text', async (importOriginal) => {
  const actual = await importOriginal<typeof LightText>();
  /** The page's texts as `createTexts` makes them, with `useText` fixed on English. */
  function createTexts(resources: LightText.PageResources) {
    const texts = actual.createTexts(resources);
    const t = (key: string, params?: LightText.TextParams) =>
      texts.translate('en', key as never, params);
    return { ...texts, useText: () => ({ language: 'en', setLanguage: () => {}, t }) };
  }
  return { ...actual, createTexts };
});

const draw = (node: ReactNode) => renderToStaticMarkup(node);

const result = (fields: Partial<ReportTestResult> = {}): ReportTestResult => ({
  testName: 'Shell test',
  result: 'pass',
  value: 38.2,
  unit: 'bar',
  testedAt: '2026-11-20T08:00:00.000Z',
  machineId: 'Bench 3',
  operator: null,
  planVersion: null,
  limit: null,
  enteredBy: null,
  ...fields,
});

const report = (fields: Partial<ReportRequestCreated> = {}): ReportRequestCreated => ({
  id: 'req-1',
  email: 'visitor@example.com',
  pdfUrl: '/api/report-requests/req-1/pdf',
  pdfExpiresAt: '2026-11-28T08:00:00.000Z',
  fingerprint: 'a'.repeat(64),
  reportNumber: 'TR-7K3MQ-9X2HB',
  issuedAt: '2026-11-21T08:00:00.000Z',
  language: 'en',
  serialNumber: 'GV-2026-000123',
  productionDate: '2026-06-01',
  product: {
    name: 'Gate valve',
    temperatureMin: -29,
    temperatureMax: 425,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: null,
    pressureWCB: 25,
    pressureSUS: null,
    application: null,
    applicationMedium: null,
    gtin: null,
  },
  bodyMaterial: null,
  pressureRating: null,
  results: [],
  tests: [],
  plan: null,
  verdict: 'untested',
  verificationUrl: 'https://app.example/search?verify=TR-7K3MQ-9X2HB',
  signature: { timestamped: true },
  credentialUrl: 'https://app.example/api/report-requests/verify/TR-7K3MQ-9X2HB/credential',
  ...fields,
});

describe('the verdict banner', () => {
  const plan = {
    version: 1,
    approvedBy: { name: 'Chen', role: 'staff' },
    approvedAt: '2026-11-01T00:00:00.000Z',
  };

  it('is shown with a plan or with results, and not for a unit of a product without a plan and without results', () => {
    expect(showsVerdict({ plan: null, results: [] })).toBe(false);
    expect(showsVerdict({ plan: null, results: [result()] })).toBe(true);
    expect(showsVerdict({ plan, results: [] })).toBe(true);
  });

  it('is left out of the preview when there is no verdict to state', () => {
    const bare = draw(<ReportPreview report={report()} />);
    expect(bare).toContain('data-testid="report-preview"');
    expect(bare).not.toContain('data-testid="report-verdict"');
    expect(bare).toContain('data-testid="report-no-results"');

    const tested = draw(
      <ReportPreview report={report({ results: [result()], verdict: 'pass' })} />,
    );
    expect(tested).toContain('data-testid="report-verdict"');
    expect(tested).toContain('data-verdict="pass"');

    const planned = draw(<ReportPreview report={report({ plan, verdict: 'untested' })} />);
    expect(planned).toContain('data-verdict="untested"');
  });
});

describe('the preview in the report’s language', () => {
  const plan = (name: string, role = 'admin') => ({
    version: 2,
    approvedBy: { name, role },
    approvedAt: '2026-11-01T00:00:00.000Z',
  });

  it('shows a test by its name in the report’s language, the key otherwise', () => {
    const html = draw(
      <ReportPreview
        report={report({
          plan: plan('Chen'),
          verdict: 'pass',
          tests: [
            {
              testName: 'Shell test (WCB)',
              displayName: '殼體試驗（WCB）',
              method: 'API 598 殼體試驗',
              limit: null,
              required: true,
              result: result({ testName: 'Shell test (WCB)' }),
            },
            {
              testName: 'Torque',
              method: null,
              limit: null,
              required: true,
              result: result({ testName: 'Torque' }),
            },
          ],
        })}
      />,
    );
    expect(html).toContain('殼體試驗（WCB）');
    expect(html).not.toContain('Shell test (WCB)');
    expect(html).toContain('API 598 殼體試驗');
    expect(html).toContain('Torque');
  });

  it('names the approver with their role, or the role alone when the name is only its word', () => {
    expect(draw(<ReportPreview report={report({ plan: plan('Mei Lin') })} />)).toContain(
      'approved by Mei Lin (Administrator)',
    );
    for (const name of ['', 'admin', 'Administrator', '管理員']) {
      const html = draw(<ReportPreview report={report({ plan: plan(name) })} />);
      expect(html, name).toContain('approved by Administrator on');
      expect(html, name).not.toContain('(Administrator)');
    }
  });
});

describe('the preview’s facts and tests', () => {
  it('name the unit’s body material with its rating, and nothing when not recorded', () => {
    const rated = draw(
      <ReportPreview report={report({ bodyMaterial: 'WCB', pressureRating: 25 })} />,
    );
    expect(rated).toContain('Body material');
    expect(rated).toContain('WCB (cast steel), rated 25 bar');
    const unrated = draw(
      <ReportPreview report={report({ bodyMaterial: 'SUS', pressureRating: null })} />,
    );
    expect(unrated).toContain('SUS (stainless steel)');
    expect(unrated).not.toContain('rated');
    expect(draw(<ReportPreview report={report()} />)).not.toContain(
      'data-testid="report-material"',
    );
  });

  it('say who entered an uploaded result for which bench, and name the bench of a sent one', () => {
    const html = draw(
      <ReportPreview
        report={report({
          verdict: 'pass',
          results: [
            result({ testName: 'Seat test', enteredBy: 'Lin', machineId: 'Bench 1' }),
            result({ testName: 'Shell test', machineId: 'Bench 3' }),
          ],
        })}
      />,
    );
    expect(html).toContain('entered by Lin for Bench 1');
    expect(html).toContain('Machine: Bench 3');
    expect(html).not.toContain('Machine: Bench 1');
  });
});

describe('the preview on a phone', () => {
  const plan = {
    version: 2,
    approvedBy: { name: 'Chen', role: 'staff' },
    approvedAt: '2026-11-01T00:00:00.000Z',
  };
  const planned = report({
    plan,
    verdict: 'fail',
    bodyMaterial: 'WCB',
    pressureRating: 25,
    results: [result({ result: 'fail', value: 30 })],
    tests: [
      {
        testName: 'Shell test',
        method: 'API 598',
        limit: { lower: 37.5, upper: null, unit: 'bar' },
        required: true,
        result: result({ result: 'fail', value: 30 }),
      },
      {
        testName: 'Seat test',
        method: 'API 598',
        limit: { lower: 27.5, upper: null, unit: 'bar' },
        required: true,
        result: null,
      },
    ],
  });
  /** The cells named `cell` (data-cell) of the markup, each as its inner HTML. */
  const cells = (html: string, cell: string) =>
    [...html.matchAll(new RegExp(`<td[^>]*data-cell="${cell}"[^>]*>(.*?)</td>`, 'g'))].map(
      (match) => match[1] ?? '',
    );

  it('gives every cell of a test its label, which the card form shows instead of the header row', () => {
    const html = draw(<ReportPreview report={planned} />);
    for (const [cell, label] of [
      ['limit', 'Limit'],
      ['value', 'Measured value'],
      ['result', 'Result'],
      ['tested', 'Tested at'],
    ] as const) {
      const found = cells(html, cell);
      expect(found, cell).toHaveLength(2);
      for (const inner of found) {
        expect(inner, cell).toMatch(
          new RegExp(`^<span class="report-table__label">${label}</span>`),
        );
      }
    }
    expect(html.match(/<th scope="row"[^>]*data-cell="test"/g)).toHaveLength(2);
    expect(cells(html, 'value')[0]).toContain('30 bar');
    expect(cells(html, 'limit')[1]).toContain('≥ 27.5 bar');
  });

  it('puts the verdict and the unit (serial, product, material) first, the mail’s note after them', () => {
    const html = draw(<ReportPreview report={planned} />);
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    const verdict = at('data-testid="report-verdict"');
    const serial = at('GV-2026-000123');
    const material = at('data-testid="report-material"');
    expect(verdict).toBeLessThan(serial);
    expect(serial).toBeLessThan(at('Production date'));
    expect(material).toBeLessThan(at('Issue date'));
    expect(material).toBeLessThan(at('data-testid="report-sent-note"'));
    expect(at('data-testid="report-pdf-link"')).toBeLessThan(verdict);
  });
});

describe('the verification’s notices', () => {
  const verified = (fields: Partial<ReportVerification> = {}): ReportVerification => ({
    reportNumber: 'TR-7K3MQ-9X2HB',
    serialNumber: 'GV-2026-000123',
    productName: 'Gate valve',
    issuedAt: '2026-11-21T08:00:00.000Z',
    language: 'en',
    fingerprint: 'a'.repeat(64),
    newerResultsSince: null,
    voidedSince: null,
    verdict: 'pass',
    laterVerdict: null,
    signature: { timestamped: true },
    standing: 'current',
    credentialUrl: null,
    ...fields,
  });
  const requestLink = 'href="/search?serial=GV-2026-000123"';

  it('say a report nothing happened to since is current, with no way to a new report', () => {
    const html = draw(<VerifyNotices report={verified()} />);
    expect(html).toContain('data-testid="verify-current"');
    expect(html).toContain('Current: this is the latest report of this unit.');
    expect(html).not.toContain(requestLink);
    expect(html).not.toContain('verify-superseded');
    expect(html).not.toContain('verify-voided');
  });

  it('say a result of the report was voided, with the way to a new report', () => {
    const html = draw(
      <VerifyNotices
        report={verified({ standing: 'voided', voidedSince: '2026-11-22T09:14:00.000Z' })}
      />,
    );
    expect(html).toContain('data-testid="verify-voided"');
    expect(html).toMatch(/A result in this report was voided on .*2026.*: request a new report/);
    expect(html).toContain(requestLink);
    expect(html).toContain('Request a new report');
    expect(html).not.toContain('verify-superseded');
    expect(html).not.toContain('verify-later-verdict');
    expect(html).not.toContain('verify-current');
    // The standing is said once: by the dated notice, not by a second one without the date.
    expect(html.match(/data-testid="verify-voided"/g)).toHaveLength(1);
    expect(html).not.toContain('Voided: a result in this report has since been voided.');
    expect(html).toContain('data-standing="voided"');
  });

  it('say the standing by itself when the answer has no date for it', () => {
    const superseded = draw(<VerifyNotices report={verified({ standing: 'superseded' })} />);
    expect(superseded).toContain('data-testid="verify-superseded"');
    expect(superseded).toContain('Superseded: newer results have reached this unit');
    expect(superseded).toContain(requestLink);
    const voided = draw(<VerifyNotices report={verified({ standing: 'voided' })} />);
    expect(voided).toContain('data-testid="verify-voided"');
    expect(voided).toContain('Voided: a result in this report has since been voided.');
    expect(voided).not.toContain('verify-superseded');
  });

  it('name a later report with another verdict, its number, date and verdict', () => {
    const html = draw(
      <VerifyNotices
        report={verified({
          standing: 'superseded',
          laterVerdict: {
            reportNumber: 'TR-AAAAA-BBBBB',
            issuedAt: '2026-11-23T10:00:00.000Z',
            verdict: 'fail',
          },
        })}
      />,
    );
    expect(html).toContain('data-testid="verify-later-verdict"');
    expect(html).toMatch(/A later report of this unit \(TR-AAAAA-BBBBB, .*2026.*\) states FAIL/);
    expect(html).toContain(requestLink);
    // The later report says the unit moved on: no second notice saying it was superseded.
    expect(html).not.toContain('verify-superseded');
  });

  it('keep the newer results notice, and show each notice that applies', () => {
    const html = draw(
      <VerifyNotices
        report={verified({
          standing: 'voided',
          newerResultsSince: '2026-11-22T08:00:00.000Z',
          voidedSince: '2026-11-22T09:14:00.000Z',
        })}
      />,
    );
    expect(html).toContain('data-testid="verify-superseded"');
    expect(html).toContain('data-testid="verify-request-new"');
    expect(html).toContain('A newer result exists for this unit since');
    expect(html).toContain('data-testid="verify-voided"');
  });
});

describe('the preview’s signature and credential', () => {
  it('says the PDF is signed and timestamped, and offers the credential as <number>.jwt', () => {
    const html = draw(<ReportPreview report={report()} />);
    expect(html).toContain('data-testid="report-signature"');
    expect(html).toContain('data-timestamped="true"');
    expect(html).toContain('digital signature with a trusted timestamp');
    expect(html).not.toContain('request the report again later');
    expect(html).toMatch(
      /href="https:\/\/app\.example\/api\/report-requests\/verify\/TR-7K3MQ-9X2HB\/credential"[^>]*download="TR-7K3MQ-9X2HB\.jwt"|download="TR-7K3MQ-9X2HB\.jwt"[^>]*href="https:\/\/app\.example\/api\/report-requests\/verify\/TR-7K3MQ-9X2HB\/credential"/,
    );
    expect(html).toContain('Download conformity credential');
    expect(html).toContain('W3C verifiable credential');
  });

  it('says when the PDF was signed without a timestamp, and how to get a timestamped copy', () => {
    const html = draw(<ReportPreview report={report({ signature: { timestamped: false } })} />);
    expect(html).toContain('data-timestamped="false"');
    expect(html).toContain('signed without a trusted timestamp');
    expect(html).toContain('request the report again later for a timestamped copy');
  });
});

describe('the verification’s signature line', () => {
  it('tells signed and timestamped, signed without a timestamp, and issued before signing apart', () => {
    const timestamped = draw(<SignatureStatus signature={{ timestamped: true }} />);
    expect(timestamped).toContain('data-signature="timestamped"');
    expect(timestamped).toContain('Signed by the provider, with a trusted timestamp');
    const untimed = draw(<SignatureStatus signature={{ timestamped: false }} />);
    expect(untimed).toContain('data-signature="signed"');
    expect(untimed).toContain('without a trusted timestamp');
    const older = draw(<SignatureStatus signature={null} />);
    expect(older).toContain('data-signature="none"');
    expect(older).toContain('Issued before reports were signed');
  });
});

describe('the signature check’s outcome', () => {
  const checked = (fields: Partial<SignatureCheck> = {}): SignatureCheck => ({
    signed: true,
    valid: true,
    wholeDocument: true,
    trusted: true,
    signer: { commonName: 'Test report signing', organization: 'Example Valves Ltd' },
    signedAt: '2026-11-21T08:00:01.000Z',
    timestamped: true,
    ...fields,
  });
  const unsigned = checked({
    signed: false,
    valid: false,
    wholeDocument: false,
    trusted: false,
    signer: null,
    signedAt: null,
    timestamped: false,
  });
  const alertType = (html: string) => /awsui_type-(success|error|info|warning)/.exec(html)?.[1];

  it('names the first point that fails', () => {
    expect(signatureVerdict(checked())).toBe('valid');
    expect(signatureVerdict(checked({ valid: false, wholeDocument: false }))).toBe('invalid');
    expect(signatureVerdict(checked({ wholeDocument: false }))).toBe('partial');
    expect(signatureVerdict(checked({ trusted: false }))).toBe('untrusted');
    expect(signatureVerdict(unsigned)).toBe('unsigned');
  });

  it('shows a valid signature: unchanged, whole, this product’s, signer and trusted time', () => {
    const html = draw(<SignatureOutcome check={checked()} reportSigned />);
    expect(html).toContain('data-verdict="valid"');
    expect(alertType(html)).toBe('success');
    expect(html).toContain('Valid signature: this file is unchanged since the provider signed it.');
    expect(html).toContain('The signed content is unchanged.');
    expect(html).toContain('The signature covers the whole file.');
    expect(html).toContain('Signed with this Test Report Center’s certificate.');
    expect(html).toContain('Signed by: Test report signing, Example Valves Ltd');
    expect(html).toMatch(/Signed on .*2026.*, a time confirmed by a trusted timestamp authority\./);
    expect(html).not.toContain('data-met="false"');
  });

  it('shows a changed file as an invalid signature, in error style', () => {
    const html = draw(
      <SignatureOutcome check={checked({ valid: false, trusted: false })} reportSigned />,
    );
    expect(html).toContain('data-verdict="invalid"');
    expect(alertType(html)).toBe('error');
    expect(html).toContain('Invalid signature: this file was changed after it was signed.');
    expect(html).toContain('The signed content has been changed.');
    // A broken signature establishes no certificate: nothing is said of it either way.
    expect(html).not.toContain('verify-signature-trusted');
  });

  it('shows a signature by another certificate as untrusted, in error style', () => {
    const html = draw(
      <SignatureOutcome
        check={checked({
          trusted: false,
          signer: { commonName: 'Someone', organization: null },
          signedAt: null,
          timestamped: false,
        })}
        reportSigned
      />,
    );
    expect(html).toContain('data-verdict="untrusted"');
    expect(alertType(html)).toBe('error');
    expect(html).toContain('Not signed with this Test Report Center’s certificate.');
    expect(html).toContain('Signed by: Someone<');
    const sameName = draw(
      <SignatureOutcome
        check={checked({
          signer: { commonName: 'Example Valves', organization: 'Example Valves' },
        })}
        reportSigned
      />,
    );
    expect(sameName).toContain('Signed by: Example Valves<');
    expect(html).toContain('No trusted timestamp: the time of signing is not proven.');
  });

  it('shows content added after signing as a signature that does not cover the whole file', () => {
    const html = draw(<SignatureOutcome check={checked({ wholeDocument: false })} reportSigned />);
    expect(html).toContain('data-verdict="partial"');
    expect(alertType(html)).toBe('error');
    expect(html).toContain('The signature does not cover the whole file.');
  });

  it('shows a file without a signature as an error for a signed report, as expected for an older one', () => {
    const signedReport = draw(<SignatureOutcome check={unsigned} reportSigned />);
    expect(signedReport).toContain('data-verdict="unsigned"');
    expect(alertType(signedReport)).toBe('error');
    expect(signedReport).toContain('This file carries no digital signature.');
    expect(signedReport).toContain('this file is not the report as it was issued');
    expect(signedReport).not.toContain('verify-signature-signer');
    const olderReport = draw(<SignatureOutcome check={unsigned} reportSigned={false} />);
    expect(alertType(olderReport)).toBe('info');
    expect(olderReport).toContain('issued before reports were signed');
  });
});
