#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { TestReportCenterStack, type TestReportCenterSettings } from '../lib/stack';

// Synth needs no credentials; without a configured region the stack targets us-east-1,
// where CloudFront certificates and web ACLs live anyway.
const region = process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION ?? 'us-east-1';
process.env.CDK_DEFAULT_REGION ??= region;
process.env.AWS_REGION ??= region;

const app = new App();

function text(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value).trim();
}

function list(key: string): string[] | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (Array.isArray(value)) return value.map(String);
  const items = text(key)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

function flag(key: string): boolean | undefined {
  const value = text(key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new Error(`Context ${key} must be true or false, got "${value}"`);
  }
  return value === 'true';
}

/** The contents of the file a context value names (read relative to the working folder). */
function file(key: string): string | undefined {
  const path = text(key);
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Context ${key} names a file that cannot be read: ${(error as Error).message}`);
  }
}

function integer(key: string, minimum: number): number | undefined {
  const value = text(key);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) {
    throw new Error(`Context ${key} must be a whole number of at least ${minimum}, got "${value}"`);
  }
  return parsed;
}

// Self-registration was a deploy setting; it is a site setting now (docs/deploy.md). A
// deploy asking for it on would silently leave it off.
if (text('selfRegistration') !== undefined && text('selfRegistration') !== 'false') {
  throw new Error(
    'Context selfRegistration is no longer read: self-registration is a site setting, ' +
      'which an admin turns on in the back office (Settings). Remove it from the command ' +
      'or cdk.context.json.',
  );
}

/** Settings from `-c key=value` (or cdk.context.json); docs/deploy.md explains each. */
const settings: TestReportCenterSettings = {
  mailFrom: text('mailFrom'),
  mailDomain: text('mailDomain'),
  providerName: text('providerName'),
  providerAddress: text('providerAddress'),
  privacyPolicyUrl: text('privacyPolicyUrl'),
  domainNames: list('domainNames'),
  identityLinkBase: text('identityLinkBase'),
  certificateArn: text('certificateArn'),
  adminEmail: text('adminEmail'),
  webAclArn: text('webAclArn'),
  createWebAcl: flag('createWebAcl'),
  threatProtection: flag('threatProtection'),
  cognitoSesFrom: text('cognitoSesFrom'),
  reportRetentionDays: integer('reportRetentionDays', 1),
  reportLimitPerEmail: integer('reportLimitPerEmail', 1),
  reportLimitEmailWindowMinutes: integer('reportLimitEmailWindowMinutes', 1),
  reportLimitPerAddress: integer('reportLimitPerAddress', 1),
  reportLimitAddressWindowMinutes: integer('reportLimitAddressWindowMinutes', 1),
  lookupLimitPerAddress: integer('lookupLimitPerAddress', 1),
  lookupLimitWindowMinutes: integer('lookupLimitWindowMinutes', 1),
  codeMailLimitPerEmail: integer('codeMailLimitPerEmail', 1),
  codeMailLimitWindowMinutes: integer('codeMailLimitWindowMinutes', 1),
  reportRequestsPerSecond: integer('reportRequestsPerSecond', 1),
  reportRequestsBurst: integer('reportRequestsBurst', 1),
  wafReportRequestsPerAddress: integer('wafReportRequestsPerAddress', 10),
  wafReportCenterRequestsPerAddress: integer('wafReportCenterRequestsPerAddress', 10),
  wafUnitLookupsPerAddress: integer('wafUnitLookupsPerAddress', 10),
  wafIpv6LookupsPerNetwork: integer('wafIpv6LookupsPerNetwork', 10),
  alarmEmail: text('alarmEmail'),
  reportSigningCertificates: file('reportSigningCertificates'),
  timestampAuthorityUrl: text('timestampAuthorityUrl'),
};

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

new TestReportCenterStack(app, text('stackName') ?? 'TestReportCenter', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  description: 'Test Report Center: product back-office and public test reports',
  settings,
});
