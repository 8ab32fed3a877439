import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerModules, isPublic, routeKey, routes } from '../../lambdas/routes';
import { environmentVariables } from '../../lambdas/shared/config';
import { roleClaim } from '../../lambdas/shared/contract/roles';
import { tableDefinition } from '../../lambdas/shared/table';
import { Api } from '../../lib/constructs/api';
import { Auth } from '../../lib/constructs/auth';
import { Data } from '../../lib/constructs/data';
import { repositoryRoot } from '../../lib/constructs/function';
import { EdgeWebAcl } from '../../lib/constructs/waf';
import { TestReportCenterStack } from '../../lib/stack';

/** cdk.json's feature flags, so the template here is the one `cdk synth` produces. */
const cdkContext = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')).context;

const region = 'us-east-1';
const certificateArn =
  'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

// Template JSON is untyped; the assertions below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

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

/** Functions built from the route table (not the CDK-provided BucketDeployment handler). */
function applicationFunctions(): [string, Resource][] {
  return ofType('AWS::Lambda::Function').filter(
    ([id]) => !id.startsWith('CustomCDKBucketDeployment'),
  );
}

beforeAll(() => {
  const app = new App({ context: cdkContext });
  // A production-like configuration: custom domains with their certificate, a first admin.
  const stack = new TestReportCenterStack(app, 'TestReportCenter', {
    env: { region },
    settings: {
      mailFrom: 'reports@example.com',
      providerName: 'Acme Valves',
      privacyPolicyUrl: 'https://example.com/privacy',
      domainNames: ['app.example.com', 'report.example.com'],
      certificateArn,
      adminEmail: 'admin@example.com',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/trc/abc',
    },
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
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
  const awsVariables = environmentVariables.filter(
    (name) => name !== 'AWS_REGION' && !name.endsWith('_ENDPOINT'),
  );

  it('builds one function per handler module', () => {
    expect(applicationFunctions()).toHaveLength(handlerModules().length);
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
      expect(names.filter((name) => name === 'AWS_REGION' || name.endsWith('_ENDPOINT'))).toEqual(
        [],
      );
      expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe('reports@example.com');
    }
  });

  it('lets the health function describe each dependency', () => {
    const health = applicationFunctions().find(([id]) => id.startsWith('ApiHealthFunction'));
    expect(health).toBeDefined();
    const roleId = health![1].Properties.Role['Fn::GetAtt'][0] as string;
    const [, policy] = ofType('AWS::IAM::Policy').find(([, p]) =>
      p.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )!;
    const actions = policy.Properties.PolicyDocument.Statement.flatMap(
      (statement: { Action: string | string[] }) => [statement.Action].flat(),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:DescribeTable',
        'cognito-idp:DescribeUserPool',
        's3:ListBucket',
        'ses:GetAccount',
      ]),
    );
  });
});

describe('user pool', () => {
  it('signs in by email, case-insensitively, with a strong password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
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
    const stack = new Stack(new App({ context: cdkContext }), 'MachineRoutes', { env: { region } });
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
        APP_URL_PARAMETER: '/MachineRoutes/app-url',
      },
      routes: [
        {
          method: 'POST',
          path: '/api/machine-data/ingest',
          handler: 'lambdas/health/handler.ts',
          access: 'machine',
        },
        {
          method: 'GET',
          path: '/api/dashboard',
          handler: 'lambdas/health/handler.ts',
          access: ['admin'],
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

describe('setting guards', () => {
  const stackIn = (stackRegion: string) =>
    new Stack(new App({ context: cdkContext }), 'Guard', { env: { region: stackRegion } });

  it('refuses to create a CloudFront web ACL outside us-east-1', () => {
    expect(() => new EdgeWebAcl(stackIn('eu-central-1'), 'WebAcl')).toThrow(/us-east-1/);
    expect(() => new EdgeWebAcl(stackIn('us-east-1'), 'WebAcl')).not.toThrow();
  });

  it('refuses custom domain names without a certificate', () => {
    const app = new App({ context: cdkContext });
    expect(
      () =>
        new TestReportCenterStack(app, 'NoCertificate', {
          env: { region },
          settings: { domainNames: ['report.example.com'] },
        }),
    ).toThrow(/certificateArn/);
  });
});
