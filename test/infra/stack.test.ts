import { migrations } from '../../lambdas/migrations/run';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, Stack, Stage } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerModules, isPublic, routeKey, routes } from '../../lambdas/routes';
import { environmentVariables } from '../../lambdas/shared/config';
import { roleClaim } from '../../lambdas/shared/contract/roles';
import { tableDefinition } from '../../lambdas/shared/table';
import { appUrlItem } from '../../lambdas/shared/app-url';
import { keys } from '../../lambdas/shared/keys';
import { isDeliveryRecord } from '../../lambdas/report-requests/mailer';
import { isImportRecord } from '../../lambdas/imports/import-records';
import { importStatuses, importWorkerSeconds } from '../../lambdas/shared/contract/schemas/imports';
import { reportPdfAssets } from '../../lambdas/report-requests/pdf/assets';
import { resolverPathPatterns } from '../../lambdas/resolver/routes';
import { deliveryStatuses } from '../../lambdas/report-requests/repository';
import {
  Api,
  functionOverrides,
  reportRequestRouteKey,
  ownAccountActions,
  userPoolAdminActions,
} from '../../lib/constructs/api';
import { Auth } from '../../lib/constructs/auth';
import { Data, importFilesPrefix } from '../../lib/constructs/data';
import { importRecordFilter } from '../../lib/constructs/import-worker';
import { repositoryRoot } from '../../lib/constructs/function';
import { mailerRecordFilter } from '../../lib/constructs/report-delivery';
import { EdgeWebAcl, unitLookupPathPrefixes } from '../../lib/constructs/waf';
import { appUrl, type TestReportCenterSettings, TestReportCenterStack } from '../../lib/stack';

/** cdk.json's feature flags, so the template here is the one `cdk synth` produces. */
const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;
/**
 * The same flags without esbuild bundling (CDK puts a placeholder asset in): for the
 * variants, whose assertions are about the template. The main stack below bundles.
 */
const unbundledContext = { ...cdkContext, 'aws:cdk:bundling-stacks': [] };

const region = 'us-east-1';
const certificateArn =
  'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

// Template JSON is untyped; the assertions below check its shape.
type Resource = {
  Type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

let stack: TestReportCenterStack;
let template: Template;
let resources: Record<string, Resource>;

function ofType(type: string): [string, Resource][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

function only(type: string): [string, Resource] {
  const found = ofType(type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/**
 * The project's functions: one per route-table handler module plus the Cognito trigger
 * (not the CDK-provided BucketDeployment handler).
 */
function applicationFunctions(): [string, Resource][] {
  return ofType('AWS::Lambda::Function').filter(
    ([id]) =>
      !id.startsWith('CustomCDKBucketDeployment') &&
      // The AwsCustomResource singleton that writes the app address.
      !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287') &&
      // The custom resource framework that calls the data migrations' function.
      !id.startsWith('DataMigrationsProviderframework'),
  );
}

function logicalId(construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnElement);
}

/** Every statement of the policies attached to a role. */
function statementsOf(roleLogicalId: string): { Action: string | string[]; Resource: unknown }[] {
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleLogicalId),
    )
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

function actionsOf(roleLogicalId: string): string[] {
  return statementsOf(roleLogicalId).flatMap((statement) => [statement.Action].flat());
}

/** Logical ids a template value refers to (Ref, Fn::GetAtt, Fn::Sub). */
function referencedIds(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedIds(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'Ref' && typeof item === 'string') into.add(item);
      else if (key === 'Fn::GetAtt') into.add(String([item].flat()[0]).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text = String([item].flat()[0]);
        for (const match of text.matchAll(/\$\{([^}!.]+)/g)) into.add(match[1]!);
        referencedIds(item, into);
      } else referencedIds(item, into);
    }
  }
  return into;
}

beforeAll(() => {
  const app = new App({ context: cdkContext });
  // A production-like configuration: custom domains with their certificate, a first admin.
  stack = new TestReportCenterStack(app, 'TestReportCenter', {
    env: { region },
    settings: {
      mailFrom: 'reports@example.com',
      providerName: 'Acme Valves',
      privacyPolicyUrl: 'https://example.com/privacy',
      domainNames: ['app.example.com', 'report.example.com'],
      certificateArn,
      adminEmail: 'admin@example.com',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/trc/abc',
      alarmEmail: 'ops@example.com',
    },
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
});

describe('the stack', () => {
  it("stays well within CloudFormation's 500 resources per stack", () => {
    // About seven per function: a new route joins its feature's function
    // (docs/architecture.md) rather than push the stack to the limit, where a deploy fails.
    const count = Object.keys(resources).length;
    expect(count).toBeGreaterThan(400);
    expect(count).toBeLessThanOrEqual(480);
  });
});

describe('stateful resources', () => {
  it('keeps the logical ids of the table, user pool and buckets', () => {
    // Changing one of these makes CloudFormation replace the resource, i.e. lose its data.
    const expected: Record<string, string> = {
      DataTableFDBAD0F2: 'AWS::DynamoDB::GlobalTable',
      AuthUserPool8115E87F: 'AWS::Cognito::UserPool',
      DataReportsBucket6DB95033: 'AWS::S3::Bucket',
      DataAccessLogsBucketC3B60382: 'AWS::S3::Bucket',
      WebSiteBucket1E6F6F45: 'AWS::S3::Bucket',
      // Holds the positions of undelivered report mails until an operator re-sends them.
      ReportDeliveryDeadLetterQueueA410A658: 'AWS::SQS::Queue',
      // Its confirmed email subscription would be lost with a new topic.
      MonitoringAlarmTopicAF62D4F1: 'AWS::SNS::Topic',
    };
    for (const [logicalId, type] of Object.entries(expected)) {
      expect(resources[logicalId]?.Type, logicalId).toBe(type);
    }
  });

  it('retains the table, user pool and buckets', () => {
    const stateful = [
      ...ofType('AWS::DynamoDB::GlobalTable'),
      ...ofType('AWS::Cognito::UserPool'),
      ...ofType('AWS::S3::Bucket'),
    ];
    expect(stateful).toHaveLength(5);
    for (const [logicalId, resource] of stateful) {
      expect(resource.DeletionPolicy, logicalId).toBe('Retain');
    }
  });
});

describe('table', () => {
  it('has the keys, index, TTL and stream of lambdas/shared/table.ts', () => {
    const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.streamViewType },
    });
  });

  it('has point-in-time recovery and deletion protection', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          Region: region,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        }),
      ],
    });
  });
});

describe('buckets', () => {
  it('blocks public access and denies plain HTTP on every bucket', () => {
    for (const [logicalId, bucket] of ofType('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, logicalId).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policies = ofType('AWS::S3::BucketPolicy').filter(
        ([, policy]) => policy.Properties.Bucket.Ref === logicalId,
      );
      expect(policies, logicalId).toHaveLength(1);
      expect(policies[0]![1].Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('versions the reports bucket and expires old reports', () => {
    const reports = resources.DataReportsBucket6DB95033!.Properties;
    expect(reports.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(reports.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({
        ExpirationInDays: 30,
        NoncurrentVersionExpiration: expect.objectContaining({
          NoncurrentDays: expect.any(Number),
        }),
        Status: 'Enabled',
      }),
    );
  });

  it('lets CloudFront write its logs into the access-logs bucket', () => {
    expect(resources.DataAccessLogsBucketC3B60382!.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }],
    });
  });
});

describe('api', () => {
  const routeResources = () => ofType('AWS::ApiGatewayV2::Route');
  const authorizerId = () => only('AWS::ApiGatewayV2::Authorizer')[0];

  it('has one route per row of the route table', () => {
    expect(routeResources()).toHaveLength(routes.length);
    expect(new Set(routeResources().map(([, route]) => route.Properties.RouteKey))).toEqual(
      new Set(routes.map(routeKey)),
    );
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s is guarded as its access rule says',
    (key, route) => {
      const found = routeResources().find(([, resource]) => resource.Properties.RouteKey === key);
      expect(found, key).toBeDefined();
      const properties = found![1].Properties;
      if (Array.isArray(route.access)) {
        expect(properties.AuthorizationType).toBe('JWT');
        expect(properties.AuthorizerId).toEqual({ Ref: authorizerId() });
      } else {
        // Public routes and machine-key routes are checked in the handler, not by a JWT.
        expect(isPublic(route) || route.access === 'machine').toBe(true);
        expect(properties.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(properties.AuthorizerId).toBeUndefined();
      }
    },
  );

  it('accepts ID tokens of the web client from the Authorization header', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: only('AWS::Cognito::UserPoolClient')[0] }],
        Issuer: Match.anyValue(),
      },
    });
  });

  it('throttles and access-logs the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: Match.anyValue(),
        ThrottlingRateLimit: Match.anyValue(),
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });
});

