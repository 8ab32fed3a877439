import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import dccSchema from '../../lambdas/report-requests/credential/dcc-schema.json';
import { didWebOf } from '../../lambdas/report-requests/credential/did-document';
import type {
  MachineCreated,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type {
  DidDocument,
  ReportRequestCreated,
  ReportVerification,
  SignatureCheck,
} from '../../lambdas/shared/contract/schemas/report-request';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { UnitView } from '../../lambdas/shared/contract/schemas/unit';
import { gs1Vocabulary } from '../../lambdas/shared/contract/schemas/resolver';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { gs1LinksetErrors } from '../support/gs1-linkset';
import { newVisitorAddress, requestReport, visitorRequest } from '../support/visitor';

/**
 * A report's conformity credential and its proof from outside (docs/report-signatures.md):
 * the credential served as issued, verified with the key the DID document publishes and
 * checked against the credential schema; the unit's linkset listing it; the verification's
 * standing as the unit changes (the credential unchanged); the signature check of the
 * issued PDF, of a changed copy and of other files.
 */
const stack = inject('stack');
const tag = randomUUID().slice(0, 6).toUpperCase();
const serial = (n: number) => `CR${tag}-${String(n).padStart(4, '0')}`;
const validateCredential = new Ajv2020({ allErrors: true, strictTuples: false }).compile(dccSchema);

let admin = '';
let machineKey = '';
let report: ReportRequestCreated;
let pdf: Uint8Array;

const as = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: admin });
const ingest = async (serialNumber: string, testName: string, testedAt: string) => {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      results: [{ serialNumber, testName, result: 'pass', value: 24, unit: 'bar', testedAt }],
    }),
  });
  expect(response.status).toBe(200);
};
const verification = async () =>
  (await callApi<ReportVerification>(stack, `/api/report-requests/verify/${report.reportNumber}`))
    .body;
const credentialOf = async (url: string) => {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
};
const checkSignature = (bytes: Uint8Array) =>
  callApi<SignatureCheck>(stack, '/api/report-requests/signature-check', {
    method: 'POST',
    body: { pdf: Buffer.from(bytes).toString('base64') },
  });

