import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  type Grant as RouteGrant,
  handlerModules,
  hasRoles,
  type RouteDefinition,
  routes as allRoutes,
} from '../../lambdas/routes';
import { reportPdfAssets } from '../../lambdas/report-requests/pdf/assets';
import { grantImportsWrite, grantReportsRead, grantReportsWrite } from './data';
import { AppFunction, type AppFunctionProps, type SharedEnvironment } from './function';
import type { ReportSigning } from './report-signing';

/**
 * The Cognito admin APIs behind `userPoolAdmin`: what the staff pages use to list, create
 * (and resend an invitation: `AdminCreateUser` with `RESEND`), edit, enable/disable, reset
 * the password or the authenticator app of, and sign out accounts. Accounts are disabled,
 * not removed; delete serves only to undo a creation whose audit entry could not be
 * written (lambdas/staff/service.ts).
 */
export const userPoolAdminActions = [
  'cognito-idp:ListUsers',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminSetUserMFAPreference',
] as const;

/**
 * The Cognito admin APIs behind `ownAccount`: the own-account routes change the caller's
 * name, end their sessions and turn their authenticator app off (lambdas/staff/
 * account-handler.ts), on the caller's account only by their code; no other admin API, as
 * any staff member calls them.
 */
export const ownAccountActions = [
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminSetUserMFAPreference',
] as const;

/** Settings a handler needs beyond the function defaults. */
type FunctionOverrides = Partial<Pick<AppFunctionProps, 'memorySize' | 'timeout' | 'bundledFiles'>>;

/**
 * Per handler module. The report request renders the PDF in the request: CPU scales with
 * memory, and the fonts and harfbuzz WebAssembly must sit next to its bundle.
 */
export const functionOverrides: Readonly<Record<string, FunctionOverrides>> = {
  'lambdas/report-requests/create-handler.ts': { memorySize: 1024, bundledFiles: reportPdfAssets },
  // A part of a label run (up to 500 labels) draws with the report's fonts: CPU and the files.
  'lambdas/labels/handler.ts': { memorySize: 1024, bundledFiles: reportPdfAssets },
  // The same for a part of a run of several ranges.
  'lambdas/labels/run-handler.ts': { memorySize: 1024, bundledFiles: reportPdfAssets },
  // A file import checks up to 5,000 rows against their schemas and the catalogue in one
  // request (docs/api.md, "Imports"): CPU, which scales with memory.
  'lambdas/products/import-handler.ts': { memorySize: 1024 },
  'lambdas/serial-ranges/import-handler.ts': { memorySize: 1024 },
};

/** Stage throttling of one route, on top of the stage-wide default. */
export interface RouteThrottle {
  /** Steady-state requests per second, all clients together. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export interface ApiProps {
  readonly table: ITableV2;
  readonly userPool: IUserPool;
  /** The client whose ID tokens the JWT authorizer accepts (its `aud`). */
  readonly userPoolClient: IUserPoolClient;
  readonly reportsBucket: IBucket;
  /**
   * The report signing key and certificate chain, for the `reportSigning` and
   * `signingPublicKey` grants.
   * @default - none: a route table with those grants is refused
   */
  readonly reportSigning?: ReportSigning;
  /** Environment shared by every function. */
  readonly environment: SharedEnvironment;
  /**
   * Routes to serve; one function is built per distinct handler module.
   * @default - every route of lambdas/routes.ts
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Steady-state request rate for the whole stage (requests per second).
   * @default 50
   */
  readonly throttlingRateLimit?: number;
  /**
   * Burst size for the whole stage.
   * @default 100
   */
  readonly throttlingBurstLimit?: number;
  /**
   * Throttling of `POST /api/report-requests`, all clients together: each request renders
   * a PDF and sends a mail (SES production accounts typically start at 14 mails per
   * second). The handler also limits per address and per recipient, and WAF per address.
   * @default { rateLimit: 10, burstLimit: 20 }
   */
  readonly reportRequestThrottle?: RouteThrottle;
}

/** The route whose throttling `reportRequestThrottle` sets. */
export const reportRequestRouteKey = 'POST /api/report-requests';