describe('functions', () => {
  // The local signer's folder is local too: in AWS the KMS key signs.
  const awsVariables = environmentVariables.filter(
    (name) =>
      name !== 'AWS_REGION' && !name.endsWith('_ENDPOINT') && name !== 'REPORT_SIGNING_LOCAL_DIR',
  );

  it('runs the data migrations on every deploy that adds one, with up to 15 minutes', () => {
    const runs = ofType('AWS::CloudFormation::CustomResource').filter(([id]) =>
      id.startsWith('DataMigrationsRun'),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]![1].Properties.migrations).toBe(
      migrations.map((migration) => migration.name).join(','),
    );
    const [, migrator] = applicationFunctions().find(([id]) => id.startsWith('DataMigrations'))!;
    expect(migrator.Properties.Timeout).toBe(900);
  });

  it('builds one function per handler module, plus the four Cognito triggers, mailer, suppression, import worker and data migrations', () => {
    expect(stack.api.functions.size).toBe(handlerModules().length);
    expect(applicationFunctions()).toHaveLength(handlerModules().length + 8);
  });

  it('runs every function on nodejs22.x, arm64, traced, with source maps', () => {
    expect(applicationFunctions().length).toBeGreaterThan(0);
    for (const [logicalId, fn] of applicationFunctions()) {
      expect(fn.Properties.Runtime, logicalId).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, logicalId).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig, logicalId).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(fn.Properties.LoggingConfig?.LogGroup, logicalId).toBeDefined();
    }
  });

  it('sets the AWS environment of lambdas/shared/config.ts and nothing local', () => {
    for (const [logicalId, fn] of applicationFunctions()) {
      const names = Object.keys(fn.Properties.Environment.Variables);
      expect(names, logicalId).toEqual(expect.arrayContaining(awsVariables));
      expect(
        names.filter(
          (name) =>
            name === 'AWS_REGION' ||
            name.endsWith('_ENDPOINT') ||
            name === 'REPORT_SIGNING_LOCAL_DIR',
        ),
        logicalId,
      ).toEqual([]);
      expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe('reports@example.com');
    }
  });

  const moduleGrants = (handlerModule: string) =>
    routes
      .filter((route) => route.handler === handlerModule)
      .flatMap((route) => route.grants ?? []);
  const roleOf = (handlerModule: string) => logicalId(stack.api.functions.get(handlerModule)!.role);

  it('gives userPoolAdmin exactly to the handler modules whose routes ask for it', () => {
    const userPoolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    expect(handlerModules().filter((m) => moduleGrants(m).includes('userPoolAdmin'))).not.toEqual(
      [],
    );
    for (const handlerModule of handlerModules()) {
      const statements = statementsOf(roleOf(handlerModule));
      if (moduleGrants(handlerModule).includes('userPoolAdmin')) {
        const onPool = statements
          .filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(userPoolArn))
          .flatMap((statement) => [statement.Action].flat());
        expect(onPool, handlerModule).toEqual(expect.arrayContaining([...userPoolAdminActions]));
      } else {
        const actions = statements.flatMap((statement) => [statement.Action].flat());
        // The standing check's read is granted on its own (test below), and the own-account
        // routes' name, sign-out and MFA switch (`ownAccount`, test below); nothing else.
        const allowed: readonly string[] = moduleGrants(handlerModule).includes('ownAccount')
          ? ownAccountActions
          : [];
        for (const action of userPoolAdminActions.filter(
          (name) => name !== 'cognito-idp:AdminGetUser' && !allowed.includes(name),
        )) {
          expect(actions, handlerModule).not.toContain(action);
        }
      }
    }
  });

  it("gives ownAccount the caller's name, sign-out and MFA switch on the pool, and no other admin API", () => {
    const userPoolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    const withGrant = handlerModules().filter((m) => moduleGrants(m).includes('ownAccount'));
    expect(withGrant).toEqual(expect.arrayContaining(['lambdas/staff/account-handler.ts']));
    for (const handlerModule of withGrant) {
      const onPool = statementsOf(roleOf(handlerModule))
        .filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(userPoolArn))
        .flatMap((statement) => [statement.Action].flat());
      expect(onPool.sort(), handlerModule).toEqual(
        ['cognito-idp:AdminGetUser', ...ownAccountActions].sort(),
      );
    }
  });

  it("lets every function of a route with roles read its caller's account on the pool, and no other", () => {
    const userPoolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    const withRoles = new Set(
      routes.filter((route) => Array.isArray(route.access)).map((route) => route.handler),
    );
    expect(withRoles.size).toBeGreaterThan(10);
    for (const handlerModule of handlerModules()) {
      const reads = statementsOf(roleOf(handlerModule)).filter(
        (statement) =>
          [statement.Action].flat().includes('cognito-idp:AdminGetUser') &&
          JSON.stringify(statement.Resource) === JSON.stringify(userPoolArn),
      );
      expect(reads.length > 0, handlerModule).toBe(withRoles.has(handlerModule));
    }
  });

  it("lets every function of a route with roles read and clear its caller's security record", () => {
    // The standing check (lambdas/shared/http/standing.ts) reads `ACCOUNTSEC/<sub>` on
    // every call and clears a stale second-factor confirmation with a conditional update.
    const tableArn = JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] });
    const withRoles = new Set(
      routes.filter((route) => Array.isArray(route.access)).map((route) => route.handler),
    );
    for (const handlerModule of withRoles) {
      const onTable = statementsOf(roleOf(handlerModule))
        .filter((statement) =>
          [statement.Resource].flat().some((r) => JSON.stringify(r) === tableArn),
        )
        .flatMap((statement) => [statement.Action].flat());
      expect(onTable, handlerModule).toEqual(
        expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']),
      );
    }
  });

  it('grants userPoolAdmin exactly the Cognito calls the staff repository makes', () => {
    // The repository is the only code calling the Cognito admin APIs: every command it
    // imports needs its action, and nothing else is granted.
    const source = readFileSync(join(repositoryRoot, 'lambdas/staff/repository.ts'), 'utf8');
    const imports = /import \{([^}]+)\} from '@aws-sdk\/client-cognito-identity-provider'/.exec(
      source,
    )?.[1];
    const used = (imports ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name.endsWith('Command'))
      .map((name) => `cognito-idp:${name.replace(/Command$/, '')}`);
    expect(used.length).toBeGreaterThan(0);
    expect([...userPoolAdminActions].sort()).toEqual(used.sort());
  });

  it('gives dependencyProbes exactly to the handler modules whose routes ask for it', () => {
    const probes = [
      'dynamodb:DescribeTable',
      'cognito-idp:DescribeUserPool',
      's3:ListBucket',
      'ses:GetAccount',
    ];
    expect(moduleGrants('lambdas/health/handler.ts')).toContain('dependencyProbes');
    for (const handlerModule of handlerModules()) {
      const actions = actionsOf(roleOf(handlerModule));
      if (moduleGrants(handlerModule).includes('dependencyProbes')) {
        expect(actions, handlerModule).toEqual(expect.arrayContaining(probes));
      } else {
        // DescribeTable comes with every table grant, ListBucket with reportsRead; the
        // others are probes only.
        const reportsRead = moduleGrants(handlerModule).includes('reportsRead');
        for (const action of probes.slice(1)) {
          if (action === 's3:ListBucket' && reportsRead) continue;
          expect(actions, handlerModule).not.toContain(action);
        }
      }
    }
  });
});

