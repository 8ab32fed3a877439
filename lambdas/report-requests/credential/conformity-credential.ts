import { type MessageKey, message } from '../../shared/contract/messages';
import type {
  ReportContent,
  ReportLanguage,
  ReportPlan,
  ReportProduct,
  ReportVerdict,
  TestOutcome,
} from '../../shared/contract/schemas/report-request';

/**
 * A report's conformity credential (docs/report-signatures.md): a W3C Verifiable Credential
 * 2.0 in the shape of the UN Transparency Protocol's Digital Conformity Credential (UNTP DCC)
 * 0.6.1, so that a machine reads what the PDF says: who tested which unit, against which
 * test plan version, with which verdict, and which PDF (by its SHA-256) says so.
 * dcc-schema.json beside this file states the constraints it keeps.
 */

/** The UNTP DCC version the credentials follow, and its JSON-LD context. */
export const untpDccVersion = '0.6.1';
export const untpDccContext = `https://test.uncefact.org/vocabulary/untp/dcc/${untpDccVersion}/`;
export const credentialsV2Context = 'https://www.w3.org/ns/credentials/v2';

/**
 * UNTP's conformity topic of the assessment (a required code from its short list):
 * `social.safety`, "claims supporting process and product safety": a valve's pressure and
 * leak tests are safety tests.
 */
const conformityTopic = 'social.safety';

/** One measured result the credential declares (as the report shows it). */
export interface CredentialResult {
  /** The test's name as the report shows it (its Chinese name on a Chinese report, where given). */
  name: string;
  value: number | null;
  unit: string | null;
  result: TestOutcome;
}

/** What a report's credential says: the report's own facts and where they are. */
export interface ConformityCredentialInput {
  /** The credential's own address (absolute URL): it is the credential's `id`. */
  id: string;
  /** The issuer: the report host's `did:web` (didWebOf) and the provider's name. */
  issuer: { id: string; name: string };
  /**
   * The report: `ReportContent` fits as it is. The unit is identified by `identityLink`;
   * reports without one name it by its page, `<app>/search?serial=<serial>`.
   */
  report: Pick<
    ReportContent,
    | 'reportNumber'
    | 'issuedAt'
    | 'language'
    | 'serialNumber'
    | 'verdict'
    | 'verificationUrl'
    | 'identityLink'
  > & {
    product: Pick<ReportProduct, 'name'>;
    plan: Pick<ReportPlan, 'version' | 'approvedAt'> | null;
  };
  /**
   * The test plan version the unit was judged by, as an absolute URL that names it (its
   * product and version); required when `report.plan` is not null, ignored otherwise.
   */
  testPlanId?: string;
  /** The signed PDF: its address and its SHA-256, lowercase hex (the report's fingerprint). */
  pdf: { url: string; sha256: string };
  /** Measured results to declare (resultsOfReport); none when left out. */
  results?: readonly CredentialResult[];
}

/** A text with its language (JSON-LD value object, as VC 2.0 gives names and descriptions). */
export interface LanguageText {
  '@value': string;
  '@language': string;
}

/** The credential as `buildConformityCredential` makes it. */
export interface ConformityCredential {
  '@context': [typeof credentialsV2Context, typeof untpDccContext];
  type: ['DigitalConformityCredential', 'VerifiableCredential'];
  id: string;
  issuer: { type: ['CredentialIssuer']; id: string; name: string };
  validFrom: string;
  name: LanguageText;
  credentialSubject: ConformityAttestation;
}

export interface ConformityAttestation {
  type: ['ConformityAttestation', 'Attestation'];
  id: string;
  name: string;
  description: string;
  assessorLevel: 'Self';
  assessmentLevel: 'Unspecified';
  attestationType: 'testing';
  issuedToParty: { id: string; name: string };
  conformityCertificate: {
    linkURL: string;
    linkName: string;
    linkType: string;
    hashDigest: string;
    hashMethod: 'SHA-256';
  };
  assessment: [ConformityAssessment];
}

export interface ConformityAssessment {
  type: ['ConformityAssessment', 'Declaration'];
  id: string;
  name: string;
  description: string;
  assessmentDate: string;
  assessmentCriteria?: {
    type: ['Criterion'];
    id: string;
    name: string;
    description: string;
    conformityTopic: typeof conformityTopic;
    status: 'active';
  }[];
  declaredValue?: {
    metricName: string;
    metricValue: { value: number; unit: string };
    score: string;
  }[];
  conformance: boolean;
  conformityTopic: typeof conformityTopic;
  assessedProduct: [{ product: { id: string; name: string; serialNumber: string } }];
}

/** Language tags of the report languages (as the PDF and the linkset tag them). */
const languageTags: Record<ReportLanguage, string> = { en: 'en', zh: 'zh-TW' };

/**
 * UN/ECE Recommendation 20 codes, which UNTP measures use, of units benches commonly send;
 * a unit not listed is given as typed, a value without a unit as `C62` ("one").
 */
const unitCodes: Record<string, string> = {
  bar: 'BAR',
  mbar: 'MBR',
  Pa: 'PAL',
  kPa: 'KPA',
  MPa: 'MPA',
  psi: 'PS',
  s: 'SEC',
  min: 'MIN',
  h: 'HUR',
  '°C': 'CEL',
  '°F': 'FAH',
  K: 'KEL',
  mm: 'MMT',
  cm: 'CMT',
  m: 'MTR',
  N: 'NEW',
  'N·m': 'NU',
  Nm: 'NU',
  kg: 'KGM',
  g: 'GRM',
  '%': 'P1',
  V: 'VLT',
  A: 'AMP',
};

