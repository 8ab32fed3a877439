import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { clientOptions } from '../../lambdas/shared/aws/options';
import { metricNames, metricsNamespace } from '../../lambdas/shared/metrics';
import { repositoryRoot } from '../../lib/constructs/function';
import { largeBodyPaths } from '../../lib/constructs/waf';
import { type TestReportCenterSettings, TestReportCenterStack } from '../../lib/stack';

/*
 * The production safeguards and observability of issue 7 that stack.test.ts does not
 * already hold: the API 5xx alarm, the web ACL's managed rules and body-size exception,
 * TLS and Cognito settings in both configurations, the API access log, the time-out
 * budget of docs/operations.md, and the runbook naming every alarm and metric.
 */

const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;
const region = 'us-east-1';
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';

// Template JSON is untyped; the assertions below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Record<string, any> };

interface Built {
  stack: TestReportCenterStack;
  resources: Record<string, Resource>;
  ofType(type: string): [string, Resource][];
  logicalId(construct: { node: { defaultChild?: unknown } }): string;
}

/** A stack with `settings`; bundling is skipped, the assertions are about the template. */
function build(settings: TestReportCenterSettings): Built {
  const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new TestReportCenterStack(app, 'Safeguards', { env: { region }, settings });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  return {
    stack,
    resources,
    ofType: (type) => Object.entries(resources).filter(([, resource]) => resource.Type === type),
    logicalId: (construct) => stack.getLogicalId(construct.node.defaultChild as CfnElement),
  };
}

let production: Built;
let defaults: Built;

beforeAll(() => {
  production = build({
    mailFrom: 'reports@example.com',
    domainNames: ['app.example.com', 'report.example.com'],
    certificateArn,
    createWebAcl: true,
    threatProtection: true,
    alarmEmail: 'ops@example.com',
  });
  defaults = build({});
});