describe('app address for mail links', () => {
  it('writes https:// plus the first non-report custom domain into the table item the functions read', () => {
    const [, writer] = only('Custom::AWS');
    const create = JSON.parse(writer.Properties.Create['Fn::Join'][1].join('')) as {
      service: string;
      action: string;
      parameters: { TableName: string; Item: Record<string, { S: string }> };
    };
    expect(create).toMatchObject({ service: 'DynamoDB', action: 'putItem' });
    expect(create.parameters.Item).toEqual(appUrlItem('https://app.example.com'));
    expect(create.parameters.Item.url).toEqual({ S: 'https://app.example.com' });
    expect(writer.Properties.Update).toEqual(writer.Properties.Create);
  });

  it('lets the writer put only the CONFIG items of its own table', () => {
    const [, writer] = only('Custom::AWS') as [string, Resource & { DependsOn: string[] }];
    const policies = ofType('AWS::IAM::Policy').filter(([id]) => writer.DependsOn.includes(id));
    const statements = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const put = statements.filter((statement) => statement.Action === 'dynamodb:PutItem');
    expect(put).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] },
        Condition: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['CONFIG'] },
        },
      }),
    ]);
    // The partition holds the app address alone: not the cursor signing key.
    expect(keys.cursorKey().pk).not.toBe('CONFIG');
  });

  it('prefers a back-office host, then any custom domain, then the distribution', () => {
    expect(appUrl(['report.acme.example', 'app.acme.example'], 'd1.cloudfront.net')).toBe(
      'https://app.acme.example',
    );
    expect(appUrl(['client.acme.example', 'REPORT.acme.example'], 'd1.cloudfront.net')).toBe(
      'https://client.acme.example',
    );
    expect(appUrl(undefined, 'd1.cloudfront.net')).toBe('https://d1.cloudfront.net');
    expect(appUrl([], 'd1.cloudfront.net')).toBe('https://d1.cloudfront.net');
  });
});

describe('CustomMessage trigger', () => {
  const triggerId = () => logicalId(stack.customMessage.function);
  const triggerRoleId = () => logicalId(stack.customMessage.role);

  it("is the user pool's CustomMessage Lambda trigger, invocable by this pool only", () => {
    const [poolId, pool] = only('AWS::Cognito::UserPool');
    expect(pool.Properties.LambdaConfig).toEqual({
      CustomMessage: { 'Fn::GetAtt': [triggerId(), 'Arn'] },
      PostAuthentication: { 'Fn::GetAtt': [logicalId(stack.postAuthentication.function), 'Arn'] },
      PostConfirmation: { 'Fn::GetAtt': [logicalId(stack.postConfirmation.function), 'Arn'] },
      PreSignUp: { 'Fn::GetAtt': [logicalId(stack.preSignUp.function), 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [triggerId(), 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it('reads only the app address item, counts only its mail quota, and nothing of Cognito', () => {
    const statements = statementsOf(triggerRoleId());
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual([
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
    ]);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Resource: { 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] },
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#codeMail#*'] },
        },
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] },
        Condition: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.appUrl().pk] },
        },
      }),
    );
    expect(actions.filter((action) => action.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('names the app address in its description, so a domain change renews warm instances', () => {
    expect(resources[triggerId()]!.Properties.Description).toContain('https://app.example.com');
  });

  it('answers within the 5 seconds Cognito waits', () => {
    expect(resources[triggerId()]!.Properties.Timeout).toBeLessThanOrEqual(5);
  });

  it('exists with its permissions and the app address before the first admin is invited', () => {
    const [, admin] = only('AWS::Cognito::UserPoolUser') as [
      string,
      Resource & { DependsOn: string[] },
    ];
    const permission = ofType('AWS::Lambda::Permission').find(
      ([, p]) =>
        p.Properties.Principal === 'cognito-idp.amazonaws.com' &&
        p.Properties.FunctionName['Fn::GetAtt']?.[0] === triggerId(),
    )![0];
    expect(admin.DependsOn).toEqual(
      expect.arrayContaining([
        triggerId(),
        `${triggerRoleId()}`,
        // Cognito also passes an admin-created account through PreSignUp.
        logicalId(stack.preSignUp.function),
        only('Custom::AWS')[0],
        permission,
        ...ofType('AWS::IAM::Policy')
          .filter(([, p]) =>
            p.Properties.Roles.some((r: { Ref: string }) => r.Ref === triggerRoleId()),
          )
          .map(([id]) => id),
      ]),
    );
  });
});

describe('template', () => {
  it('has no dependency cycle (the user pool trigger must not depend on later resources)', () => {
    const graph = new Map<string, string[]>();
    for (const [id, resource] of Object.entries(resources)) {
      const dependsOn = [(resource as { DependsOn?: string | string[] }).DependsOn ?? []].flat();
      const refs = referencedIds(resource.Properties ?? {}, new Set(dependsOn));
      graph.set(
        id,
        [...refs].filter((ref) => ref in resources),
      );
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const path: string[] = [];
    const visit = (id: string): string[] | undefined => {
      if (state.get(id) === 'done') return undefined;
      if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
      state.set(id, 'visiting');
      path.push(id);
      for (const next of graph.get(id)!) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
      path.pop();
      state.set(id, 'done');
      return undefined;
    };
    for (const id of graph.keys()) expect(visit(id), id).toBeUndefined();
  });
});

describe('user pool', () => {
  it('signs in by email, case-insensitively, with a strong password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      // Open to sign-up: the PreSignUp trigger refuses it unless the site setting allows it.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });

  it('has the mutable custom attribute carrying the role', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({
          Name: roleClaim.replace('custom:', ''),
          AttributeDataType: 'String',
          Mutable: true,
        }),
      ]),
    });
  });

  it('gives the web client USER_PASSWORD_AUTH only, no secret, no OAuth', () => {
    const [, client] = only('AWS::Cognito::UserPoolClient');
    expect(client.Properties.ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient ?? false).toBe(false);
  });

  it('lets the client read custom:role but never write it', () => {
    const [, client] = only('AWS::Cognito::UserPoolClient');
    expect(client.Properties.ReadAttributes).toContain(roleClaim);
    expect(client.Properties.WriteAttributes).toBeDefined();
    expect(client.Properties.WriteAttributes).not.toContain(roleClaim);
  });

  it('creates the bootstrap admin with the admin role and an emailed temporary password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolUser', {
      Username: 'admin@example.com',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: Match.arrayWith([
        { Name: 'email', Value: 'admin@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: roleClaim, Value: 'admin' },
      ]),
    });
  });
});

