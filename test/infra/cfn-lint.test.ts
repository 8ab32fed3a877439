import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/constructs/function';
import { type TestReportCenterSettings, TestReportCenterStack } from '../../lib/stack';

/*
 * The synthesized templates as CloudFormation's own linter reads them (`cfn-lint`, AWS's
 * CloudFormation Linter: resource specifications, property types and values, references,
 * IAM policy shapes), in the production configuration and the defaults. One check is
 * left out: W3005 ("dependency already enforced by a GetAtt") flags the DependsOn CDK
 * itself adds from each function to its role's default policy's role, which is how CDK
 * orders a role's policy before the function (not something the stack chooses).
 */

const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;
const dir = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function templateFile(name: string, settings: TestReportCenterSettings): string {
  const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new TestReportCenterStack(app, 'Lint', { env: { region: 'us-east-1' }, settings });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(Template.fromStack(stack).toJSON(), null, 1));
  return file;
}

interface Finding {
  Rule: { Id: string };
  Message: string;
  Location: { Path: (string | number)[] };
}

/** cfn-lint's findings (it exits non-zero with any; the JSON lists them). */
function lint(file: string): Finding[] {
  try {
    execFileSync('cfn-lint', ['--format', 'json', '--ignore-checks', 'W3005', '--', file], {
      encoding: 'utf8',
    });
    return [];
  } catch (error) {
    const { stdout, status } = error as { stdout?: string; status?: number };
    // No JSON: cfn-lint did not run (missing, or it failed itself): say so.
    if (!stdout?.trim().startsWith('[')) throw error;
    expect(status, 'cfn-lint exit status').not.toBe(0);
    return JSON.parse(stdout) as Finding[];
  }
}

describe('cfn-lint', () => {
  const cases: [string, TestReportCenterSettings][] = [
    [
      'production',
      {
        mailFrom: 'reports@example.com',
        mailDomain: 'example.com',
        domainNames: ['app.example.com', 'report.example.com'],
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        createWebAcl: true,
        threatProtection: true,
        alarmEmail: 'ops@example.com',
      },
    ],
    ['defaults', {}],
  ];
  it.each(cases)(
    'finds nothing in the %s template',
    (name, settings) => {
      const findings = lint(templateFile(name, settings));
      expect(
        findings.map(
          (finding) => `${finding.Rule.Id} ${finding.Location.Path.join('/')}: ${finding.Message}`,
        ),
      ).toEqual([]);
    },
    120_000,
  );
});
