import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/constructs/function';

/*
 * bin/app.ts as the CDK CLI runs it: context in CDK_CONTEXT_JSON, output to CDK_OUTDIR
 * (the app synthesizes on exit). Checks that each report center setting read from
 * context reaches the template.
 */

const run = promisify(execFile);
const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;

// Context values arrive as strings from `-c key=value`.
const settings = {
  stackName: 'SettingsCheck',
  providerName: 'Acme Valves',
  privacyPolicyUrl: 'https://acme.example/privacy',
  reportRetentionDays: '45',
  reportLimitPerEmail: '3',
  reportLimitEmailWindowMinutes: '120',
  reportLimitPerAddress: '12',
  reportLimitAddressWindowMinutes: '15',
  codeMailLimitPerEmail: '4',
  codeMailLimitWindowMinutes: '90',
  lookupLimitPerAddress: '150',
  lookupLimitWindowMinutes: '10',
  reportRequestsPerSecond: '4',
  reportRequestsBurst: '8',
  createWebAcl: 'true',
  wafReportRequestsPerAddress: '40',
  wafReportCenterRequestsPerAddress: '150',
  alarmEmail: 'ops@acme.example',
};

// Template JSON is untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Record<string, any> };

async function synthApp(context: Record<string, unknown>, outdir: string) {
  return run(join(repositoryRoot, 'node_modules/.bin/tsx'), ['bin/app.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify({
        ...cdkContext,
        // The template is what matters here; bundling is checked in stack.test.ts.
        'aws:cdk:bundling-stacks': [],
        ...context,
      }),
      CDK_DEFAULT_REGION: 'us-east-1',
    },
  });
}

let outdir: string;
let resources: Record<string, Resource>;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'app-settings-'));
  await synthApp(settings, outdir);
  resources = JSON.parse(
    readFileSync(join(outdir, `${settings.stackName}.template.json`), 'utf8'),
  ).Resources;
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);

describe('bin/app.ts settings from context', () => {
  it('passes the report settings to every application function', () => {
    const functions = ofType('AWS::Lambda::Function').filter(
      (fn) => fn.Properties.Environment?.Variables?.TABLE_NAME,
    );
    expect(functions.length).toBeGreaterThan(3);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        PROVIDER_NAME: 'Acme Valves',
        PRIVACY_POLICY_URL: 'https://acme.example/privacy',
        REPORT_RETENTION_DAYS: '45',
        REPORT_LIMIT_PER_EMAIL: '3',
        REPORT_LIMIT_EMAIL_WINDOW_MINUTES: '120',
        REPORT_LIMIT_PER_ADDRESS: '12',
        REPORT_LIMIT_ADDRESS_WINDOW_MINUTES: '15',
        CODE_MAIL_LIMIT_PER_EMAIL: '4',
        CODE_MAIL_LIMIT_WINDOW_MINUTES: '90',
        LOOKUP_LIMIT_PER_ADDRESS: '150',
        LOOKUP_LIMIT_WINDOW_MINUTES: '10',
      });
    }
  });

  it('expires report PDFs after the retention', () => {
    const lifecycles = ofType('AWS::S3::Bucket').flatMap(
      (bucket) => bucket.Properties.LifecycleConfiguration?.Rules ?? [],
    );
    expect(lifecycles).toContainEqual(expect.objectContaining({ ExpirationInDays: 45 }));
  });

  it('throttles the report request route', () => {
    const [stage] = ofType('AWS::ApiGatewayV2::Stage');
    expect(stage!.Properties.RouteSettings['POST /api/report-requests']).toEqual({
      ThrottlingRateLimit: 4,
      ThrottlingBurstLimit: 8,
    });
  });

  it('sets the web ACL report center limits', () => {
    const [acl] = ofType('AWS::WAFv2::WebACL');
    const limits = Object.fromEntries(
      (
        acl!.Properties.Rules as {
          Name: string;
          Statement: { RateBasedStatement?: { Limit: number } };
        }[]
      )
        .filter((rule) => rule.Statement.RateBasedStatement)
        .map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit]),
    );
    expect(limits).toMatchObject({ ReportRequestsPerAddress: 40, ReportCenterPerAddress: 150 });
  });

  it('subscribes the alarm email', () => {
    expect(ofType('AWS::SNS::Subscription')).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@acme.example' }),
      }),
    );
  });

  it('refuses a number setting that is not a whole number', async () => {
    const badOutdir = mkdtempSync(join(tmpdir(), 'app-settings-bad-'));
    try {
      await expect(
        synthApp({ stackName: 'BadSettings', reportLimitPerEmail: 'five' }, badOutdir),
      ).rejects.toThrow(/reportLimitPerEmail must be a whole number/);
    } finally {
      rmSync(badOutdir, { recursive: true, force: true });
    }
  });
});