describe('distribution', () => {
  const distribution = () => only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

  it('runs the viewer-request function of lib/edge on the default and /api/* behaviours', () => {
    const [functionId, fn] = only('AWS::CloudFront::Function');
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.FunctionCode).toBe(
      readFileSync(join(repositoryRoot, 'lib/edge/viewer-request.js'), 'utf8'),
    );
    const association = [
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ];
    const config = distribution();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual(association);
    const api = config.CacheBehaviors.find(
      (behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*',
    );
    expect(api).toBeDefined();
    expect(api.FunctionAssociations).toEqual(association);
  });

  it('sends /api/* uncached, with all viewer headers but Host, for every method', () => {
    const api = distribution().CacheBehaviors.find(
      (behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*',
    );
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
  });

  it('sends the identification-link paths to the API exactly as /api/*', () => {
    const behaviors = distribution().CacheBehaviors as { PathPattern: string }[];
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    for (const pattern of resolverPathPatterns) {
      const behavior = behaviors.find((candidate) => candidate.PathPattern === pattern);
      expect(behavior, pattern).toEqual({ ...api, PathPattern: pattern });
    }
  });

  it('builds the resolver function without the PDF code or fonts', () => {
    const resolver = stack.api.functionOf('GET /01/{path+}')!;
    const code = resources[logicalId(resolver.function)]!.Properties.Code;
    const bundle = readFileSync(
      join(
        Stage.of(stack)!.outdir,
        `asset.${String(code.S3Key).replace(/\.zip$/, '')}`,
        'index.mjs',
      ),
      'utf8',
    );
    expect(bundle).not.toContain('PDFDocument');
    expect(bundle).not.toContain('harfbuzz');
  });

  it('reads the site bucket through origin access control', () => {
    const [oacId, oac] = only('AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
    });
    expect(distribution().Origins).toContainEqual(
      expect.objectContaining({
        OriginAccessControlId: { 'Fn::GetAtt': [oacId, 'Id'] },
        S3OriginConfig: { OriginAccessIdentity: '' },
      }),
    );
  });

  it('serves the custom domains with TLS 1.2 or later, redirecting HTTP', () => {
    const config = distribution();
    expect(config.Aliases).toEqual(['app.example.com', 'report.example.com']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': ['DataAccessLogsBucketC3B60382', 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(config.WebACLId).toBe('arn:aws:wafv2:us-east-1:123456789012:global/webacl/trc/abc');
  });

  it('adds the security headers of lib/security-headers.ts to both behaviours', () => {
    const [policyId, policy] = only('AWS::CloudFront::ResponseHeadersPolicy');
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain(
      `connect-src 'self' https://cognito-idp.${region}.amazonaws.com`,
    );
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const config = distribution();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });
});

describe('machine routes', () => {
  it('get no JWT authorizer', () => {
    // No machine route exists yet; a table with one must still build without the authorizer.
    const stack = new Stack(new App({ context: unbundledContext }), 'MachineRoutes', {
      env: { region },
    });
    const data = new Data(stack, 'Data');
    const auth = new Auth(stack, 'Auth');
    new Api(stack, 'Api', {
      table: data.table,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      reportsBucket: data.reportsBucket,
      environment: {
        USER_POOL_ID: 'pool',
        USER_POOL_CLIENT_ID: 'client',
        REPORTS_BUCKET: 'bucket',
        MAIL_FROM: 'reports@example.com',
        MAIL_CONFIGURATION_SET: 'reports',
        PROVIDER_NAME: 'Provider',
        PRIVACY_POLICY_URL: 'https://example.com/privacy',
        REPORT_RETENTION_DAYS: '30',
        REPORT_LIMIT_PER_EMAIL: '5',
        REPORT_LIMIT_EMAIL_WINDOW_MINUTES: '60',
        REPORT_LIMIT_PER_ADDRESS: '30',
        REPORT_LIMIT_ADDRESS_WINDOW_MINUTES: '10',
        LOOKUP_LIMIT_PER_ADDRESS: '200',
        LOOKUP_LIMIT_WINDOW_MINUTES: '5',
        CODE_MAIL_LIMIT_PER_EMAIL: '5',
        CODE_MAIL_LIMIT_WINDOW_MINUTES: '60',
        REPORT_SIGNING_KEY_ID: 'key',
        REPORT_SIGNING_CERTIFICATES_PARAMETER: 'chain',
        TIMESTAMP_AUTHORITY_URL: 'http://tsa.example.com',
      },
      routes: [
        {
          method: 'POST',
          path: '/api/machine-data/ingest',
          handler: 'lambdas/health/handler.ts',
          access: 'machine',
          summary: 'A machine route',
          answers: { 200: 'none' },
        },
        {
          method: 'GET',
          path: '/api/dashboard',
          handler: 'lambdas/health/handler.ts',
          access: ['admin'],
          summary: 'An admin route',
          answers: { 200: 'none' },
        },
      ],
    });
    const machineTemplate = Template.fromStack(stack);
    machineTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/machine-data/ingest',
      AuthorizationType: 'NONE',
      AuthorizerId: Match.absent(),
    });
    machineTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/dashboard',
      AuthorizationType: 'JWT',
    });
    machineTemplate.resourceCountIs('AWS::Lambda::Function', 1);
  });
});

/** A stack with other settings, its template and the `/config.json` it deploys. */
function build(settings: TestReportCenterSettings, id = 'Variant') {
  const app = new App({ context: unbundledContext });
  const variant = new TestReportCenterStack(app, id, { env: { region }, settings });
  const variantTemplate = Template.fromStack(variant);
  const [, deployment] = Object.entries(
    variantTemplate.findResources('Custom::CDKBucketDeployment'),
  )[0]!;
  const keys: string[] = deployment.Properties.SourceObjectKeys;
  const configPath = keys
    .map((key) => join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'))
    .find((path) => existsSync(path));
  expect(configPath, 'config.json asset').toBeDefined();
  return {
    template: variantTemplate,
    config: JSON.parse(readFileSync(configPath!, 'utf8')) as Record<string, unknown>,
  };
}

describe('PostAuthentication, PostConfirmation and PreSignUp triggers', () => {
  const table = () => ({ 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] });
  const triggers = () =>
    [
      ['PostAuthentication', stack.postAuthentication],
      ['PostConfirmation', stack.postConfirmation],
      ['PreSignUp', stack.preSignUp],
    ] as const;
  const pool = () => ({ 'Fn::GetAtt': [only('AWS::Cognito::UserPool')[0], 'Arn'] });

  it('are invocable by this user pool only', () => {
    const [poolId] = only('AWS::Cognito::UserPool');
    for (const [, trigger] of triggers()) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [logicalId(trigger.function), 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      });
    }
  });

  it("PostAuthentication updates only the accounts' security records", () => {
    const statements = statementsOf(logicalId(stack.postAuthentication.role));
    const onTable = statements.filter((statement) =>
      String(statement.Action).startsWith('dynamodb:'),
    );
    expect(onTable).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Resource: table(),
        Condition: {
          'ForAllValues:StringEquals': {
            'dynamodb:LeadingKeys': [keys.accountSecurityAll().partition],
          },
        },
      }),
    ]);
  });

  it('PreSignUp reads only the site settings', () => {
    const statements = statementsOf(logicalId(stack.preSignUp.role));
    const onTable = statements.filter((statement) =>
      String(statement.Action).startsWith('dynamodb:'),
    );
    expect(onTable).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Resource: table(),
        Condition: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.siteSettings().pk] },
        },
      }),
    ]);
  });

  it("PostConfirmation reads and writes only the accounts' security records, and puts only accounts' audit entries", () => {
    const statements = statementsOf(logicalId(stack.postConfirmation.role));
    const onTable = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:')),
    );
    expect(onTable).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
        Resource: table(),
        Condition: {
          'ForAllValues:StringEquals': {
            'dynamodb:LeadingKeys': [keys.accountSecurityAll().partition],
          },
        },
      }),
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Resource: table(),
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#staff#*'] },
        },
      }),
    ]);
  });

  it("call Cognito only on this pool's accounts, each for the one thing it does, and answer within its 5 s", () => {
    const cognitoActions: Record<string, string[]> = {
      PostAuthentication: ['cognito-idp:AdminGetUser'],
      PostConfirmation: ['cognito-idp:AdminUserGlobalSignOut'],
      PreSignUp: [],
    };
    for (const [name, trigger] of triggers()) {
      const onCognito = statementsOf(logicalId(trigger.role)).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')),
      );
      expect(
        onCognito.flatMap((statement) => [statement.Action].flat()),
        name,
      ).toEqual(cognitoActions[name]);
      for (const statement of onCognito) expect(statement.Resource, name).toEqual(pool());
      expect(resources[logicalId(trigger.function)]!.Properties.Timeout, name).toBeLessThanOrEqual(
        5,
      );
    }
  });
});

