import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CfnElement,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { productName } from '../../lambdas/shared/contract/product-name';
import { resolverPathPatterns } from '../../lambdas/resolver/routes';
import {
  contentSecurityPolicy,
  referrerPolicy,
  strictTransportSecurity,
} from '../security-headers';
import { repositoryRoot } from './function';

export interface WebProps {
  /** Host name of the HTTP API, the origin of `/api/*`. */
  readonly apiDomainName: string;
  /** Receives CloudFront standard logs and the SPA bucket's server access logs. */
  readonly accessLogsBucket: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Provider named in the visitor's consent statement. */
  readonly providerName: string;
  /** Privacy policy linked from the consent statement. */
  readonly privacyPolicyUrl: string;
  /**
   * Alternate domain names, e.g. `app.example.com` and `report.example.com`; needs
   * `certificateArn`.
   * @default - only the generated `*.cloudfront.net` name
   */
  readonly domainNames?: string[];
  /**
   * ACM certificate covering `domainNames`; CloudFront requires it in us-east-1.
   * @default - the CloudFront default certificate
   */
  readonly certificateArn?: string;
  /**
   * WAF web ACL (scope CLOUDFRONT, hence in us-east-1) to attach to the distribution.
   * @default - no web ACL (see docs/deploy.md)
   */
  readonly webAclArn?: string;
  /**
   * Folder with the built single-page app; deployed only when it exists at synth time,
   * so the stack synthesizes before a web build.
   * @default `web/dist` in the repository
   */
  readonly webDistPath?: string;
}

/** Shape of `/config.json`, read by the web app at start (the local stack adds `userPoolEndpoint`). */
export interface WebRuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  appName: string;
  providerName: string;
  privacyPolicyUrl: string;
}

/** `max-age=…; includeSubDomains; preload` → the policy's structured form. */
function parseStrictTransportSecurity(header: string) {
  const directives = header.split(';').map((directive) => directive.trim().toLowerCase());
  const maxAge = directives.find((directive) => directive.startsWith('max-age='));
  if (!maxAge) throw new Error(`No max-age in Strict-Transport-Security "${header}"`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge.slice('max-age='.length))),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    override: true,
  };
}

function toReferrerPolicy(value: string): HeadersReferrerPolicy {
  const policy = Object.values(HeadersReferrerPolicy).find((candidate) => candidate === value);
  if (!policy) throw new Error(`Referrer-Policy "${value}" is not supported by CloudFront`);
  return policy;
}