describe('API 5xx alarm', () => {
  const alarm = () => {
    const alarmId = production.logicalId(production.stack.monitoring.alarms.get('Api5xxRate')!);
    return production.resources[alarmId]!.Properties;
  };

  it('fires above 5% 5xx answers over 5 minutes, counting only periods with 20 requests or more', () => {
    const httpApi = { Ref: production.logicalId(production.stack.api.httpApi) };
    const properties = alarm();
    expect(properties).toMatchObject({
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0.05,
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const metrics = properties.Metrics as {
      Id: string;
      Expression?: string;
      ReturnData?: boolean;
      MetricStat?: { Metric: Record<string, unknown>; Period: number; Stat: string };
    }[];
    const [expression] = metrics.filter((metric) => metric.Expression);
    expect(expression).toMatchObject({
      Expression: 'IF(requests >= 20, errors / requests, 0)',
      ReturnData: true,
    });
    const stat = (id: string) => metrics.find((metric) => metric.Id === id)?.MetricStat;
    expect(stat('errors')).toEqual({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: '5xx',
        Dimensions: [{ Name: 'ApiId', Value: httpApi }],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(stat('requests')).toEqual({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Count',
        Dimensions: [{ Name: 'ApiId', Value: httpApi }],
      },
      Period: 300,
      Stat: 'Sum',
    });
  });

  it('notifies the alarm topic when it fires and when it clears', () => {
    const topic = { Ref: production.logicalId(production.stack.monitoring.alarmTopic) };
    expect(alarm().AlarmActions).toEqual([topic]);
    expect(alarm().OKActions).toEqual([topic]);
  });
});

describe('web ACL', () => {
  type Rule = {
    Name: string;
    Priority: number;
    Action?: Record<string, unknown>;
    OverrideAction?: Record<string, unknown>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    Statement: Record<string, any>;
  };
  const webAcl = () => {
    const [[aclId, acl]] = production.ofType('AWS::WAFv2::WebACL') as [[string, Resource]];
    return { aclId, rules: acl.Properties.Rules as Rule[], scope: acl.Properties.Scope };
  };
  const rule = (name: string) => webAcl().rules.find((r) => r.Name === name);

  it('is a CloudFront web ACL attached to the distribution', () => {
    const { aclId, scope } = webAcl();
    expect(scope).toBe('CLOUDFRONT');
    const [[, distribution]] = production.ofType('AWS::CloudFront::Distribution') as [
      [string, Resource],
    ];
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetAtt': [aclId, 'Arn'],
    });
  });

  it('blocks per-address floods with its rate rules', () => {
    for (const name of [
      'ReportRequestsPerAddress',
      'ReportCenterPerAddress',
      'UnitLookupsPerAddress',
      'RequestsPerAddress',
    ]) {
      expect(rule(name)?.Action, name).toEqual({ Block: {} });
      expect(rule(name)?.Statement.RateBasedStatement.AggregateKeyType, name).toBe('IP');
    }
    // IPv6 clients rotate through their /64: their look-ups are also counted by network.
    expect(rule('PublicLookupsPerIpv6Network')?.Statement.RateBasedStatement.CustomKeys).toEqual([
      { ASN: {} },
    ]);
  });

  it('applies the AWS managed common, known-bad-inputs and IP reputation rule sets', () => {
    for (const name of [
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesAmazonIpReputationList',
    ]) {
      const managed = rule(name);
      expect(managed?.Statement.ManagedRuleGroupStatement).toMatchObject({
        VendorName: 'AWS',
        Name: name,
      });
      // `None` keeps the group's own actions (block); `Count` would only watch.
      expect(managed?.OverrideAction, name).toEqual({ None: {} });
    }
  });

  it('relaxes only the common rule set body size rule, to count', () => {
    const common = rule('AWSManagedRulesCommonRuleSet')!.Statement.ManagedRuleGroupStatement;
    expect(common.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('still blocks bodies over 8 KB everywhere but machine data and the CSV imports, after the common rule set', () => {
    const large = rule('LargeBodyOutsideMachineData')!;
    expect(large.Action).toEqual({ Block: {} });
    expect(large.Priority).toBeGreaterThan(rule('AWSManagedRulesCommonRuleSet')!.Priority);
    expect(large.Statement.AndStatement.Statements).toEqual([
      {
        LabelMatchStatement: {
          Scope: 'LABEL',
          Key: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
        },
      },
      {
        NotStatement: {
          Statement: {
            OrStatement: {
              Statements: [
                '/api/machine-data',
                '/api/machine-data/ingest',
                '/api/products/import',
                '/api/serial-numbers/import',
              ].map((path) => ({
                ByteMatchStatement: {
                  FieldToMatch: { UriPath: {} },
                  PositionalConstraint: 'EXACTLY',
                  SearchString: path,
                  TextTransformations: [
                    { Priority: 0, Type: 'URL_DECODE' },
                    { Priority: 1, Type: 'NORMALIZE_PATH' },
                  ],
                },
              })),
            },
          },
        },
      },
    ]);
  });

  it('exempts exactly the routes that take large bodies: ingest, CSV upload and CSV imports', () => {
    const exempt = routes
      .filter(
        (route) =>
          (largeBodyPaths as readonly string[]).includes(route.path) && route.method !== 'GET',
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(exempt.sort()).toEqual([
      'POST /api/machine-data',
      'POST /api/machine-data/ingest',
      'POST /api/products/import',
      'POST /api/serial-numbers/import',
    ]);
  });

  it('has unique priorities', () => {
    const priorities = webAcl().rules.map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });
});

describe('CloudFront TLS', () => {
  const viewerCertificate = (built: Built) =>
    built.ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig
      .ViewerCertificate;

  it('requires TLS 1.2 (policy TLSv1.2_2021) with a certificate', () => {
    expect(viewerCertificate(production)).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it('serves the default *.cloudfront.net certificate without one, whose policy AWS fixes', () => {
    // CloudFront ignores a minimum protocol version with its default certificate; the
    // cdk-nag finding for it is acknowledged (lib/constructs/web.ts, docs/operations.md).
    expect(viewerCertificate(defaults)?.AcmCertificateArn).toBeUndefined();
    expect(viewerCertificate(defaults)?.MinimumProtocolVersion).toBeUndefined();
  });
});

describe('user pool', () => {
  const pool = (built: Built) => built.ofType('AWS::Cognito::UserPool')[0]![1].Properties;

  it.each([
    ['defaults', () => defaults],
    ['production', () => production],
  ])('has the password policy and optional TOTP MFA (%s)', (_, built) => {
    expect(pool(built())).toMatchObject({
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 7,
        },
      },
    });
  });

  it('enforces threat protection on the Plus plan with threatProtection, and not by default', () => {
    expect(pool(production)).toMatchObject({
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    expect(pool(defaults).UserPoolTier).toBe('ESSENTIALS');
    expect(pool(defaults).UserPoolAddOns?.AdvancedSecurityMode ?? 'OFF').toBe('OFF');
  });
});

describe('API access log', () => {
  it('writes one JSON object per request, with the request id the logs carry, kept 30 days', () => {
    const [[, stage]] = production.ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    const logGroupId = DestinationArn['Fn::GetAtt'][0];
    expect(production.resources[logGroupId]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
    });
    const fields = JSON.parse(Format) as Record<string, string>;
    // `$context.requestId` is the `correlationId` of the function's log lines and the
    // `x-correlation-id` header (lambdas/shared/http/responses.ts).
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
      latencyMs: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
    });
  });
});

describe('time-out budget (docs/operations.md)', () => {
  /**
   * The longest one SDK call can take with lambdas/shared/aws/options.ts: every attempt
   * waits out the connect and the request time-out, with the standard retry's longest
   * backoff (up to 100 ms x 2^n) between attempts.
   */
  function worstCaseCallMs(): number {
    const saved = { ...process.env };
    Object.assign(process.env, {
      TABLE_NAME: 't',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      REPORTS_BUCKET: 'b',
      MAIL_FROM: 'reports@example.com',
    });
    try {
      const { maxAttempts, requestHandler } = clientOptions(undefined);
      const perAttempt = requestHandler.connectionTimeout + requestHandler.requestTimeout;
      let backoff = 0;
      for (let retry = 1; retry < maxAttempts; retry++) backoff += 100 * 2 ** retry;
      return maxAttempts * perAttempt + backoff;
    } finally {
      process.env = saved;
    }
  }

  const timeoutMs = (built: Built, fn: { function: { node: { defaultChild?: unknown } } }) =>
    built.resources[built.logicalId(fn.function)]!.Properties.Timeout * 1000;

  it('lets one call at its worst end inside the API functions, so a hung dependency answers 503', () => {
    for (const [module, fn] of production.stack.api.functions) {
      expect(worstCaseCallMs(), module).toBeLessThan(timeoutMs(production, fn));
    }
  });

  it('keeps every API function under its integration time-out (HTTP API: 30 s)', () => {
    const integrations = production.ofType('AWS::ApiGatewayV2::Integration');
    expect(production.stack.api.functions.size).toBeGreaterThan(0);
    for (const [module, fn] of production.stack.api.functions) {
      const functionId = production.logicalId(fn.function);
      const own = integrations.filter(
        ([, integration]) =>
          integration.Properties.IntegrationUri['Fn::GetAtt']?.[0] === functionId,
      );
      expect(own.length, module).toBeGreaterThan(0);
      for (const [, integration] of own) {
        const integrationTimeout = integration.Properties.TimeoutInMillis ?? 30_000;
        // 10 s, unless a route of the module asks for more (a file import: route-spec.ts).
        const declared = Math.max(
          10,
          ...routes.filter((route) => route.handler === module).map((r) => r.timeoutSeconds ?? 0),
        );
        expect(timeoutMs(production, fn), module).toBeLessThanOrEqual(declared * 1000);
        expect(timeoutMs(production, fn), module).toBeLessThan(integrationTimeout);
      }
    }
  });

  it('gives the mailer one call at its worst plus a normal batch (10 records x 6 calls x 100 ms)', () => {
    const budget = worstCaseCallMs() + 10 * 6 * 100;
    // The runbook states the same worst case.
    const runbook = readFileSync(join(repositoryRoot, 'docs/operations.md'), 'utf8');
    expect(runbook).toContain(`**${worstCaseCallMs() / 1000} s**`);
    expect(timeoutMs(production, production.stack.reportDelivery.mailer)).toBeGreaterThanOrEqual(
      budget,
    );
  });

  it('answers Cognito within its 5 s', () => {
    const { customMessage, postAuthentication, postConfirmation, preSignUp } = production.stack;
    for (const trigger of [customMessage, postAuthentication, postConfirmation, preSignUp]) {
      expect(timeoutMs(production, trigger)).toBeLessThanOrEqual(5_000);
    }
  });
});

describe('runbook (docs/operations.md)', () => {
  const runbook = readFileSync(join(repositoryRoot, 'docs/operations.md'), 'utf8');

  it('explains every alarm of the stack, by the id in its name', () => {
    const alarms = [...production.stack.monitoring.alarms.keys()];
    expect(alarms).toEqual(
      expect.arrayContaining([
        'Api5xxRate',
        'MailerDeadLetters',
        'SesBounceRate',
        'SesComplaintRate',
        'SuppressionErrors',
      ]),
    );
    // Every alarm in the template is one of these.
    expect(production.ofType('AWS::CloudWatch::Alarm')).toHaveLength(alarms.length);
    for (const id of alarms) expect(runbook, id).toContain(`\`${id}\``);
  });

  it('names the metrics namespace and every metric the functions emit', () => {
    expect(runbook).toContain(`\`${metricsNamespace}\``);
    for (const name of metricNames) expect(runbook, name).toContain(`\`${name}\``);
  });
});
