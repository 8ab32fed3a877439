import { compressedLinkInitials } from '../../lambdas/resolver/routes';
import { Stack, Token } from 'aws-cdk-lib';
import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
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
  /**
   * Requests per 5 minutes one client address may make to anything under
   * `/api/report-requests` (requests, PDF downloads, verification look-ups): bounds
   * guessing of report numbers and PDF links.
   * @default 100
   */
  readonly reportCenterRequestsPerAddress?: number;
  /**
   * Public unit look-ups per 5 minutes one client address may make: identity links
   * (`/01/…`, `/id/…`) and the unit data they lead to (`/api/units/…`). Each answers
   * whether a serial exists, so without a bound they would list the serials the report
   * request's own limits keep from being guessed.
   * @default 300
   */
  readonly unitLookupsPerAddress?: number;
  /**
   * Public look-ups (the unit look-ups and everything under `/api/report-requests`) per 5
   * minutes that IPv6 clients of one network may make together. WAF counts every IPv6
   * address on its own and cannot aggregate by prefix, so one client rotating through its
   * /64 passes every per-address rule; the nearest network WAF can count by is the
   * autonomous system (ASN). A coarse backstop, set well above one person's use: the
   * functions count each IPv6 client by its /64 themselves (lambdas/shared/lookup-quota.ts).
   * @default 3000
   */
  readonly ipv6LookupsPerNetwork?: number;
}

/**
 * Paths of the public unit look-ups ({@link EdgeWebAclProps.unitLookupsPerAddress}): the
 * identification links, compressed ones included, and the unit data.
 */
export const unitLookupPathPrefixes = [
  '/01/',
  '/id/',
  '/api/units/',
  ...compressedLinkInitials.map((initial) => `/${initial}` as const),
] as const;

/** Every IPv6 address, in the two halves an IP set takes (WAF refuses a /0 range). */
const allIpv6 = ['::/1', '8000::/1'];

/** WAF accepts rate limits from 10 to 2,000,000,000 requests per evaluation window. */
function rateLimit(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 10 || value > 2_000_000_000) {
    throw new Error(`${name} must be a whole number from 10 to 2000000000, got ${value}`);
  }
  return value;
}

/**
 * Paths whose request bodies may exceed the common rule set's 8 KB body limit: machine
 * data ingest (`/api/machine-data/ingest`) and CSV upload (`/api/machine-data`), and the
 * catalogue's CSV imports (`/api/products/import`, `/api/serial-numbers/import`: up to
 * 3 MB), exactly (a result's void, under the same prefix, takes a small body like every
 * other route).
 */
export const largeBodyPaths = [
  '/api/machine-data',
  '/api/machine-data/ingest',
  '/api/products/import',
  '/api/serial-numbers/import',
] as const;

/** The label `SizeRestrictions_BODY` of AWSManagedRulesCommonRuleSet puts on a request. */
const largeBodyLabel = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/** Path normalization before matching: `/api//report-requests`, `%2F` and `/./` forms too. */
const pathTransformations = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];

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
 * A CLOUDFRONT-scope WAF web ACL: per-address rate limits (tighter ones on the public
 * report center and unit look-ups: its request sends mail, its look-ups and the identity
 * links must not be enumerable), a per-network one on IPv6 look-ups, and the AWS
 * managed IP reputation, known bad inputs and common rule sets, the latter's body size
 * rule relaxed for machine data only. CloudFront accepts web ACLs only from us-east-1, so
 * this construct refuses other regions.
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

    const ipv6 = new CfnIPSet(this, 'Ipv6Clients', {
      scope: 'CLOUDFRONT',
      ipAddressVersion: 'IPV6',
      addresses: allIpv6,
      description: 'Every IPv6 address: the scope of the per-network look-up limit',
    });
    const pathStartsWith = (prefix: string) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: pathTransformations,
      },
    });

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
              limit: rateLimit('reportRequestsPerAddress', props.reportRequestsPerAddress ?? 50),
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: '/api/report-requests',
                        textTransformations: pathTransformations,
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
          name: 'ReportCenterPerAddress',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: rateLimit(
                'reportCenterRequestsPerAddress',
                props.reportCenterRequestsPerAddress ?? 100,
              ),
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/report-requests',
                  textTransformations: pathTransformations,
                },
              },
            },
          },
          visibilityConfig: visibility('ReportCenterPerAddress'),
        },
        {
          name: 'UnitLookupsPerAddress',
          priority: 2,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: rateLimit('unitLookupsPerAddress', props.unitLookupsPerAddress ?? 300),
              scopeDownStatement: {
                orStatement: { statements: unitLookupPathPrefixes.map(pathStartsWith) },
              },
            },
          },
          visibilityConfig: visibility('UnitLookupsPerAddress'),
        },
        {
          name: 'PublicLookupsPerIpv6Network',
          priority: 3,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [{ asn: {} }],
              limit: rateLimit('ipv6LookupsPerNetwork', props.ipv6LookupsPerNetwork ?? 3000),
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    { ipSetReferenceStatement: { arn: ipv6.attrArn } },
                    {
                      orStatement: {
                        statements: [...unitLookupPathPrefixes, '/api/report-requests'].map(
                          pathStartsWith,
                        ),
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('PublicLookupsPerIpv6Network'),
        },
        {
          name: 'RequestsPerAddress',
          priority: 4,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: rateLimit('requestsPerAddress', props.requestsPerAddress ?? 2000),
            },
          },
          visibilityConfig: visibility('RequestsPerAddress'),
        },
        managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 5),
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 6),
        {
          ...managedRuleGroup('AWSManagedRulesCommonRuleSet', 7),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Only labels bodies over 8 KB; the next rule blocks them outside machine data.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
        },
        {
          // A machine's ingest batch (up to 500 results) and a staff CSV upload are well over
          // the common rule set's 8 KB; every other body of the API is small, so there the
          // size rule keeps blocking. The handlers refuse bodies over 1 MB themselves (413).
          name: 'LargeBodyOutsideMachineData',
          priority: 8,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                { labelMatchStatement: { scope: 'LABEL', key: largeBodyLabel } },
                {
                  notStatement: {
                    statement: {
                      orStatement: {
                        statements: largeBodyPaths.map((path) => ({
                          byteMatchStatement: {
                            fieldToMatch: { uriPath: {} },
                            positionalConstraint: 'EXACTLY',
                            searchString: path,
                            textTransformations: pathTransformations,
                          },
                        })),
                      },
                    },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('LargeBodyOutsideMachineData'),
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}