describe('Cognito mail sender', () => {
  it("uses Cognito's default sender unless cognitoSesFrom is set", () => {
    const [, pool] = only('AWS::Cognito::UserPool');
    expect(pool.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe(
      'COGNITO_DEFAULT',
    );
  });

  it('sends through the SES identity and configuration set with cognitoSesFrom', () => {
    const { template: variant } = build({
      mailFrom: 'reports@acme.example',
      mailDomain: 'acme.example',
      cognitoSesFrom: 'no-reply@acme.example',
    });
    const [poolId] = Object.keys(variant.findResources('AWS::Cognito::UserPool'));
    const [identityId] = Object.keys(variant.findResources('AWS::SES::EmailIdentity'));
    const [configurationSetId] = Object.keys(variant.findResources('AWS::SES::ConfigurationSet'));
    const pool = variant.toJSON().Resources[poolId!];
    expect(pool.Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'no-reply@acme.example',
      ConfigurationSet: { Ref: configurationSetId },
      SourceArn: {
        'Fn::Join': [
          '',
          [`arn:aws:ses:${region}:`, { Ref: 'AWS::AccountId' }, ':identity/acme.example'],
        ],
      },
    });
    expect(pool.DependsOn).toContain(identityId);
  });

  it('refuses a cognitoSesFrom the SES identity does not cover', () => {
    const attempt = (settings: TestReportCenterSettings) => () =>
      new TestReportCenterStack(new App({ context: unbundledContext }), 'Sender', {
        env: { region },
        settings,
      });
    expect(
      attempt({ mailFrom: 'reports@acme.example', cognitoSesFrom: 'other@acme.example' }),
    ).toThrow(/cognitoSesFrom/);
    expect(
      attempt({
        mailFrom: 'reports@acme.example',
        mailDomain: 'acme.example',
        cognitoSesFrom: 'no-reply@elsewhere.example',
      }),
    ).toThrow(/cognitoSesFrom/);
  });
});

describe('setting guards', () => {
  const stackIn = (stackRegion: string) =>
    new Stack(new App({ context: unbundledContext }), 'Guard', { env: { region: stackRegion } });

  it('refuses to create a CloudFront web ACL outside us-east-1', () => {
    expect(() => new EdgeWebAcl(stackIn('eu-central-1'), 'WebAcl')).toThrow(/us-east-1/);
    expect(() => new EdgeWebAcl(stackIn('us-east-1'), 'WebAcl')).not.toThrow();
  });

  it('refuses custom domain names without a certificate', () => {
    const app = new App({ context: unbundledContext });
    expect(
      () =>
        new TestReportCenterStack(app, 'NoCertificate', {
          env: { region },
          settings: { domainNames: ['report.example.com'] },
        }),
    ).toThrow(/certificateArn/);
  });
});

describe('report center grants', () => {
  const roleOf = (fn: { role: unknown }) =>
    logicalId(fn.role as { node: { defaultChild?: unknown } });
  const reportsArn = { 'Fn::GetAtt': ['DataReportsBucket6DB95033', 'Arn'] };
  const reportObjects = { 'Fn::Join': ['', [reportsArn, '/*']] };
  const s3Statements = (roleId: string) =>
    statementsOf(roleId).filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('s3:')),
    );
  const grantsOf = (handlerModule: string) =>
    routes
      .filter((route) => route.handler === handlerModule)
      .flatMap((route) => route.grants ?? []);

  it('lets reportsWrite put report objects and nothing else of S3', () => {
    const writers = handlerModules().filter((m) => grantsOf(m).includes('reportsWrite'));
    expect(writers).toContain(routes.find((r) => routeKey(r) === reportRequestRouteKey)!.handler);
    for (const handlerModule of writers) {
      const statements = s3Statements(roleOf(stack.api.functions.get(handlerModule)!));
      expect(statements, handlerModule).toContainEqual(
        expect.objectContaining({ Action: 's3:PutObject', Resource: reportObjects }),
      );
    }
  });

  it('lets reportsRead and the mailer get report objects and list the bucket (404 for expired PDFs)', () => {
    const readers = handlerModules()
      .filter((m) => grantsOf(m).includes('reportsRead'))
      .map((m) => stack.api.functions.get(m)!);
    expect(readers).not.toEqual([]);
    for (const fn of [...readers, stack.reportDelivery.mailer]) {
      const statements = s3Statements(roleOf(fn));
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: 's3:GetObject', Resource: reportObjects }),
      );
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: 's3:ListBucket', Resource: reportsArn }),
      );
    }
  });

  it('gives no other function access to report objects', () => {
    const allowed = new Set([
      ...handlerModules()
        .filter((m) => grantsOf(m).some((g) => g === 'reportsRead' || g === 'reportsWrite'))
        .map((m) => roleOf(stack.api.functions.get(m)!)),
      roleOf(stack.reportDelivery.mailer),
    ]);
    const withObjects = ofType('AWS::IAM::Role')
      .map(([id]) => id)
      .filter((id) =>
        statementsOf(id).some(
          (statement) => JSON.stringify(statement.Resource) === JSON.stringify(reportObjects),
        ),
      );
    expect(withObjects.length).toBeGreaterThan(0);
    for (const id of withObjects) expect(allowed.has(id), id).toBe(true);
  });

  it('lets importsWrite put and read import files under imports/ and the worker read and remove them, nothing else', () => {
    const importObjects = { 'Fn::Join': ['', [reportsArn, `/${importFilesPrefix}*`]] };
    const writers = handlerModules().filter((m) => grantsOf(m).includes('importsWrite'));
    expect(writers.sort()).toEqual([
      'lambdas/imports/part-handler.ts',
      'lambdas/products/import-handler.ts',
      'lambdas/serial-ranges/import-handler.ts',
    ]);
    for (const handlerModule of writers) {
      expect(s3Statements(roleOf(stack.api.functions.get(handlerModule)!))).toEqual([
        expect.objectContaining({
          Action: ['s3:GetObject', 's3:PutObject'],
          Resource: importObjects,
        }),
      ]);
    }
    expect(s3Statements(roleOf(stack.importWorker.worker))).toEqual([
      expect.objectContaining({
        Action: ['s3:DeleteObject', 's3:GetObject'],
        Resource: importObjects,
      }),
    ]);
    // Only those roles are allowed the import files; the report functions, whose grants
    // cover the bucket's objects, are denied them.
    const withImports = ofType('AWS::IAM::Role')
      .map(([id]) => id)
      .filter((id) =>
        statementsOf(id).some(
          (statement) =>
            (statement as { Effect?: string }).Effect === 'Allow' &&
            JSON.stringify(statement.Resource) === JSON.stringify(importObjects),
        ),
      );
    const reportRoles = [
      ...handlerModules()
        .filter((m) => grantsOf(m).some((g) => g === 'reportsRead' || g === 'reportsWrite'))
        .map((m) => roleOf(stack.api.functions.get(m)!)),
      roleOf(stack.reportDelivery.mailer),
    ];
    for (const id of reportRoles) {
      expect(statementsOf(id), id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
          Resource: importObjects,
        }),
      );
    }
    expect(withImports.sort()).toEqual(
      [
        ...writers.map((m) => roleOf(stack.api.functions.get(m)!)),
        roleOf(stack.importWorker.worker),
      ].sort(),
    );
  });

  it('lets the report request and the mailer read the table, where the app address is', () => {
    for (const fn of [stack.api.functionOf(reportRequestRouteKey)!, stack.reportDelivery.mailer]) {
      const actions = statementsOf(roleOf(fn)).flatMap((statement) => [statement.Action].flat());
      expect(actions).toContain('dynamodb:GetItem');
    }
  });
});