/**
 * One JSON object per request, for CloudWatch Logs Insights. Behind CloudFront the source
 * address is an edge server's; the viewer's arrives in X-Forwarded-For.
 */
const accessLogFields = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  responseLength: '$context.responseLength',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  authorizerError: '$context.authorizer.error',
  integrationError: '$context.integrationErrorMessage',
};

/**
 * `lambdas/report-requests/pdf.ts` → `ReportRequestsPdf`, `lambdas/staff/account-handler.ts` →
 * `StaffAccount`: a stable construct id.
 */
function functionId(handlerModule: string): string {
  const segments = handlerModule
    .replace(/^lambdas\//, '')
    .replace(/\.[cm]?[jt]s$/, '')
    .split('/')
    .filter((segment, index, all) => !(segment === 'handler' && index === all.length - 1))
    .map((segment, index, all) =>
      index === all.length - 1 ? segment.replace(/-handler$/, '') : segment,
    );
  return segments
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .map(capitalize)
    .join('');
}

/** `GET /api/products/{id}` → `GetApiProductsId`, a stable construct id. */
function routeId(route: RouteDefinition): string {
  return [route.method.toLowerCase(), ...route.path.split(/[^A-Za-z0-9]+/)]
    .map(capitalize)
    .join('');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The HTTP API behind CloudFront's `/api/*`: one route per route-table row, one function
 * per handler module, the Cognito JWT authorizer on every signed-in route.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** Functions by handler module (the route table's `handler`). */
  readonly functions: ReadonlyMap<string, AppFunction>;
  /** Host name of the API's default endpoint, for the CloudFront origin. */
  readonly domainName: string;
  private readonly routeFunctions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const routes = props.routes ?? allRoutes;

    // Browsers reach the API only through CloudFront on the same origin, so no CORS.
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: {
        rateLimit: props.throttlingRateLimit ?? 50,
        burstLimit: props.throttlingBurstLimit ?? 100,
      },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    });
    const stack = Stack.of(this);
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const modules = props.routes ? [...new Set(routes.map((r) => r.handler))] : handlerModules();
    const functions = new Map<string, AppFunction>();
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const handlerModule of modules) {
      // The longest time limit the module's routes ask for (lambdas/shared/route-spec.ts).
      const seconds = Math.max(
        0,
        ...routes
          .filter((route) => route.handler === handlerModule)
          .map((route) => route.timeoutSeconds ?? 0),
      );
      const fn = new AppFunction(this, functionId(handlerModule), {
        handlerModule,
        table: props.table,
        environment: props.environment,
        ...(seconds > 0 ? { timeout: Duration.seconds(seconds) } : {}),
        ...functionOverrides[handlerModule],
      });
      functions.set(handlerModule, fn);
      integrations.set(
        handlerModule,
        new HttpLambdaIntegration(`${functionId(handlerModule)}Integration`, fn.function),
      );
    }
    this.functions = functions;

    const httpRoutes = new Map<string, HttpRoute>();
    for (const route of routes) {
      const integration = integrations.get(route.handler);
      if (!integration) throw new Error(`No function for ${route.handler}`);
      const httpRoute = new HttpRoute(this, routeId(route), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        // Public and machine routes carry no JWT: the handler middleware applies their
        // access rule (rate limits; machine-key check).
        authorizer: Array.isArray(route.access) ? authorizer : undefined,
      });
      httpRoutes.set(`${route.method} ${route.path}`, httpRoute);
      this.routeFunctions.set(`${route.method} ${route.path}`, functions.get(route.handler)!);
      if (!Array.isArray(route.access)) {
        const reason =
          route.access === 'public'
            ? 'Public by design (lambdas/routes.ts): visitors of the Test Report Center are not ' +
              'signed in; the handler rate-limits per client and recipient, and WAF per address.'
            : 'Called by test-bench machines, which authenticate with a machine key checked ' +
              'against its stored hash in the handler, not with a Cognito token.';
        Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason });
      }
    }

    const signing = () => {
      if (!props.reportSigning) throw new Error('Routes that sign need the reportSigning prop');
      return props.reportSigning;
    };
    // The route table's `grants`, per handler module (a module serving several routes gets
    // the union).
    const grants = new Map<string, Set<RouteGrant>>();
    for (const route of routes) {
      const moduleGrants = grants.get(route.handler) ?? new Set<RouteGrant>();
      for (const grant of route.grants ?? []) moduleGrants.add(grant);
      grants.set(route.handler, moduleGrants);
    }
    // Routes with roles read their caller's account on each call (the standing check).
    for (const handlerModule of new Set(routes.filter(hasRoles).map((route) => route.handler))) {
      functions.get(handlerModule)!.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['cognito-idp:AdminGetUser'],
          resources: [props.userPool.userPoolArn],
        }),
      );
    }
    for (const [handlerModule, moduleGrants] of grants) {
      const fn = functions.get(handlerModule)!;
      if (moduleGrants.has('userPoolAdmin')) this.grantUserPoolAdmin(fn, props);
      if (moduleGrants.has('ownAccount')) {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: [...ownAccountActions],
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (moduleGrants.has('dependencyProbes')) this.grantDependencyProbes(fn, props);
      if (moduleGrants.has('reportsWrite')) grantReportsWrite(fn, props.reportsBucket);
      if (moduleGrants.has('reportsRead')) grantReportsRead(fn, props.reportsBucket);
      if (moduleGrants.has('importsWrite')) grantImportsWrite(fn, props.reportsBucket);
      if (moduleGrants.has('reportSigning')) signing().grantSign(fn.function);
      if (moduleGrants.has('signingPublicKey')) signing().grantReadPublicKey(fn.function);
    }

    const reportRequestRoute = httpRoutes.get(reportRequestRouteKey);
    if (reportRequestRoute) {
      const throttle = props.reportRequestThrottle ?? { rateLimit: 10, burstLimit: 20 };
      const cfnStage = stage.node.defaultChild as CfnStage;
      // Route settings replace the stage defaults for the route (no merging), and API
      // Gateway refuses settings for a route key that does not exist yet.
      // `routeSettings` is plain JSON to CDK: CloudFormation's property names, as written.
      cfnStage.routeSettings = {
        [reportRequestRouteKey]: {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        },
      };
      cfnStage.node.addDependency(reportRequestRoute);
    }
  }

  /**
   * The share of requests answered with a 5xx status (0.05 = 5%) per `period`, from the
   * API's `5xx` and `Count` metrics. Periods with fewer than `minimumRequests` requests
   * count as 0, so one failed request at night does not make a rate of 100%. Deliberate
   * 503s (a dependency unreachable) are included: visitors see them as failures too.
   */
  serverErrorRate(options: { period?: Duration; minimumRequests?: number } = {}): MathExpression {
    const period = options.period ?? Duration.minutes(5);
    const minimumRequests = options.minimumRequests ?? 20;
    return new MathExpression({
      expression: `IF(requests >= ${minimumRequests}, errors / requests, 0)`,
      usingMetrics: {
        errors: this.httpApi.metricServerError({ period, statistic: 'Sum' }),
        requests: this.httpApi.metricCount({ period, statistic: 'Sum' }),
      },
      period,
      label: 'API 5xx rate',
    });
  }

  /** The function of a route, e.g. `POST /api/report-requests`. */
  functionOf(routeKey: string): AppFunction | undefined {
    return this.routeFunctions.get(routeKey);
  }

  /** `userPoolAdmin`: the staff-account APIs, on this stack's user pool only. */
  private grantUserPoolAdmin(fn: AppFunction, props: ApiProps): void {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...userPoolAdminActions],
        resources: [props.userPool.userPoolArn],
      }),
    );
  }

  /** `dependencyProbes`: the cheapest read of each dependency; nothing it could change. */
  private grantDependencyProbes(fn: AppFunction, props: ApiProps): void {
    const role = fn.role;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:DescribeTable'],
        resources: [props.table.tableArn],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:DescribeUserPool'],
        resources: [props.userPool.userPoolArn],
      }),
    );
    // HeadBucket is authorized as s3:ListBucket.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.reportsBucket.bucketArn],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }),
    );
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'ses:GetAccount reads account-level sending status and has no resource type; X-Ray ' +
        'tracing actions support no resource-level permissions either.',
    });
  }
}
