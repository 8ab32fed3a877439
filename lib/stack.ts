import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Mail } from './constructs/mail';
import { EdgeWebAcl } from './constructs/waf';
import { Web } from './constructs/web';

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
   * Let people ask for an account on `/register` (self sign-up).
   * @default false
   */
  readonly selfRegistration?: boolean;
  /**
   * Cognito threat protection (Plus feature plan, billed per active user).
   * @default false
   */
  readonly threatProtection?: boolean;
}

export interface TestReportCenterStackProps extends StackProps {
  /** @default - every setting at its default */
  readonly settings?: TestReportCenterSettings;
}

/** The whole product in one stack: data, sign-in, mail, API and the web distribution. */
export class TestReportCenterStack extends Stack {
  constructor(scope: Construct, id: string, props: TestReportCenterStackProps = {}) {
    super(scope, id, props);
    const settings = props.settings ?? {};
    const selfRegistration = settings.selfRegistration ?? false;

    const data = new Data(this, 'Data');
    const auth = new Auth(this, 'Auth', {
      selfSignUp: selfRegistration,
      adminEmail: settings.adminEmail,
      threatProtection: settings.threatProtection,
    });
    const mail = new Mail(this, 'Mail', {
      mailFrom: settings.mailFrom ?? 'no-reply@example.com',
      mailDomain: settings.mailDomain,
    });

    const api = new Api(this, 'Api', {
      table: data.table,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      reportsBucket: data.reportsBucket,
      environment: {
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.userPoolClient.userPoolClientId,
        REPORTS_BUCKET: data.reportsBucket.bucketName,
        MAIL_FROM: mail.senderAddress,
      },
    });

    const webAclArn =
      settings.webAclArn ??
      (settings.createWebAcl ? new EdgeWebAcl(this, 'WebAcl').webAclArn : undefined);

    const web = new Web(this, 'Web', {
      apiDomainName: api.domainName,
      accessLogsBucket: data.accessLogsBucket,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      providerName: settings.providerName ?? 'Test Report Center',
      privacyPolicyUrl: settings.privacyPolicyUrl ?? 'https://example.com/privacy',
      selfRegistration,
      domainNames: settings.domainNames,
      certificateArn: settings.certificateArn,
      webAclArn,
    });

    new CfnOutput(this, 'DistributionDomainName', {
      value: web.distribution.distributionDomainName,
      description: 'CloudFront domain; point the custom domain names here (CNAME / alias)',
    });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
  }
}
