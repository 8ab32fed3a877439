import { Ajv2020 } from 'ajv/dist/2020';
import fc from 'fast-check';
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildConformityCredential,
  conformanceOf,
  resultsOfReport,
  untpDccContext,
  type ConformityCredential,
  type ConformityCredentialInput,
} from '../../lambdas/report-requests/credential/conformity-credential';
import dccSchema from '../../lambdas/report-requests/credential/dcc-schema.json';
import {
  didDocument,
  didWebOf,
  publicJwkFromCertificate,
  verificationMethodId,
} from '../../lambdas/report-requests/credential/did-document';
import {
  securedCredential,
  vcJwtMediaType,
} from '../../lambdas/report-requests/credential/vc-jose';
import { message } from '../../lambdas/shared/contract/messages';
import {
  reportLanguages,
  reportVerdicts,
  type ReportContent,
  type ReportTestResult,
} from '../../lambdas/shared/contract/schemas/report-request';
import { ecTestSigner, type EcTestSigner } from '../support/ec-test-signer';

const origin = 'https://report.example.com';
const reportNumber = 'TR-7K3MQ-9X2HB';
const sha256 = 'c0ffee'.padEnd(64, '0');

const shell: ReportTestResult = {
  testName: 'Shell hydrostatic test',
  result: 'pass',
  value: 37.8,
  unit: 'bar',
  testedAt: '2026-11-20T02:10:00.000Z',
  machineId: 'BENCH-07',
};

function input(
  overrides: Partial<ConformityCredentialInput['report']> = {},
): ConformityCredentialInput {
  return {
    id: `${origin}/api/report-requests/verify/${reportNumber}/credential`,
    issuer: { id: didWebOf(origin), name: 'Acme Valve Manufacturing Co., Ltd.' },
    report: {
      reportNumber,
      issuedAt: '2026-11-26T08:15:30.123Z',
      language: 'en',
      serialNumber: 'AV-2024-000123',
      verdict: 'pass',
      verificationUrl: `${origin}/search?verify=${reportNumber}`,
      identityLink: `${origin}/01/09506000134352/21/AV-2024-000123`,
      product: { name: 'Gate valve DN50' },
      plan: { version: 2, approvedAt: '2026-03-04T09:00:00.000Z' },
      ...overrides,
    },
    testPlanId: `${origin}/api/products/gate-dn50/test-plan?version=2`,
    pdf: { url: `${origin}/api/report-requests/0123456789abcdef/pdf`, sha256 },
    results: [
      { name: shell.testName, value: shell.value, unit: shell.unit, result: 'pass' },
      { name: 'Seat leakage', value: 0, unit: 'bubbles/min', result: 'pass' },
      { name: 'Visual inspection', value: null, unit: null, result: 'pass' },
      { name: 'Torque', value: 12, unit: null, result: 'fail' },
    ],
  };
}

// strictTuples off: contexts after the two the schema fixes are allowed (VC 2.0 lets issuers add them).
const ajv = new Ajv2020({ allErrors: true, strictTuples: false });
const validate = ajv.compile(dccSchema);
const schemaErrors = (credential: unknown) =>
  validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A copy of `value` with the member at `path` set to `to`, or removed when `to` is undefined. */
function changed(value: object, path: (string | number)[], to: Json | undefined): Json {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (to === undefined) delete node[last];
  else node[last] = to;
  return copy;
}

const assessmentOf = (credential: ConformityCredential) =>
  credential.credentialSubject.assessment[0];

