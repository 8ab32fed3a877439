import {
  type CfnElement,
  CfnOutput,
  CustomResource,
  Duration,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { UserPoolEmail, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  Provider,
} from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { AppFunction, type SharedEnvironment } from './constructs/function';
import { ReportSigning } from './constructs/report-signing';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { ImportWorker } from './constructs/import-worker';
import { ReportDelivery } from './constructs/report-delivery';
import { EdgeWebAcl } from './constructs/waf';
import { Web } from './constructs/web';
import { appUrlItem } from '../lambdas/shared/app-url';
import { keys } from '../lambdas/shared/keys';
import { migrations } from '../lambdas/migrations/run';

/** Operator settings; bin/app.ts reads them from CDK context (docs/deploy.md). */
export interface TestReportCenterSettings {
  /**
   * Sender address of report mails; must be verified in SES.
   * @default 'no-reply@example.com' - a placeholder that lets synth run; set it to deploy
   */
  readonly mailFrom?: string;
  /**
   * Verify this whole domain in SES instead of the single `mailFrom` address.
   * @default - the address alone is verified
   */
  readonly mailDomain?: string;
  /**
   * Provider named in the visitor's consent statement.
   * @default 'Test Report Center'
   */
  readonly providerName?: string;
  /**
   * The provider's postal address, printed under its name on every report.
   * @default - none printed
   */
  readonly providerAddress?: string;
  /**
   * Privacy policy linked from the consent statement.
   * @default 'https://example.com/privacy' - a placeholder; set it to deploy
   */
  readonly privacyPolicyUrl?: string;
  /**
   * Alternate domain names of the distribution (hosts containing `client` or `report`
   * serve only the Test Report Center).
   * @default - none
   */
  readonly domainNames?: string[];
  /**
   * Base of every unit's identification link, e.g. `https://report.example.com`
   * (`<base>/01/<GTIN>/21/<serial>`, `<base>/id/<serial>`). Printed on labels in QR codes,
   * so set it before the first label is printed and never change it (IEC 61406-1: the
   * link is never altered). It must reach this distribution (one of `domainNames`).
   * @default - `https://` + the first report host of `domainNames` (a name containing
   * `report` or `client`), else the app's address (`AppUrl`)
   */
  readonly identityLinkBase?: string;
  /**
   * ACM certificate (us-east-1) for `domainNames`.
   * @default - none
   */
  readonly certificateArn?: string;
  /**
   * Email of the first admin, created with a temporary password mailed by Cognito.
   * @default - none
   */
  readonly adminEmail?: string;
  /**
   * Existing CLOUDFRONT-scope web ACL to attach.
   * @default - none, unless `createWebAcl`
   */
  readonly webAclArn?: string;
  /**
   * Create the project's web ACL in this stack (only when it is deployed in us-east-1).
   * @default false
   */
  readonly createWebAcl?: boolean;
  /**
   * Cognito threat protection (Plus feature plan, billed per active user).
   * @default false
   */
  readonly threatProtection?: boolean;
  /**
   * Let Cognito send its mails (password reset, sign-up code, invitation) through SES from
   * this address instead of its default sender, which has a small daily quota. The address
   * must be covered by the Mail identity (`mailFrom` itself, or an address of `mailDomain`),
   * and that identity must already be verified when this is deployed.
   * @default - Cognito's default sender
   */
  readonly cognitoSesFrom?: string;
  /**
   * Days a report's PDF link works and visitors' emails and addresses are kept.
   * @default 30
   */
  readonly reportRetentionDays?: number;
  /**
   * Reports one recipient email may receive per window.
   * @default 5
   */
  readonly reportLimitPerEmail?: number;
  /** @default 60 */
  readonly reportLimitEmailWindowMinutes?: number;
  /**
   * Report requests one client address may make per window.
   * @default 30
   */
  readonly reportLimitPerAddress?: number;
  /** @default 10 */
  readonly reportLimitAddressWindowMinutes?: number;
  /**
   * Public look-ups (identification links, unit data, report verifications) one client
   * address may make per window, counted by the functions (an IPv6 client by its /64).
   * @default 200
   */
  readonly lookupLimitPerAddress?: number;
  /** @default 5 */
  readonly lookupLimitWindowMinutes?: number;
  /**
   * Code and link mails Cognito may send one recipient per window (sign-up code, resend,
   * password reset, email change; lambdas/auth/code-mail-quota.ts).
   * @default 5
   */
  readonly codeMailLimitPerEmail?: number;
  /** @default 60 */
  readonly codeMailLimitWindowMinutes?: number;
  /**
   * Subscribes this address to the alarm topic (mail undeliverable after retries, SES
   * bounce rate, suppression failures). AWS mails a confirmation link first.
   * @default - no subscription; subscribe to the `AlarmTopicArn` output by hand
   */
  readonly alarmEmail?: string;
  /**
   * Report requests (`POST /api/report-requests`) one address may make per 5 minutes
   * before the web ACL of `createWebAcl` blocks it.
   * @default 50
   */
  readonly wafReportRequestsPerAddress?: number;
  /**
   * Requests under `/api/report-requests` (requests, PDFs, verification) one address may
   * make per 5 minutes before the web ACL of `createWebAcl` blocks it.
   * @default 100
   */
  readonly wafReportCenterRequestsPerAddress?: number;
  /**
   * Public unit look-ups (`/01/…`, `/id/…`, `/api/units/…`) one address may make per 5
   * minutes before the web ACL of `createWebAcl` blocks it.
   * @default 300
   */
  readonly wafUnitLookupsPerAddress?: number;
  /**
   * Public look-ups per 5 minutes the IPv6 clients of one network (autonomous system) may
   * make together before the web ACL of `createWebAcl` blocks them (lib/constructs/waf.ts).
   * @default 3000
   */
  readonly wafIpv6LookupsPerNetwork?: number;
  /**
   * The report signing certificate chain (PEM contents: the signer's certificate for the
   * report signing key, then its CAs). bin/app.ts reads it from the file the
   * `reportSigningCertificates` context names (docs/deploy.md, "Report signatures").
   * @default - none: the key's self-signed certificate stands in
   */
  readonly reportSigningCertificates?: string;
  /**
   * The RFC 3161 timestamp authority of report signatures.
   * @default 'http://timestamp.digicert.com'
   */
  readonly timestampAuthorityUrl?: string;
  /**
   * Report requests per second the API accepts from all visitors together.
   * @default 10
   */
  readonly reportRequestsPerSecond?: number;
  /**
   * Burst of report requests the API accepts above `reportRequestsPerSecond`.
   * @default 20
   */
  readonly reportRequestsBurst?: number;
}

export interface TestReportCenterStackProps extends StackProps {
  /** @default - every setting at its default */
  readonly settings?: TestReportCenterSettings;
}

/**
 * The web app's address for links in mails: the first custom domain that is not a
 * report-only host (`client`/`report`, see lib/edge/viewer-request.js), else the first
 * custom domain, else the distribution's own name.
 */
export function appUrl(domainNames: readonly string[] | undefined, distributionDomain: string) {
  const names = domainNames ?? [];
  const host = names.find((name) => !/client|report/i.test(name)) ?? names[0] ?? distributionDomain;
  return `https://${host}`;
}

/**
 * The identification links' base: the setting, else the first report host (links then work
 * on the host visitors know from their reports), else none (the functions use the app's
 * address from the table's CONFIG/APPURL item, written once the distribution exists).
 */
export function identityLinkBase(settings: TestReportCenterSettings): string | undefined {
  if (settings.identityLinkBase) {
    if (!/^https:\/\/[^/?#]+$/.test(settings.identityLinkBase)) {
      throw new Error(
        `identityLinkBase must be https://<host>, without a path, got "${settings.identityLinkBase}"`,
      );
    }
    return settings.identityLinkBase;
  }
  const reportHost = settings.domainNames?.find((name) => /client|report/i.test(name));
  return reportHost ? `https://${reportHost.toLowerCase()}` : undefined;
}

/** The report center's settings as function environment (lambdas/shared/config.ts). */
function reportSettings(settings: TestReportCenterSettings) {
  return {
    PROVIDER_NAME: settings.providerName ?? 'Test Report Center',
    PROVIDER_ADDRESS: settings.providerAddress ?? '',
    PRIVACY_POLICY_URL: settings.privacyPolicyUrl ?? 'https://example.com/privacy',
    REPORT_RETENTION_DAYS: String(settings.reportRetentionDays ?? 30),
    REPORT_LIMIT_PER_EMAIL: String(settings.reportLimitPerEmail ?? 5),
    REPORT_LIMIT_EMAIL_WINDOW_MINUTES: String(settings.reportLimitEmailWindowMinutes ?? 60),
    REPORT_LIMIT_PER_ADDRESS: String(settings.reportLimitPerAddress ?? 30),
    REPORT_LIMIT_ADDRESS_WINDOW_MINUTES: String(settings.reportLimitAddressWindowMinutes ?? 10),
    LOOKUP_LIMIT_PER_ADDRESS: String(settings.lookupLimitPerAddress ?? 200),
    LOOKUP_LIMIT_WINDOW_MINUTES: String(settings.lookupLimitWindowMinutes ?? 5),
    CODE_MAIL_LIMIT_PER_EMAIL: String(settings.codeMailLimitPerEmail ?? 5),
    CODE_MAIL_LIMIT_WINDOW_MINUTES: String(settings.codeMailLimitWindowMinutes ?? 60),
    ...(identityLinkBase(settings) ? { IDENTITY_LINK_BASE: identityLinkBase(settings) } : {}),
  };
}

/** The whole product in one stack: data, sign-in, mail, API and the web distribution. */
export class TestReportCenterStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly mail: Mail;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;
  /** The report mailer on the table stream, and the bounce/complaint suppression. */
  readonly reportDelivery: ReportDelivery;
  /** The catalogue imports' writer on the table stream. */
  readonly importWorker: ImportWorker;
  /** The report signing key, its certificate chain and the timestamp authority. */
  readonly reportSigning: ReportSigning;
  /** Cognito CustomMessage trigger: the mails Cognito sends, localized, with app links. */
  readonly customMessage: AppFunction;
  /**
   * Cognito PostAuthentication trigger: records each account's last sign-in, and voids the
   * second-factor confirmation of a sign-in made with the password alone.
   */
  readonly postAuthentication: AppFunction;
  /** Cognito PostConfirmation trigger: a "Forgot password" reset ends every session. */
  readonly postConfirmation: AppFunction;
  /** Cognito PreSignUp trigger: self sign-up only while the site setting allows it. */
  readonly preSignUp: AppFunction;

  constructor(scope: Construct, id: string, props: TestReportCenterStackProps = {}) {
    super(scope, id, props);
    const settings = props.settings ?? {};

    const data = new Data(this, 'Data', { reportRetentionDays: settings.reportRetentionDays });
    const mail = new Mail(this, 'Mail', {
      mailFrom: settings.mailFrom ?? 'no-reply@example.com',
      mailDomain: settings.mailDomain,
    });
    const auth = new Auth(this, 'Auth', {
      adminEmail: settings.adminEmail,
      threatProtection: settings.threatProtection,
      email: settings.cognitoSesFrom ? this.cognitoSesEmail(settings, mail) : undefined,
    });
    if (settings.cognitoSesFrom) {
      // Cognito checks the sender identity when the pool's email settings are written.
      auth.userPool.node.defaultChild!.node.addDependency(mail.identity);
    }

    this.reportSigning = new ReportSigning(this, 'ReportSigning', {
      certificateChain: settings.reportSigningCertificates,
      timestampAuthorityUrl: settings.timestampAuthorityUrl,
    });

    const sharedEnvironment = {
      ...this.reportSigning.environment,
      REPORTS_BUCKET: data.reportsBucket.bucketName,
      MAIL_FROM: mail.senderAddress,
      MAIL_CONFIGURATION_SET: mail.configurationSet.configurationSetName,
      ...reportSettings(settings),
    };

    const functionEnvironment = {
      ...sharedEnvironment,
      USER_POOL_ID: auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: auth.userPoolClient.userPoolClientId,
    };
    const api = new Api(this, 'Api', {
      table: data.table,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      reportsBucket: data.reportsBucket,
      reportSigning: this.reportSigning,
      environment: functionEnvironment,
      reportRequestThrottle: {
        rateLimit: settings.reportRequestsPerSecond ?? 10,
        burstLimit: settings.reportRequestsBurst ?? 20,
      },
    });

    this.runDataMigrations(data.table, functionEnvironment);

    const monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: settings.alarmEmail });
    monitoring.alarm('Api5xxRate', {
      metric: api.serverErrorRate(),
      threshold: 0.05,
      description:
        'More than 5% of API requests in 5 minutes (at least 20 requests) answered 5xx: a ' +
        'dependency is unreachable (503) or a handler fails (500). docs/operations.md, API errors.',
    });
    monitoring.alarm('ReportsUntimestamped', {
      metric: this.reportSigning.untimestampedReports(),
      threshold: 0,
      description:
        'Reports were issued signed without a trusted timestamp (PAdES B-B): the timestamp ' +
        'authority did not answer. They stay valid; later requests get timestamped reports ' +
        'once it answers again. docs/operations.md, Report signatures.',
    });
    const reportDelivery = new ReportDelivery(this, 'ReportDelivery', {
      table: data.table,
      reportsBucket: data.reportsBucket,
      mail,
      monitoring,
      environment: functionEnvironment,
    });
    this.importWorker = new ImportWorker(this, 'Imports', {
      table: data.table,
      reportsBucket: data.reportsBucket,
      monitoring,
      environment: functionEnvironment,
    });
    monitoring.alarm('SesBounceRate', {
      metric: mail.bounceRateMetric(),
      threshold: 0.05,
      description:
        'The SES bounce rate is above 5%: SES reviews the account from there and may pause ' +
        'sending at 10%. Look for a source of bad addresses (docs/operations.md).',
    });
    monitoring.alarm('SesComplaintRate', {
      metric: mail.complaintRateMetric(),
      threshold: 0.001,
      description:
        'The SES complaint rate is above 0.1%, where SES puts the account under review: ' +
        'check who receives reports they did not ask for (docs/operations.md).',
    });

    // The user-pool triggers. Each is part of its user pool (LambdaConfig): referencing the
    // pool or its client from it would be a dependency cycle. lambdas/shared/config.ts
    // requires both variables of every function; a trigger uses neither (Cognito passes the
    // pool id in each event), so they carry this marker. Cognito waits at most 5 s.
    const userPoolTrigger = (id: string, handlerModule: string, description: string) =>
      new AppFunction(this, id, {
        handlerModule,
        table: data.table,
        tableAccess: 'none',
        environment: {
          ...sharedEnvironment,
          USER_POOL_ID: 'unavailable-in-user-pool-trigger',
          USER_POOL_CLIENT_ID: 'unavailable-in-user-pool-trigger',
        },
        timeout: Duration.seconds(5),
        description,
      });
    this.customMessage = userPoolTrigger(
      'CustomMessageTrigger',
      'lambdas/auth/custom-message.ts',
      // The handler caches the app address per instance. Naming it here (when it is a
      // literal custom domain) makes a domain change update the function, so no warm
      // instance keeps mailing the old address.
      settings.domainNames?.length
        ? `Cognito CustomMessage trigger; links to ${appUrl(settings.domainNames, '')}`
        : 'Cognito CustomMessage trigger',
    );
    // A trigger's access to the table: `actions` on the items whose partition key is one
    // of `partitions` (`*` ends a prefix), nothing else of it.
    const onPartitions = (trigger: AppFunction, actions: string[], partitions: string[]) =>
      trigger.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions,
          resources: [data.table.tableArn],
          conditions: {
            [partitions.some((key) => key.endsWith('*'))
              ? 'ForAllValues:StringLike'
              : 'ForAllValues:StringEquals']: { 'dynamodb:LeadingKeys': partitions },
          },
        }),
      );
    // The trigger reads only the app's address from the table (lambdas/shared/app-url.ts)
    // and counts its mails in the code-mail quota's counters (lambdas/auth/code-mail-quota.ts);
    // the report request, the mailer and the identification links' functions (resolver,
    // unit data, labels) read and write the table anyway.
    onPartitions(this.customMessage, ['dynamodb:GetItem'], [keys.appUrl().pk]);
    onPartitions(
      this.customMessage,
      ['dynamodb:UpdateItem'],
      [`${keys.rateWindowPrefix('codeMail')}*`],
    );
    auth.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.customMessage.function);

    // The other user-pool triggers, each allowed only its own item kinds of the table.
    this.postAuthentication = userPoolTrigger(
      'PostAuthenticationTrigger',
      'lambdas/auth/post-authentication.ts',
      'Cognito PostAuthentication trigger: last sign-in',
    );
    // Only the accounts' security records (lambdas/shared/account-security.ts).
    onPartitions(
      this.postAuthentication,
      ['dynamodb:UpdateItem'],
      [keys.accountSecurityAll().partition],
    );
    auth.userPool.addTrigger(
      UserPoolOperation.POST_AUTHENTICATION,
      this.postAuthentication.function,
    );
    // What a trigger may do on the pool's accounts, in a policy of its own: the function
    // does not wait for it (unlike its role's default policy), so it can name the pool,
    // which itself names the function, without a dependency cycle. The pool's events give
    // the triggers its id (`userPoolId`).
    const onThisPool = (id: string, trigger: AppFunction, action: string) =>
      new Policy(this, id, {
        roles: [trigger.role],
        statements: [
          new PolicyStatement({ actions: [action], resources: [auth.userPool.userPoolArn] }),
        ],
      });
    // Reads the account's MFA settings: a sign-in without the app voids the confirmation.
    onThisPool('PostAuthenticationPoolAccess', this.postAuthentication, 'cognito-idp:AdminGetUser');
    this.postConfirmation = userPoolTrigger(
      'PostConfirmationTrigger',
      'lambdas/auth/post-confirmation.ts',
      'Cognito PostConfirmation trigger: a password reset ends every session',
    );
    // The accounts' security records (read, revocation written) and the revocation's
    // audit entry, in the accounts' audit partitions only.
    onPartitions(
      this.postConfirmation,
      ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      [keys.accountSecurityAll().partition],
    );
    onPartitions(
      this.postConfirmation,
      ['dynamodb:PutItem'],
      [`${keys.auditEntry('staff', '', '', '').pk}*`],
    );
    onThisPool(
      'PostConfirmationPoolAccess',
      this.postConfirmation,
      'cognito-idp:AdminUserGlobalSignOut',
    );
    auth.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation.function);
    this.preSignUp = userPoolTrigger(
      'PreSignUpTrigger',
      'lambdas/auth/pre-sign-up.ts',
      'Cognito PreSignUp trigger: self-registration site setting',
    );
    // Only the site settings (lambdas/settings/repository.ts).
    onPartitions(this.preSignUp, ['dynamodb:GetItem'], [keys.siteSettings().pk]);
    auth.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp.function);

    const webAclArn =
      settings.webAclArn ??
      (settings.createWebAcl
        ? new EdgeWebAcl(this, 'WebAcl', {
            reportRequestsPerAddress: settings.wafReportRequestsPerAddress,
            reportCenterRequestsPerAddress: settings.wafReportCenterRequestsPerAddress,
            unitLookupsPerAddress: settings.wafUnitLookupsPerAddress,
            ipv6LookupsPerNetwork: settings.wafIpv6LookupsPerNetwork,
          }).webAclArn
        : undefined);

    const web = new Web(this, 'Web', {
      apiDomainName: api.domainName,
      accessLogsBucket: data.accessLogsBucket,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      providerName: settings.providerName ?? 'Test Report Center',
      privacyPolicyUrl: settings.privacyPolicyUrl ?? 'https://example.com/privacy',
      domainNames: settings.domainNames,
      certificateArn: settings.certificateArn,
      webAclArn,
    });

    const address = appUrl(settings.domainNames, web.distribution.distributionDomainName);
    const appUrlWriter = this.writeAppUrl(data.table, address);
    // Creating the first admin mails the invitation through the trigger, which then needs
    // Cognito's invoke permission (a child of the pool), its own role policy and the address;
    // it passes the PreSignUp trigger too (PreSignUp_AdminCreateUser).
    auth.bootstrapAdmin?.node.addDependency(
      auth.userPool,
      this.customMessage,
      this.preSignUp,
      appUrlWriter,
    );

    this.data = data;
    this.auth = auth;
    this.mail = mail;
    this.api = api;
    this.web = web;
    this.monitoring = monitoring;
    this.reportDelivery = reportDelivery;

    new CfnOutput(this, 'DistributionDomainName', {
      value: web.distribution.distributionDomainName,
      description: 'CloudFront domain; point the custom domain names here (CNAME / alias)',
    });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: monitoring.alarmTopic.topicArn,
      description: 'SNS topic of the alarms; subscribe an address or a chat integration',
    });
    new CfnOutput(this, 'MailerDeadLetterQueueUrl', {
      value: reportDelivery.deadLetterQueue.queueUrl,
      description: 'Stream batches the mailer gave up on (docs/operations.md, re-sending mails)',
    });
    new CfnOutput(this, 'AppUrl', {
      value: address,
      description: 'Address used in mail, report and verification links (table item CONFIG/APPURL)',
    });
  }

  /**
   * Writes the app's address into the table (lambdas/shared/app-url.ts) on every deploy
   * that changes it: an SDK call from CloudFormation, since the address is the
   * distribution's and the distribution is made after the functions that read it.
   */
  private writeAppUrl(table: ITableV2, address: string): AwsCustomResource {
    const put = {
      service: 'DynamoDB',
      action: 'putItem',
      parameters: {
        TableName: table.tableName,
        Item: appUrlItem(address),
      },
      physicalResourceId: PhysicalResourceId.of('app-url'),
    };
    const logGroup = new LogGroup(this, 'AppUrlWriterLogs', {
      retention: RetentionDays.ONE_MONTH,
    });
    // Its own role, so it gets no AWS managed policy (which may write to every log group).
    const role = new Role(this, 'AppUrlWriterRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);
    const writer = new AwsCustomResource(this, 'AppUrlItem', {
      onCreate: put,
      onUpdate: put,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: {
            'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.appUrl().pk] },
          },
        }),
      ]),
      role,
      logGroup,
      installLatestAwsSdk: false,
    });
    for (const child of this.node.children) {
      if (child.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason:
            'The runtime of the CDK-provided AwsCustomResource handler is set by aws-cdk-lib.',
        });
      }
    }
    return writer;
  }

  /**
   * Runs the data migrations not yet completed (lambdas/migrations/run.ts) on every deploy,
   * before the deploy finishes: a custom resource whose properties name every migration, so
   * a deploy that adds one runs it. The function may take Lambda's 15 minutes.
   */
  private runDataMigrations(table: ITableV2, environment: SharedEnvironment): void {
    const migrator = new AppFunction(this, 'DataMigrations', {
      handlerModule: 'lambdas/migrations/handler.ts',
      table,
      environment,
      timeout: Duration.minutes(15),
      memorySize: 1024,
      description: 'Data migrations (docs/operations.md)',
    });
    const provider = new Provider(this, 'DataMigrationsProvider', {
      onEventHandler: migrator.function,
      logGroup: new LogGroup(this, 'DataMigrationsProviderLogs', {
        retention: RetentionDays.ONE_MONTH,
      }),
    });
    new CustomResource(this, 'DataMigrationsRun', {
      serviceToken: provider.serviceToken,
      properties: { migrations: migrations.map((migration) => migration.name).join(',') },
    });
    const migratorId = this.getLogicalId(migrator.function.node.defaultChild as CfnElement);
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions-L1',
        reason: 'The runtime of the CDK-provided custom resource framework is set by aws-cdk-lib.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "The framework function's basic execution role is aws-cdk-lib's own.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${migratorId}.Arn>:*]`,
        reason: 'The framework invokes any version of the migration function (aws-cdk-lib).',
      },
    );
  }

  /** Cognito mails through SES from `cognitoSesFrom`, an address of the Mail identity. */
  private cognitoSesEmail(settings: TestReportCenterSettings, mail: Mail): UserPoolEmail {
    const fromEmail = settings.cognitoSesFrom!;
    const mailFrom = mail.senderAddress.toLowerCase();
    const covered = settings.mailDomain
      ? fromEmail.toLowerCase().endsWith(`@${settings.mailDomain.toLowerCase()}`)
      : fromEmail.toLowerCase() === mailFrom;
    if (!covered) {
      throw new Error(
        `cognitoSesFrom ${fromEmail} is not covered by the SES identity (` +
          (settings.mailDomain ? `domain ${settings.mailDomain}` : `address ${mailFrom}`) +
          ')',
      );
    }
    return UserPoolEmail.withSES({
      fromEmail,
      sesRegion: this.region,
      sesVerifiedDomain: settings.mailDomain,
      configurationSetName: mail.configurationSet.configurationSetName,
    });
  }
}