describe('import worker', () => {
  const workerId = () => logicalId(stack.importWorker.worker.function);
  const mapping = () => mappingOf(workerId());

  it('takes one queued import per invocation from the table stream, with the minutes it needs', () => {
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': ['DataTableFDBAD0F2', 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 1,
      MaximumRetryAttempts: expect.any(Number),
    });
    expect(mapping().MaximumRecordAgeInSeconds).toBeLessThan(24 * 3600);
    const fn = resources[workerId()]!.Properties;
    // Its own budget fits in the function's time, which fits in Lambda's 15 minutes.
    expect(fn.Timeout).toBeGreaterThan(importWorkerSeconds);
    expect(fn.Timeout).toBeLessThanOrEqual(900);
  });

  it("filters the stream exactly as the worker's isImportRecord does", () => {
    const patterns = mapping().FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );
    const invokes = (event: object) => patterns.some((p: unknown) => matchesFilter(p, event));
    const image = (type: string, status: string) => ({
      pk: { S: 'IMPORT#x' },
      sk: { S: 'JOB' },
      type: { S: type },
      status: { S: status },
    });
    const records: { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; dynamodb: object }[] = [];
    for (const type of [importRecordFilter.type, 'reportRequest', 'product']) {
      for (const status of [...importStatuses, 'pending']) {
        records.push({ eventName: 'INSERT', dynamodb: { NewImage: image(type, status) } });
        records.push({ eventName: 'REMOVE', dynamodb: { OldImage: image(type, status) } });
        for (const before of importStatuses) {
          records.push({
            eventName: 'MODIFY',
            dynamodb: { NewImage: image(type, status), OldImage: image(type, before) },
          });
        }
      }
    }
    const mismatches = records.filter(
      (record) => invokes(record) !== isImportRecord(record as never),
    );
    expect(mismatches).toEqual([]);
    // The rule is not empty: a new import invokes the worker, and nothing else does.
    expect(records.filter((record) => invokes(record))).toHaveLength(1);
  });

  it('keeps import files two days at most in the reports bucket', () => {
    const reports = resources.DataReportsBucket6DB95033!.Properties;
    expect(reports.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({
        Prefix: importFilesPrefix,
        ExpirationInDays: 2,
        Status: 'Enabled',
      }),
    );
  });

  it('raises an alarm when the worker fails', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').filter(
      ([, alarm]) =>
        alarm.Properties.MetricName === 'Errors' &&
        JSON.stringify(alarm.Properties.Dimensions).includes(workerId()),
    );
    expect(alarms).toHaveLength(1);
  });
});

describe('report request function', () => {
  const createFunction = () => stack.api.functionOf(reportRequestRouteKey)!;

  it('is the function of the handler module the overrides name', () => {
    const route = routes.find((r) => routeKey(r) === reportRequestRouteKey)!;
    expect(functionOverrides[route.handler]).toBeDefined();
    expect(createFunction()).toBe(stack.api.functions.get(route.handler));
  });

  it('has 1024 MB for rendering PDFs', () => {
    expect(resources[logicalId(createFunction().function)]!.Properties.MemorySize).toBe(1024);
  });

  it('ships the fonts and the WebAssembly next to its bundle, byte for byte', () => {
    expect(reportPdfAssets.length).toBeGreaterThan(0);
    const code = resources[logicalId(createFunction().function)]!.Properties.Code;
    const assetDir = join(
      Stage.of(stack)!.outdir,
      `asset.${String(code.S3Key).replace(/\.zip$/, '')}`,
    );
    expect(existsSync(join(assetDir, 'index.mjs')), assetDir).toBe(true);
    for (const { source, target } of reportPdfAssets) {
      const shipped = join(assetDir, target);
      expect(existsSync(shipped), target).toBe(true);
      expect(readFileSync(shipped).equals(readFileSync(source)), target).toBe(true);
    }
  });

  it('is the only function that carries them, with the labels functions', () => {
    const labels = [
      stack.api.functionOf('GET /api/serial-numbers/{id}/labels')!,
      stack.api.functionOf('GET /api/serial-numbers/labels')!,
    ].map((label) => logicalId(label.function));
    for (const [id, fn] of applicationFunctions()) {
      if (id === logicalId(createFunction().function) || labels.includes(id)) continue;
      const assetDir = join(
        Stage.of(stack)!.outdir,
        `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`,
      );
      for (const { target } of reportPdfAssets) {
        expect(existsSync(join(assetDir, target)), `${id} ${target}`).toBe(false);
      }
    }
  });

  it('is throttled on its own route, below the stage default', () => {
    const [stageId, stage] = only('AWS::ApiGatewayV2::Stage') as [
      string,
      Resource & { DependsOn: string[] },
    ];
    const settings = stage.Properties.RouteSettings[reportRequestRouteKey];
    expect(settings).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    expect(settings.ThrottlingRateLimit).toBeLessThan(
      stage.Properties.DefaultRouteSettings.ThrottlingRateLimit,
    );
    // API Gateway refuses settings of a route that does not exist yet.
    const [routeId] = ofType('AWS::ApiGatewayV2::Route').find(
      ([, route]) => route.Properties.RouteKey === reportRequestRouteKey,
    )!;
    expect(stage.DependsOn, stageId).toContain(routeId);
  });
});

/**
 * Lambda event filtering as far as the mailer's patterns use it: exact values and
 * `anything-but`, nested objects; a field the pattern names must exist.
 */
function matchesFilter(pattern: unknown, event: unknown): boolean {
  if (Array.isArray(pattern)) {
    if (event === undefined || (typeof event === 'object' && event !== null)) return false;
    return pattern.some((rule) =>
      rule && typeof rule === 'object' && 'anything-but' in rule
        ? !(rule as { 'anything-but': unknown[] })['anything-but'].includes(event)
        : rule === event,
    );
  }
  if (!event || typeof event !== 'object') return false;
  return Object.entries(pattern as object).every(([key, value]) =>
    matchesFilter(value, (event as Record<string, unknown>)[key]),
  );
}

/** The event source mapping of a function (each stream consumer has one). */
function mappingOf(functionId: string) {
  const found = ofType('AWS::Lambda::EventSourceMapping').filter(
    ([, resource]) => resource.Properties.FunctionName?.Ref === functionId,
  );
  expect(found, functionId).toHaveLength(1);
  return found[0]![1].Properties;
}