describe('the conformity credential of a report', () => {
  const cases = reportVerdicts.flatMap((verdict) =>
    [true, false].flatMap((withPlan) =>
      [true, false].flatMap((withLink) =>
        reportLanguages.map((language) => ({ verdict, withPlan, withLink, language })),
      ),
    ),
  );

  it.each(cases)(
    'validates against the DCC schema: $verdict, plan $withPlan, link $withLink, $language',
    ({ verdict, withPlan, withLink, language }) => {
      const credential = buildConformityCredential(
        input({
          verdict,
          language,
          plan: withPlan ? { version: 2, approvedAt: '2026-03-04T09:00:00.000Z' } : null,
          identityLink: withLink ? `${origin}/id/AV-2024-000123` : undefined,
        }),
      );
      expect(schemaErrors(credential)).toEqual([]);
      // Plain JSON: what is signed is what a verifier reads back.
      expect(JSON.parse(JSON.stringify(credential))).toEqual(credential);
    },
  );

  it('is a VC 2.0 Digital Conformity Credential from the report host, valid from the issue', () => {
    const credential = buildConformityCredential(input());
    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', untpDccContext],
      type: ['DigitalConformityCredential', 'VerifiableCredential'],
      id: `${origin}/api/report-requests/verify/${reportNumber}/credential`,
      issuer: {
        type: ['CredentialIssuer'],
        id: 'did:web:report.example.com',
        name: 'Acme Valve Manufacturing Co., Ltd.',
      },
      validFrom: '2026-11-26T08:15:30.123Z',
      name: { '@value': `Test Report ${reportNumber}`, '@language': 'en' },
    });
    expect(untpDccContext).toBe('https://test.uncefact.org/vocabulary/untp/dcc/0.6.1/');
  });

  it("attests testing by the provider of its own unit, with the report's number and address", () => {
    const subject = buildConformityCredential(input()).credentialSubject;
    expect(subject).toMatchObject({
      type: ['ConformityAttestation', 'Attestation'],
      id: `${origin}/search?verify=${reportNumber}`,
      name: `Test Report ${reportNumber}`,
      assessorLevel: 'Self',
      assessmentLevel: 'Unspecified',
      attestationType: 'testing',
      issuedToParty: {
        id: 'did:web:report.example.com',
        name: 'Acme Valve Manufacturing Co., Ltd.',
      },
    });
    expect(subject.description).toContain(reportNumber);
  });

  it('links the PDF with its SHA-256', () => {
    const { conformityCertificate } = buildConformityCredential(input()).credentialSubject;
    expect(conformityCertificate).toEqual({
      linkURL: `${origin}/api/report-requests/0123456789abcdef/pdf`,
      linkName: `Test Report ${reportNumber} (PDF)`,
      linkType: 'https://ref.gs1.org/voc/certificationInfo',
      hashDigest: sha256,
      hashMethod: 'SHA-256',
    });
  });

  it('identifies the unit by its identification link and serial, else by its page', () => {
    const product = (link: string | undefined) =>
      assessmentOf(buildConformityCredential(input({ identityLink: link }))).assessedProduct[0]
        .product;
    expect(product(`${origin}/01/09506000134352/21/AV-2024-000123`)).toEqual({
      id: `${origin}/01/09506000134352/21/AV-2024-000123`,
      name: 'Gate valve DN50',
      serialNumber: 'AV-2024-000123',
    });
    expect(product(undefined).id).toBe(`${origin}/search?serial=AV-2024-000123`);
  });

  it('points its criterion at the plan version it was judged by; none without a plan', () => {
    const planned = assessmentOf(buildConformityCredential(input()));
    expect(planned.assessmentCriteria).toEqual([
      {
        type: ['Criterion'],
        id: `${origin}/api/products/gate-dn50/test-plan?version=2`,
        name: 'Gate valve DN50: test plan version 2',
        description: expect.stringContaining('2026-03-04') as string,
        conformityTopic: 'social.safety',
        status: 'active',
      },
    ]);
    expect(planned.description).not.toContain(message('credential.noPlan'));

    const unplanned = assessmentOf(buildConformityCredential(input({ plan: null })));
    expect(unplanned).not.toHaveProperty('assessmentCriteria');
    expect(unplanned.description).toContain(message('credential.noPlan'));
    expect(() => buildConformityCredential({ ...input(), testPlanId: undefined })).toThrow(
      /testPlanId/,
    );
  });

  it('claims conformance for a pass only, and says the verdict in words', () => {
    expect(reportVerdicts.map((verdict) => [verdict, conformanceOf(verdict)])).toEqual([
      ['pass', true],
      ['fail', false],
      ['incomplete', false],
      ['untested', false],
    ]);
    for (const verdict of reportVerdicts) {
      const assessment = assessmentOf(buildConformityCredential(input({ verdict })));
      expect(assessment.conformance).toBe(verdict === 'pass');
      expect(assessment.conformityTopic).toBe('social.safety');
      expect(assessment.description).toContain(message(`credential.verdicts.${verdict}`));
      expect(assessment.description).toContain(message(`report.verdicts.${verdict}`));
      expect(assessment.assessmentDate).toBe('2026-11-26');
    }
  });

  it('declares measured values with UN/ECE unit codes, and the outcome as their score', () => {
    expect(assessmentOf(buildConformityCredential(input())).declaredValue).toEqual([
      { metricName: shell.testName, metricValue: { value: 37.8, unit: 'BAR' }, score: 'Pass' },
      { metricName: 'Seat leakage', metricValue: { value: 0, unit: 'bubbles/min' }, score: 'Pass' },
      { metricName: 'Torque', metricValue: { value: 12, unit: 'C62' }, score: 'Fail' },
    ]);
    const none = buildConformityCredential({ ...input(), results: undefined });
    expect(assessmentOf(none)).not.toHaveProperty('declaredValue');
  });

  it("writes its texts in the report's language", () => {
    const credential = buildConformityCredential({
      ...input({ language: 'zh', product: { name: '閘閥 DN50' } }),
      results: [{ name: '殼體水壓測試', value: 37.8, unit: 'bar', result: 'pass' }],
    });
    const assessment = assessmentOf(credential);
    expect(credential.name).toEqual({ '@value': `測試報告 ${reportNumber}`, '@language': 'zh-TW' });
    expect(credential.credentialSubject.name).toBe(`測試報告 ${reportNumber}`);
    expect(assessment.name).toBe('閘閥 DN50，序號 AV-2024-000123');
    expect(assessment.assessmentCriteria?.[0]?.name).toBe('閘閥 DN50：測試計畫第 2 版');
    expect(assessment.description).toBe(message('credential.verdicts.pass', {}, 'zh'));
    expect(assessment.declaredValue?.[0]).toMatchObject({
      metricName: '殼體水壓測試',
      score: '合格',
    });
  });

  it('takes the results as the report shows them', () => {
    const withPlan: Pick<ReportContent, 'tests' | 'results'> = {
      results: [shell],
      tests: [
        {
          testName: shell.testName,
          displayName: '殼體水壓測試',
          method: null,
          limit: null,
          required: true,
          result: shell,
        },
        { testName: 'Seat leakage', method: null, limit: null, required: true, result: null },
      ],
    };
    expect(resultsOfReport(withPlan)).toEqual([
      { name: '殼體水壓測試', value: 37.8, unit: 'bar', result: 'pass' },
    ]);
    expect(resultsOfReport({ results: [shell], tests: [] })).toEqual([
      { name: shell.testName, value: 37.8, unit: 'bar', result: 'pass' },
    ]);
  });

  it('fails the schema when a rule it restates is broken', () => {
    const good = buildConformityCredential(input());
    const subject = ['credentialSubject'];
    const assessment = [...subject, 'assessment', 0];
    const certificate = [...subject, 'conformityCertificate'];
    const brokenBy: [path: (string | number)[], value: Json | undefined][] = [
      [['@context'], [untpDccContext, 'https://www.w3.org/ns/credentials/v2']],
      [['type'], ['VerifiableCredential']],
      [['issuer', 'id'], origin],
      [['issuer', 'extra'], 1],
      [['validFrom'], '2026-11-26'],
      [[...subject, 'issuedToParty'], undefined],
      [[...subject, 'attestationType'], 'test'],
      [[...assessment, 'conformance'], undefined],
      [[...assessment, 'conformance'], null],
      [[...assessment, 'conformityTopic'], 'safety'],
      [[...assessment, 'assessmentCriteria', 0, 'extra'], 1],
      [[...assessment, 'assessedProduct', 0, 'product', 'id'], 'AV-2024-000123'],
      [[...certificate, 'mediaType'], 'application/pdf'],
      [[...certificate, 'hashDigest'], 'C0FFEE'],
    ];
    expect(schemaErrors(good)).toEqual([]);
    for (const [path, value] of brokenBy) {
      expect(schemaErrors(changed(good, path, value)), path.join('.')).not.toEqual([]);
    }
  });
});

