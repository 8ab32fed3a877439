import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type PolicyViolation, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/constructs/function';
import { type TestReportCenterSettings, TestReportCenterStack } from '../../lib/stack';

/*
 * cdk-nag 3 is a policy-validation plugin: it reports findings to CDK's validation report
 * and never adds annotations, so `Annotations.fromStack(...).findError(...)` would find
 * nothing even with findings present. These tests register the pack as bin/app.ts does,
 * synthesize (which throws when an unacknowledged finding exists) and also list the
 * pack's own report so a failure names each finding.
 */

const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;

const configurations: Record<string, TestReportCenterSettings> = {
  // What plain `npx cdk synth` builds: no custom domain, no web ACL.
  defaults: {},
  production: {
    mailFrom: 'reports@example.com',
    mailDomain: 'example.com',
    providerName: 'Acme Valves',
    privacyPolicyUrl: 'https://example.com/privacy',
    domainNames: ['app.example.com', 'report.example.com'],
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    adminEmail: 'admin@example.com',
    createWebAcl: true,
    threatProtection: true,
    cognitoSesFrom: 'no-reply@example.com',
    alarmEmail: 'ops@example.com',
    wafReportRequestsPerAddress: 30,
    wafReportCenterRequestsPerAddress: 200,
    reportRequestsPerSecond: 5,
    reportRequestsBurst: 10,
  },
};

function describeViolations(violations: PolicyViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) =>
        `${violation.severity ?? 'error'} ${violation.ruleName} at ${resource.constructPath}`,
    ),
  );
}

describe.each(Object.entries(configurations))(
  'cdk-nag AwsSolutions, %s settings',
  (_, settings) => {
    it('reports no unacknowledged error or warning', () => {
      // Findings are about the template; bundling the functions adds only time.
      const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      new TestReportCenterStack(app, 'TestReportCenter', {
        env: { region: 'us-east-1' },
        settings,
      });

      let synthError: unknown;
      try {
        app.synth();
      } catch (error) {
        synthError = error;
      }
      const report = new AwsSolutionsChecks().validateScope(app);

      expect(describeViolations(report.violations)).toEqual([]);
      expect(synthError).toBeUndefined();
    });
  },
);