describe('report mailer', () => {
  const mailerId = () => logicalId(stack.reportDelivery.mailer.function);
  const mapping = () => mappingOf(mailerId());
  const queueId = () => logicalId(stack.reportDelivery.deadLetterQueue);

  it('reads the table stream from the oldest record, with retries, bisection and a DLQ', () => {
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': ['DataTableFDBAD0F2', 'StreamArn'] },
      FunctionName: { Ref: mailerId() },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: expect.any(Number),
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } },
    });
    // The stream keeps records for 24 hours: the age limit must send them on before that.
    expect(mapping().MaximumRecordAgeInSeconds).toBeLessThan(24 * 3600);
  });

  it("filters the stream exactly as the mailer's isDeliveryRecord does", () => {
    const patterns = mapping().FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );
    const invokes = (event: object) => patterns.some((p: unknown) => matchesFilter(p, event));
    const image = (type: string, status: string) => ({
      pk: { S: 'REPORTREQ#x' },
      sk: { S: 'REQUEST' },
      type: { S: type },
      status: { S: status },
    });
    // Every kind of change to a request record, and records of other items.
    const types = [mailerRecordFilter.type, 'suppressedRecipient', 'rateWindow'];
    const records: { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; dynamodb: object }[] = [];
    for (const type of types) {
      for (const status of deliveryStatuses) {
        records.push({ eventName: 'INSERT', dynamodb: { NewImage: image(type, status) } });
        records.push({ eventName: 'REMOVE', dynamodb: { OldImage: image(type, status) } });
        for (const before of deliveryStatuses) {
          records.push({
            eventName: 'MODIFY',
            dynamodb: { NewImage: image(type, status), OldImage: image(type, before) },
          });
        }
      }
    }
    const mismatches = records.filter(
      (record) => invokes(record) !== isDeliveryRecord(record as never),
    );
    expect(mismatches).toEqual([]);
    // The rule is not empty: a new request and a resend do invoke the mailer.
    expect(records.filter((record) => invokes(record)).length).toBe(3);
  });

  it('sends through the SES identity and configuration set, within 30 seconds', () => {
    const fn = resources[mailerId()]!;
    expect(fn.Properties.Timeout).toBe(30);
    const identityId = logicalId(stack.mail.identity);
    const statements = statementsOf(logicalId(stack.reportDelivery.mailer.role));
    const send = statements.find((statement) =>
      [statement.Action].flat().includes('ses:SendEmail'),
    );
    expect([send?.Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(send?.Resource)).toContain(identityId);
    expect(JSON.stringify(send?.Resource)).toContain(':configuration-set/');
    expect(actionsOf(logicalId(stack.reportDelivery.mailer.role))).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'sqs:SendMessage', 'dynamodb:UpdateItem']),
    );
  });

  it('keeps undelivered batches 14 days in an encrypted, TLS-only queue', () => {
    const queue = resources[queueId()]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const [, policy] = ofType('AWS::SQS::QueuePolicy').find(([, p]) =>
      p.Properties.Queues.some((q: { Ref: string }) => q.Ref === queueId()),
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });
});

describe('report signing', () => {
  const keyId = () => logicalId(stack.reportSigning.key);
  const parameterId = () => logicalId(stack.reportSigning.certificates);
  const roleOf = (fn: { role: unknown }) =>
    logicalId(fn.role as { node: { defaultChild?: unknown } });
  const kmsActions = (roleId: string) =>
    statementsOf(roleId)
      .filter((statement) => JSON.stringify(statement.Resource).includes(keyId()))
      .flatMap((statement) => [statement.Action].flat());

  it('is an asymmetric P-256 signing key, kept when the stack goes and refusing its deletion', () => {
    const key = resources[keyId()]!;
    expect(key.Properties).toMatchObject({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
    // Asymmetric keys cannot rotate automatically (docs/operations.md: a new key and chain).
    expect(key.Properties.EnableKeyRotation).toBeUndefined();
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
    expect(key.Properties.PendingWindowInDays).toBe(30);
    expect(key.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: 'kms:ScheduleKeyDeletion',
      }),
    );
    template.hasResourceProperties('AWS::KMS::Alias', {
      AliasName: 'alias/TestReportCenter/report-signing',
      TargetKeyId: { 'Fn::GetAtt': [keyId(), 'Arn'] },
    });
  });

  it('lets the report request alone sign; the signature check and DID document read the public key', () => {
    const signers = applicationFunctions()
      .map(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0] as string)
      .filter((roleId) => kmsActions(roleId).includes('kms:Sign'));
    expect(signers).toEqual([roleOf(stack.api.functionOf(reportRequestRouteKey)!)]);
    // It reads the certificate chain it signs with, from the parameter.
    expect(actionsOf(signers[0]!)).toEqual(expect.arrayContaining(['ssm:GetParameter']));
    for (const key of ['POST /api/report-requests/signature-check', 'GET /.well-known/did.json']) {
      const roleId = roleOf(stack.api.functionOf(key)!);
      expect(kmsActions(roleId), key).toEqual(['kms:GetPublicKey']);
      expect(
        actionsOf(roleId).filter((action) => action.startsWith('ssm:')),
        key,
      ).toEqual([]);
    }
    // No role anywhere else may use the key.
    const users = ofType('AWS::IAM::Role')
      .map(([id]) => id)
      .filter((id) => kmsActions(id).length > 0);
    expect(users.sort()).toEqual(
      [
        roleOf(stack.api.functionOf(reportRequestRouteKey)!),
        roleOf(stack.api.functionOf('POST /api/report-requests/signature-check')!),
        roleOf(stack.api.functionOf('GET /.well-known/did.json')!),
      ].sort(),
    );
  });

  it('names the key, the chain parameter and the timestamp authority to the functions', () => {
    const environment =
      resources[logicalId(stack.api.functionOf(reportRequestRouteKey)!.function)]!.Properties
        .Environment.Variables;
    expect(environment).toMatchObject({
      REPORT_SIGNING_KEY_ID: { 'Fn::GetAtt': [keyId(), 'Arn'] },
      REPORT_SIGNING_CERTIFICATES_PARAMETER: { Ref: parameterId() },
      TIMESTAMP_AUTHORITY_URL: 'http://timestamp.digicert.com',
    });
    expect(environment.REPORT_SIGNING_LOCAL_DIR).toBeUndefined();
    // No chain configured: the key's self-signed certificate stands in, in the advanced tier.
    expect(resources[parameterId()]!.Properties).toMatchObject({ Value: 'none', Tier: 'Advanced' });
  });

  it('takes a configured chain and timestamp authority, and refuses what is neither', () => {
    const make = (settings: Record<string, string>) => {
      const app = new App({ context: unbundledContext });
      return Template.fromStack(
        new TestReportCenterStack(app, 'Signing', { env: { region }, settings }),
      );
    };
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const configured = make({
      reportSigningCertificates: `${pem}\n`,
      timestampAuthorityUrl: 'https://tsa.example.com/tsr',
    });
    configured.hasResourceProperties('AWS::SSM::Parameter', { Value: pem });
    expect(JSON.stringify(configured.toJSON())).toContain('https://tsa.example.com/tsr');
    expect(() => make({ reportSigningCertificates: 'not a certificate' })).toThrow(/PEM/);
    expect(() => make({ timestampAuthorityUrl: 'ftp://tsa.example.com' })).toThrow(
      /timestampAuthorityUrl/,
    );
  });

  it('alarms on reports issued without a timestamp', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'TestReportCenter',
      MetricName: 'ReportsUntimestamped',
      Dimensions: [{ Name: 'service', Value: 'test-report-center' }],
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });
});

describe('alarms', () => {
  const topicId = () => logicalId(stack.monitoring.alarmTopic);
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);

  it('notify one encrypted, TLS-only topic, with the alarmEmail subscribed and its ARN output', () => {
    const topic = resources[topicId()]!;
    expect(topic.Properties.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^MonitoringAlarmTopicKey/), 'Arn'],
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: topicId() },
    });
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId() } });
    // CloudWatch encrypts what it publishes with the topic's key.
    const key = resources[topic.Properties.KmsMasterKeyId['Fn::GetAtt'][0]]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions, alarm.MetricName).toEqual([{ Ref: topicId() }]);
      expect(alarm.OKActions, alarm.MetricName).toEqual([{ Ref: topicId() }]);
    }
  });

  it('fire as soon as the mailer dead-letter queue holds a message', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [
          {
            Name: 'QueueName',
            Value: { 'Fn::GetAtt': [logicalId(stack.reportDelivery.deadLetterQueue), 'QueueName'] },
          },
        ],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        EvaluationPeriods: 1,
      }),
    );
  });

  it('fire when the SES bounce rate passes 5%', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/SES',
        MetricName: 'Reputation.BounceRate',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0.05,
      }),
    );
  });

  it('fire when recording a bounce or complaint failed', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [
          {
            Name: 'FunctionName',
            Value: { Ref: logicalId(stack.reportDelivery.suppression.function) },
          },
        ],
        Threshold: 0,
      }),
    );
  });
});

