import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface EdgeWebAclProps {
  /**
   * Requests per 5 minutes one client address may make to anything.
   * @default 2000
   */
  readonly requestsPerAddress?: number;
  /**
   * Requests per 5 minutes one client address may make to `POST /api/report-requests`
   * (each sends a mail).
   * @default 50
   */
  readonly reportRequestsPerAddress?: number;
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function managedRuleGroup(name: string, priority: number): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  };
}

/**
 * A CLOUDFRONT-scope WAF web ACL: per-address rate limits (a tighter one on the public
 * report request, which sends mail) and AWS managed rule groups. CloudFront accepts web
 * ACLs only from us-east-1, so this construct refuses other regions.
 */
export class EdgeWebAcl extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeWebAclProps = {}) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(
        `A CloudFront web ACL must be created in us-east-1, not ${region}: deploy one there ` +
          'and pass its ARN as webAclArn instead (docs/deploy.md).',
      );
    }

    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('TestReportCenter'),
      rules: [
        {
          name: 'ReportRequestsPerAddress',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.reportRequestsPerAddress ?? 50,
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: '/api/report-requests',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    {
                      byteMatchStatement: {
                        fieldToMatch: { method: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: 'POST',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('ReportRequestsPerAddress'),
        },
        {
          name: 'RequestsPerAddress',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: { aggregateKeyType: 'IP', limit: props.requestsPerAddress ?? 2000 },
          },
          visibilityConfig: visibility('RequestsPerAddress'),
        },
        managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 2),
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 3),
        {
          ...managedRuleGroup('AWSManagedRulesCommonRuleSet', 4),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Staff upload machine data files larger than the group's 8 KB body limit.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