/**
 * The one public origin: a CloudFront distribution serving the single-page app from a
 * private bucket and forwarding `/api/*` to the HTTP API, so the browser needs no CORS.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    const { domainNames = [], certificateArn } = props;
    if (domainNames.length > 0 && !certificateArn) {
      throw new Error('domainNames need certificateArn (an ACM certificate in us-east-1)');
    }

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    const viewerRequest = new CloudFrontFunction(this, 'ViewerRequest', {
      code: FunctionCode.fromFile({
        filePath: join(repositoryRoot, 'lib/edge/viewer-request.js'),
      }),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Host rule (report hosts serve /search only) and single-page app fallback',
    });
    const functionAssociations = [
      { function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST },
    ];

    const responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of lib/security-headers.ts',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connectSources: [`https://cognito-idp.${region}.amazonaws.com`],
          }),
          override: true,
        },
        strictTransportSecurity: parseStrictTransportSecurity(strictTransportSecurity),
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: toReferrerPolicy(referrerPolicy), override: true },
      },
    });

    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      }),
      // A redirected POST would lose its body: API calls must use HTTPS from the start.
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Forwards Authorization, query strings and cookies; the Host header must be the
      // API's own for API Gateway to route the request. The managed policy also adds
      // CloudFront's own headers, among them `CloudFront-Viewer-Address` (ip:port of the
      // connection CloudFront accepted), the client address the report request limits per
      // address (lambdas/report-requests/identifiers.ts). No custom policy can do the same:
      // one that forwards every viewer header but Host cannot add CloudFront headers, and
      // none may name Authorization. A call straight to the execute-api endpoint bypasses
      // CloudFront and may carry any value (docs/deploy.md, WAF).
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
      functionAssociations,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Test Report Center',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy,
        functionAssociations,
      },
      // The identification-link resolver answers at the root (`/01/...`, `/id/...`), where
      // GS1 Digital Link puts unit links (docs/identity-links.md).
      additionalBehaviors: {
        '/api/*': apiBehavior,
        ...Object.fromEntries(resolverPathPatterns.map((pattern) => [pattern, apiBehavior])),
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      ...(certificateArn
        ? {
            domainNames,
            certificate: Certificate.fromCertificateArn(this, 'Certificate', certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'Visitors anywhere must reach the Test Report Center for their unit; abuse is handled ' +
        'by rate limits and WAF rather than by country.',
    });
    if (!certificateArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default certificate, whose policy ' +
          'AWS fixes; production sets domainNames and certificateArn (docs/deploy.md), which ' +
          'applies TLSv1.2_2021.',
      });
    }
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'A CLOUDFRONT-scope web ACL must live in us-east-1: pass its ARN with -c webAclArn ' +
          'or create one with -c createWebAcl=true in us-east-1 (docs/deploy.md). The API ' +
          'also rate-limits the public endpoint itself.',
      });
    }

    this.deploySite(props);
  }

  /** Uploads the SPA build (when present) and `/config.json`, then invalidates the cache. */
  private deploySite(props: WebProps): void {
    const config: WebRuntimeConfig = {
      region: Stack.of(this).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      appName: productName,
      providerName: props.providerName,
      privacyPolicyUrl: props.privacyPolicyUrl,
    };
    const distPath = props.webDistPath ?? join(repositoryRoot, 'web/dist');
    const hasBuild = existsSync(join(distPath, 'index.html'));
    const sources: ISource[] = [Source.jsonData('config.json', config)];
    if (hasBuild) sources.unshift(Source.asset(distPath));

    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    new BucketDeployment(this, 'Deployment', {
      sources,
      destinationBucket: this.bucket,
      // Without a build only config.json is written; pruning then would delete the site
      // deployed last time.
      prune: hasBuild,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      role,
      logGroup,
      memoryLimit: 512,
      // The object list is unused, and with a large build it would exceed the 4 KB limit
      // of a custom resource response.
      outputObjectKeys: false,
    });
    acknowledgeDeploymentHandler(this, this.bucket, role);
  }
}

/**
 * The BucketDeployment handler is a CDK-provided singleton function; its permissions and
 * runtime are chosen by aws-cdk-lib. Each wildcard finding is listed, so a change in what
 * CDK grants shows up as a new finding instead of being silently accepted.
 */
function acknowledgeDeploymentHandler(scope: Construct, siteBucket: Bucket, role: Role): void {
  const stack = Stack.of(scope);
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const qualifier =
    stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetBucket = `arn:${stack.partition}:s3:::cdk-${qualifier}-assets-${account}-${stack.region}`;
  const siteBucketId = stack.getLogicalId(siteBucket.node.defaultChild as CfnElement);
  const findings = [
    'Action::s3:GetBucket*',
    'Action::s3:GetObject*',
    'Action::s3:List*',
    'Action::s3:DeleteObject*',
    'Action::s3:Abort*',
    `Resource::${assetBucket}/*`,
    `Resource::<${siteBucketId}.Arn>/*`,
    'Resource::*',
  ];
  const reason =
    'CDK BucketDeployment reads the build from the CDK asset bucket, replaces the objects ' +
    'of the site bucket and invalidates the distribution (cloudfront:CreateInvalidation has ' +
    'no narrower resource here); aws-cdk-lib generates these object-level grants.';
  for (const finding of findings) {
    Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  }
  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'The runtime of the CDK-provided BucketDeployment handler is set by aws-cdk-lib.',
      });
    }
  }
}