describe('bounce and complaint suppression', () => {
  const topicId = () => logicalId(stack.mail.feedbackTopic);

  it('publishes the configuration set bounces and complaints to an encrypted, TLS-only topic', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: logicalId(stack.mail.configurationSet) },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId() } },
      },
    });
    const topic = resources[topicId()]!;
    const keyId = topic.Properties.KmsMasterKeyId['Fn::GetAtt'][0];
    expect(resources[keyId]!.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Principal: { Service: 'ses.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({ Principal: { Service: 'ses.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      },
    });
  });

  it('delivers them to the suppression function, which may only put items into the table', () => {
    const functionId = logicalId(stack.reportDelivery.suppression.function);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId() },
      Endpoint: { 'Fn::GetAtt': [functionId, 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
      Principal: 'sns.amazonaws.com',
      SourceArn: { Ref: topicId() },
    });
    expect(resources[functionId]!.Properties.Handler).toBe('index.handler');
    const dynamodbActions = actionsOf(logicalId(stack.reportDelivery.suppression.role)).filter(
      (action) => action.startsWith('dynamodb:'),
    );
    expect(dynamodbActions).toEqual(['dynamodb:PutItem']);
  });
});

describe('web ACL', () => {
  const rulesOf = (webAcl: EdgeWebAcl) => {
    const rules = Template.fromStack(Stack.of(webAcl)).toJSON().Resources;
    const [acl] = Object.values(rules).filter(
      (resource) => (resource as Resource).Type === 'AWS::WAFv2::WebACL',
    ) as Resource[];
    return acl!.Properties.Rules as {
      Name: string;
      Priority: number;
      Action?: unknown;
      Statement: { RateBasedStatement?: Record<string, unknown> };
    }[];
  };
  const aclIn = (props: ConstructorParameters<typeof EdgeWebAcl>[2] = {}) =>
    new EdgeWebAcl(
      new Stack(new App({ context: unbundledContext }), 'Waf', { env: { region } }),
      'WebAcl',
      props,
    );

  it('blocks an address that makes too many requests under /api/report-requests', () => {
    const rule = rulesOf(aclIn()).find((r) => r.Name === 'ReportCenterPerAddress')!;
    expect(rule.Action).toEqual({ Block: {} });
    expect(rule.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: 100,
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/report-requests',
          TextTransformations: [
            { Priority: 0, Type: 'URL_DECODE' },
            { Priority: 1, Type: 'NORMALIZE_PATH' },
          ],
        },
      },
    });
  });

  it('blocks an address that looks up too many units, by identity link or unit data', () => {
    const lookups = (props = {}) => {
      const rule = rulesOf(aclIn(props)).find((r) => r.Name === 'UnitLookupsPerAddress')!;
      return {
        action: rule.Action,
        ...(rule.Statement.RateBasedStatement as {
          Limit: number;
          ScopeDownStatement: {
            OrStatement: { Statements: { ByteMatchStatement: { SearchString: string } }[] };
          };
        }),
      };
    };
    const rule = lookups();
    expect(rule.action).toEqual({ Block: {} });
    expect(rule.Limit).toBe(300);
    expect(lookups({ unitLookupsPerAddress: 50 }).Limit).toBe(50);
    const prefixes = rule.ScopeDownStatement.OrStatement.Statements.map(
      (match) => match.ByteMatchStatement.SearchString,
    );
    expect(prefixes).toEqual([...unitLookupPathPrefixes]);
    // Every public path that says whether a serial exists is under one of them.
    const lookupPaths = [
      ...resolverPathPatterns.filter((pattern) => pattern.endsWith('/*')),
      ...routes
        .filter((route) => isPublic(route) && route.path.includes('{serial'))
        .map((route) => route.path),
    ];
    expect(lookupPaths.length).toBeGreaterThan(2);
    for (const path of lookupPaths) {
      expect(
        prefixes.some((prefix) => path.startsWith(prefix)),
        path,
      ).toBe(true);
    }
  });

  it('counts the IPv6 clients of one network together on the public look-ups', () => {
    const networkRule = (props = {}) =>
      rulesOf(aclIn(props)).find((r) => r.Name === 'PublicLookupsPerIpv6Network')!;
    const acl = aclIn();
    const rule = rulesOf(acl).find((r) => r.Name === 'PublicLookupsPerIpv6Network')!;
    const statement = rule.Statement.RateBasedStatement as unknown as {
      AggregateKeyType: string;
      CustomKeys: unknown[];
      Limit: number;
      ScopeDownStatement: {
        AndStatement: {
          Statements: [
            { IPSetReferenceStatement: { Arn: unknown } },
            { OrStatement: { Statements: { ByteMatchStatement: { SearchString: string } }[] } },
          ];
        };
      };
    };
    expect(rule.Action).toEqual({ Block: {} });
    expect(statement.AggregateKeyType).toBe('CUSTOM_KEYS');
    expect(statement.CustomKeys).toEqual([{ ASN: {} }]);
    expect(statement.Limit).toBe(3000);
    expect(networkRule({ ipv6LookupsPerNetwork: 900 }).Statement.RateBasedStatement?.Limit).toBe(
      900,
    );
    const [ipSetMatch, paths] = statement.ScopeDownStatement.AndStatement.Statements;
    // Scoped to IPv6 clients: an IP set of every IPv6 address (WAF takes no /0 range).
    const ipSets = Object.entries(
      Template.fromStack(Stack.of(acl)).findResources('AWS::WAFv2::IPSet'),
    );
    expect(ipSets).toHaveLength(1);
    const [ipSetId, ipSet] = ipSets[0]!;
    expect(ipSetMatch.IPSetReferenceStatement.Arn).toEqual({ 'Fn::GetAtt': [ipSetId, 'Arn'] });
    expect(ipSet.Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      IPAddressVersion: 'IPV6',
      Addresses: ['::/1', '8000::/1'],
    });
    expect(
      paths.OrStatement.Statements.map((match) => match.ByteMatchStatement.SearchString),
    ).toEqual([...unitLookupPathPrefixes, '/api/report-requests']);
    expect(() => aclIn({ ipv6LookupsPerNetwork: 3 })).toThrow(/ipv6LookupsPerNetwork/);
  });

  it('keeps the tighter limit on report requests, the site-wide one and unique priorities', () => {
    const rules = rulesOf(
      aclIn({ reportRequestsPerAddress: 20, reportCenterRequestsPerAddress: 300 }),
    );
    const limit = (name: string) =>
      rules.find((r) => r.Name === name)?.Statement.RateBasedStatement?.Limit;
    expect(limit('ReportRequestsPerAddress')).toBe(20);
    expect(limit('ReportCenterPerAddress')).toBe(300);
    expect(limit('RequestsPerAddress')).toBe(2000);
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('refuses rate limits WAF would refuse at deploy time', () => {
    expect(() => aclIn({ reportCenterRequestsPerAddress: 5 })).toThrow(
      /reportCenterRequestsPerAddress/,
    );
    expect(() => aclIn({ reportRequestsPerAddress: 12.5 })).toThrow(/reportRequestsPerAddress/);
  });

  it('takes its report center limits from the stack settings', () => {
    const { template: variant } = build({
      createWebAcl: true,
      wafReportRequestsPerAddress: 25,
      wafReportCenterRequestsPerAddress: 250,
      wafUnitLookupsPerAddress: 400,
    });
    const [acl] = Object.values(variant.findResources('AWS::WAFv2::WebACL')) as Resource[];
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
    expect(limits).toMatchObject({
      ReportRequestsPerAddress: 25,
      ReportCenterPerAddress: 250,
      UnitLookupsPerAddress: 400,
    });
  });
});