/** GS1's link type of certification information: the linkset gives the report page as one. */
const certificationInfoLinkType = 'https://ref.gs1.org/voc/certificationInfo';

/**
 * The conformance the credential states for a verdict. A conformity credential's
 * `conformance` is a required yes/no (UNTP DCC 0.6.1): `true` claims that the unit meets the
 * criteria, so only `pass` gives it. `fail` is `false`, and so are `incomplete` and
 * `untested`: conformance is not shown, so it is not attested; the assessment's description
 * says which verdict it was (not a failure).
 */
export function conformanceOf(verdict: ReportVerdict): boolean {
  return verdict === 'pass';
}

/**
 * The results a report shows, as the credential declares them: with a plan, each test row's
 * latest result under the name the report gives it; without one, each latest result.
 */
export function resultsOfReport(
  report: Pick<ReportContent, 'tests' | 'results'>,
): CredentialResult[] {
  if (report.tests.length === 0) {
    return report.results.map(({ testName, value, unit, result }) => ({
      name: testName,
      value,
      unit,
      result,
    }));
  }
  return report.tests.flatMap((row) =>
    row.result
      ? [
          {
            name: row.displayName ?? row.testName,
            value: row.result.value,
            unit: row.result.unit,
            result: row.result.result,
          },
        ]
      : [],
  );
}

/**
 * A report's conformity credential (unsigned: securedCredential signs it): a Verifiable
 * Credential 2.0 of type DigitalConformityCredential whose subject is the report as a
 * ConformityAttestation of type `testing` by the provider about its own unit (`Self`, no
 * accreditation claimed: `Unspecified`). Its one assessment names the unit by its
 * identification link and serial, the test plan version as its criterion (none without a
 * plan), the conformance (conformanceOf) and the verdict in words, and the measured
 * results; the PDF is its conformity certificate with the PDF's SHA-256. Texts are in the
 * report's language.
 */
export function buildConformityCredential(input: ConformityCredentialInput): ConformityCredential {
  const { report, issuer } = input;
  const text = (key: MessageKey, params: Record<string, string | number> = {}) =>
    message(key, params, report.language);
  if (report.plan && !input.testPlanId) {
    throw new Error('buildConformityCredential: a report with a plan needs its testPlanId');
  }
  const name = text('credential.name', { reportNumber: report.reportNumber });
  const party = { id: issuer.id, name: issuer.name };
  const product = report.product.name;
  const declared = (input.results ?? []).flatMap((result) =>
    result.value === null
      ? []
      : [
          {
            metricName: result.name,
            metricValue: {
              value: result.value,
              unit: result.unit === null ? 'C62' : (unitCodes[result.unit] ?? result.unit),
            },
            score: text(`report.outcomes.${result.result}`),
          },
        ],
  );
  const assessment: ConformityAssessment = {
    type: ['ConformityAssessment', 'Declaration'],
    id: `${report.verificationUrl}#assessment`,
    name: text('credential.assessment', { product, serial: report.serialNumber }),
    description: [
      text(`credential.verdicts.${report.verdict}`),
      ...(report.plan ? [] : [text('credential.noPlan')]),
    ].join(report.language === 'zh' ? '' : ' '),
    assessmentDate: report.issuedAt.slice(0, 10),
    ...(report.plan && input.testPlanId
      ? {
          assessmentCriteria: [
            {
              type: ['Criterion'] as ['Criterion'],
              id: input.testPlanId,
              name: text('credential.criterion', { product, version: report.plan.version }),
              description: text('credential.criterionText', {
                date: report.plan.approvedAt.slice(0, 10),
              }),
              conformityTopic,
              status: 'active' as const,
            },
          ],
        }
      : {}),
    ...(declared.length > 0 ? { declaredValue: declared } : {}),
    conformance: conformanceOf(report.verdict),
    conformityTopic,
    assessedProduct: [
      {
        product: {
          id: report.identityLink ?? unitPage(report.verificationUrl, report.serialNumber),
          name: product,
          serialNumber: report.serialNumber,
        },
      },
    ],
  };
  return {
    '@context': [credentialsV2Context, untpDccContext],
    type: ['DigitalConformityCredential', 'VerifiableCredential'],
    id: input.id,
    issuer: { type: ['CredentialIssuer'], ...party },
    validFrom: report.issuedAt,
    name: { '@value': name, '@language': languageTags[report.language] },
    credentialSubject: {
      type: ['ConformityAttestation', 'Attestation'],
      // The report's public address names the attestation the report is.
      id: report.verificationUrl,
      name,
      description: text('credential.description', { reportNumber: report.reportNumber }),
      assessorLevel: 'Self',
      assessmentLevel: 'Unspecified',
      attestationType: 'testing',
      issuedToParty: party,
      conformityCertificate: {
        linkURL: input.pdf.url,
        linkName: text('credential.certificate', { reportNumber: report.reportNumber }),
        linkType: certificationInfoLinkType,
        hashDigest: input.pdf.sha256,
        hashMethod: 'SHA-256',
      },
      assessment: [assessment],
    },
  };
}

/**
 * The unit's page, `<app>/search?serial=<serial>` (its identification link's default
 * target), for reports issued before units had identification links: from the report's
 * verification URL, `<app>/search?verify=<reportNumber>`.
 */
function unitPage(verificationUrl: string, serialNumber: string): string {
  const page = new URL(verificationUrl);
  page.search = new URLSearchParams({ serial: serialNumber }).toString();
  page.hash = '';
  return page.toString();
}