beforeAll(async () => {
  admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const product = await as<Product>('/api/products', 'POST', {
    name: `Credential Valve ${tag}`,
    temperatureMin: -10,
    temperatureMax: 180,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: 16,
    pressureWCB: null,
    pressureSUS: null,
    application: null,
    applicationMedium: null,
  });
  expect(product.status).toBe(201);
  const range = await as('/api/serial-numbers', 'POST', {
    productId: product.body.id,
    startSerial: serial(1),
    endSerial: serial(20),
    productionDate: '2026-05-04',
    bodyMaterial: 'FC',
  });
  expect(range.status).toBe(201);
  machineKey = (await as<MachineCreated>('/api/machines', 'POST', { name: `Bench ${tag}` })).body
    .key;
  await ingest(serial(1), 'Shell test', '2026-06-01T08:00:00Z');
  const created = await requestReport(stack, {
    serialNumber: serial(1),
    email: `credential-${tag.toLowerCase()}@example.com`,
    consent: true,
    language: 'en',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  report = created.body;
  pdf = (await visitorRequest(stack, report.pdfUrl, { address: newVisitorAddress() })).bytes;
});

describe('the conformity credential', () => {
  it("verifies with the key of the report host's DID document and states the report", async () => {
    const credential = await credentialOf(report.credentialUrl);
    expect(credential.status).toBe(200);
    expect(credential.type).toBe('application/vc+jwt');

    const didResponse = await fetch(`${stack.appUrl}/.well-known/did.json`);
    expect(didResponse.status).toBe(200);
    expect(didResponse.headers.get('content-type')).toBe('application/did+json');
    const did = (await didResponse.json()) as DidDocument;
    // Locally the report host is the app's address (no IDENTITY_LINK_BASE).
    expect(did.id).toBe(didWebOf(stack.appUrl));

    const header = decodeProtectedHeader(credential.text);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc' });
    const method = did.verificationMethod.find((entry) => entry.id === header.kid);
    expect(method, `kid ${header.kid}`).toBeDefined();
    expect(did.assertionMethod).toContain(header.kid);
    const key = await importJWK(method!.publicKeyJwk as JWK, 'ES256');
    const { payload } = await compactVerify(credential.text, key);
    const body = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(validateCredential(body), JSON.stringify(validateCredential.errors)).toBe(true);

    const text = JSON.stringify(body);
    expect(body).toMatchObject({ id: report.credentialUrl, issuer: { id: did.id } });
    // The PDF as issued, by its fingerprint; the unit by its identification link.
    expect(text).toContain(report.fingerprint);
    expect(text).toContain(`${stack.appUrl}${report.pdfUrl}`);
    expect(text).toContain(report.identityLink!);
    expect(text).toContain('"conformance":true');

    // One changed character of the signed payload fails the signature.
    const [protectedHeader, encoded, signature] = credential.text.split('.');
    const tampered = Buffer.from(encoded!, 'base64url')
      .toString()
      .replace('"conformance":true', '"conformance":fals');
    await expect(
      compactVerify(
        `${protectedHeader}.${Buffer.from(tampered).toString('base64url')}.${signature}`,
        key,
      ),
    ).rejects.toThrow();
  });

  it("is listed in the unit's linkset as certification information", async () => {
    const response = await fetch(`${stack.appUrl}/id/${serial(1)}?linkType=linkset`);
    expect(response.status).toBe(200);
    const linkset = (await response.json()) as { linkset: Record<string, unknown>[] };
    expect(gs1LinksetErrors(linkset)).toEqual([]);
    const certification = linkset.linkset[0]![`${gs1Vocabulary}certificationInfo`] as {
      href: string;
      type?: string;
      title: string;
    }[];
    expect(certification).toContainEqual(
      expect.objectContaining({ href: report.credentialUrl, type: 'application/vc+jwt' }),
    );
    // A unit without reports lists none.
    const other = await fetch(`${stack.appUrl}/id/${serial(2)}?linkType=linkset`);
    expect(JSON.stringify(await other.json())).not.toContain('vc+jwt');
  });

  it('answers 404 for a report that does not exist', async () => {
    const missing = await callApi(stack, '/api/report-requests/verify/TR-00000-00000/credential');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe('No report with this number was found');
  });
});

describe('the signature check', () => {
  it('proves the issued PDF: valid, whole, trusted, timestamped, by the provider', async () => {
    const check = await checkSignature(pdf);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      signed: true,
      valid: true,
      wholeDocument: true,
      trusted: true,
      timestamped: true,
      signer: { commonName: expect.any(String) as string },
    });
    // The timestamp's time is the moment of signing: within a minute of the issue time.
    const lag = Date.parse(check.body.signedAt!) - Date.parse(report.issuedAt);
    expect(Math.abs(lag)).toBeLessThan(60_000);
  });

  it('finds a changed byte, an appended update and an unsigned file', async () => {
    const changed = Uint8Array.from(pdf);
    // A byte of the page content, well past the signature dictionary at the file's start.
    changed[pdf.length - 2_000] = changed[pdf.length - 2_000]! ^ 0x01;
    expect((await checkSignature(changed)).body).toMatchObject({ signed: true, valid: false });

    const appended = Buffer.concat([pdf, Buffer.from('\n% appended after signing\n%%EOF\n')]);
    expect((await checkSignature(appended)).body).toMatchObject({
      signed: true,
      wholeDocument: false,
    });

    const unsigned = await checkSignature(Buffer.from('%PDF-1.7\n%%EOF\n'));
    expect(unsigned.body).toMatchObject({ signed: false, valid: false, trusted: false });
  });

  it('refuses a body that is not base64, naming the field', async () => {
    const refused = await callApi(stack, '/api/report-requests/signature-check', {
      method: 'POST',
      body: { pdf: 'not base64!' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error?.fields ?? {})).toEqual(['pdf']);
  });
});

describe("the verification's standing", () => {
  it('moves to superseded, then voided, while the credential stays as issued', async () => {
    const issued = await credentialOf(report.credentialUrl);
    expect((await verification()).standing).toBe('current');

    await ingest(serial(1), 'Seat test', '2026-06-02T08:00:00Z');
    expect(await verification()).toMatchObject({ standing: 'superseded' });

    const unit = await as<UnitView>(`/api/serial-numbers/units/${serial(1)}`);
    const shown = unit.body.results.find((result) => result.testName === 'Shell test')!;
    const voided = await as<TestResult>(`/api/machine-data/${shown.id}/void`, 'POST', {
      reason: 'Gauge out of calibration',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await verification()).toMatchObject({ standing: 'voided' });

    // The credential says what the report said when it was issued.
    expect((await credentialOf(report.credentialUrl)).text).toBe(issued.text);
  });
});