describe('the credential secured as VC-JOSE', () => {
  let signer: EcTestSigner;
  let jws: string;
  let credential: ConformityCredential;
  let kid: string;
  beforeAll(async () => {
    signer = ecTestSigner();
    credential = buildConformityCredential(input());
    const [certificate] = await signer.certificates();
    kid = verificationMethodId(didWebOf(origin), publicJwkFromCertificate(certificate!));
    jws = await securedCredential(credential, signer, kid);
  });

  /** The key a verifier finds: the DID document's method that the header's kid names. */
  async function keyOf(token: string) {
    const document = didDocument(origin, publicJwkFromCertificate(signer.certificate));
    const method = document.verificationMethod.find(
      (candidate) => candidate.id === decodeProtectedHeader(token).kid,
    );
    if (!method) throw new Error('no verification method of that kid');
    expect(document.assertionMethod).toContain(method.id);
    return importJWK(method.publicKeyJwk, 'ES256');
  }

  it('has the header VC-JOSE-COSE asks for, and the credential itself as payload', async () => {
    expect(vcJwtMediaType).toBe('application/vc+jwt');
    expect(jws.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid });
    expect(kid).toMatch(/^did:web:report\.example\.com#[\w-]{43}$/);
    const { payload } = await compactVerify(jws, await keyOf(jws));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(credential);
  });

  it("verifies with jose against the key in did.json, which comes from the signer's certificate", async () => {
    const { protectedHeader } = await compactVerify(jws, await keyOf(jws), {
      algorithms: ['ES256'],
    });
    expect(protectedHeader.typ).toBe('vc+jwt');
  });

  it('fails to verify after any one character is changed', async () => {
    const key = await keyOf(jws);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const positions = [...jws].flatMap((char, index) => (char === '.' ? [] : [index]));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...positions),
        fc.integer({ min: 1, max: alphabet.length - 1 }),
        async (index, step) => {
          const replaced = alphabet[(alphabet.indexOf(jws[index]!) + step) % alphabet.length]!;
          const changed = jws.slice(0, index) + replaced + jws.slice(index + 1);
          // The last character of a segment may carry unused bits: a change there that
          // decodes to the same bytes is the same JWS.
          const segments = (token: string) =>
            token.split('.').map((part) => Buffer.from(part, 'base64url').toString('hex'));
          fc.pre(segments(changed).join('.') !== segments(jws).join('.'));
          await expect(compactVerify(changed, key)).rejects.toThrow();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('fails to verify with another key', async () => {
    const other = ecTestSigner();
    const otherKey = await importJWK(publicJwkFromCertificate(other.certificate), 'ES256');
    await expect(compactVerify(jws, otherKey)).rejects.toThrow(/signature verification failed/);
  });
});
