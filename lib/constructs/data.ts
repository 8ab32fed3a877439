import { type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Effect, Grant, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/shared/table';
import type { AppFunction } from './function';

/** Where import files wait for the import worker (lambdas/imports/import-files.ts `importFileKey`). */
export const importFilesPrefix = 'imports/';

export interface DataProps {
  /**
   * Days a generated report PDF stays downloadable; visitors also get it by email.
   * @default 30
   */
  readonly reportRetentionDays?: number;
  /**
   * Days S3 and CloudFront access logs are kept.
   * @default 90
   */
  readonly accessLogRetentionDays?: number;
}

/**
 * Stateful storage: the one DynamoDB table, the private reports bucket and the bucket
 * receiving S3 and CloudFront access logs. All are retained when the stack is deleted.
 */
export class Data extends Construct {
  readonly table: TableV2;
  readonly reportsBucket: Bucket;
  /** Destination of S3 server access logs and CloudFront standard logs. */
  readonly accessLogsBucket: IBucket;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      timeToLiveAttribute,
      dynamoStream: StreamViewType[tableDefinition.streamViewType],
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes through an ACL grant to its log-delivery
      // account, so ACLs must stay enabled; bucket-owner-preferred keeps the objects ours.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // CloudFront standard logging cannot write to SSE-KMS buckets.
      encryption: BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ expiration: Duration.days(props.accessLogRetentionDays ?? 90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination itself; logging it into itself would loop and ' +
        'another log bucket would only move the finding.',
    });
    this.accessLogsBucket = accessLogsBucket;

    const reportRetention = Duration.days(props.reportRetentionDays ?? 30);
    this.reportsBucket = new Bucket(this, 'ReportsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      lifecycleRules: [
        {
          expiration: reportRetention,
          noncurrentVersionExpiration: Duration.days(7),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          // Import files wait there for the import worker, which removes each when done; one
          // it could not remove (a failure on the way) goes after two days.
          prefix: importFilesPrefix,
          expiration: Duration.days(2),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      serverAccessLogsBucket: accessLogsBucket,
      serverAccessLogsPrefix: 's3/reports/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

/**
 * `importsWrite`: keep an import's file (or a part of it) and read the parts back: put and get
 * objects under `imports/` only (no `s3:ListBucket`: a missing part then answers
 * `AccessDenied`, which the import reads as the part missing, lambdas/imports/import-files.ts).
 */
export function grantImportsWrite(fn: AppFunction, reportsBucket: IBucket): Grant {
  acknowledgeImportFiles(fn, reportsBucket);
  return Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['s3:PutObject', 's3:GetObject'],
    resourceArns: [reportsBucket.arnForObjects(`${importFilesPrefix}*`)],
  });
}

/** The import worker's access to the files: read one, remove it when done. */
export function grantImportsRead(fn: AppFunction, reportsBucket: IBucket): Grant {
  acknowledgeImportFiles(fn, reportsBucket);
  return Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['s3:GetObject', 's3:DeleteObject'],
    resourceArns: [reportsBucket.arnForObjects(`${importFilesPrefix}*`)],
  });
}

function acknowledgeImportFiles(fn: AppFunction, reportsBucket: IBucket): void {
  const bucketId = Stack.of(fn).getLogicalId(reportsBucket.node.defaultChild as CfnElement);
  Validations.of(fn.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${importFilesPrefix}*]`,
    reason:
      'Import files are kept under per-import keys (a random id) not known in advance; the ' +
      'grant covers that prefix of the private bucket only, with the actions the function needs.',
  });
}

/**
 * `reportsWrite`: store report PDFs, nothing else (not read them back, not delete them,
 * not change their ACL or tags).
 */
export function grantReportsWrite(fn: AppFunction, reportsBucket: IBucket): Grant {
  acknowledgeReportObjects(fn, reportsBucket);
  denyImportFiles(fn, reportsBucket);
  return Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['s3:PutObject'],
    resourceArns: [reportsBucket.arnForObjects('*')],
  });
}

/**
 * `reportsRead`: read report PDFs. `s3:ListBucket` is there so that a PDF removed by the
 * lifecycle rule answers `NoSuchKey` (404): without it S3 answers `AccessDenied` for a
 * missing key, which the handlers cannot tell from a real permission fault. The object
 * keys it could list are the request ids, which these functions already read from the table.
 */
export function grantReportsRead(fn: AppFunction, reportsBucket: IBucket): Grant {
  acknowledgeReportObjects(fn, reportsBucket);
  denyImportFiles(fn, reportsBucket);
  return Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['s3:GetObject'],
    resourceArns: [reportsBucket.arnForObjects('*')],
  }).combine(
    Grant.addToPrincipal({
      grantee: fn.function,
      actions: ['s3:ListBucket'],
      resourceArns: [reportsBucket.bucketArn],
    }),
  );
}

/** Functions already denied the import files. */
const deniedImportFiles = new WeakSet<AppFunction>();

/**
 * The report grants cover the bucket's objects; the import files (under `imports/`) are the
 * catalogue imports' alone, so the report functions are denied them explicitly.
 */
function denyImportFiles(fn: AppFunction, reportsBucket: IBucket): void {
  if (deniedImportFiles.has(fn)) return;
  deniedImportFiles.add(fn);
  fn.role.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resources: [reportsBucket.arnForObjects(`${importFilesPrefix}*`)],
    }),
  );
}

function acknowledgeReportObjects(fn: AppFunction, reportsBucket: IBucket): void {
  const bucketId = Stack.of(fn).getLogicalId(reportsBucket.node.defaultChild as CfnElement);
  Validations.of(fn.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
    reason:
      'Report PDFs are stored under unguessable per-request keys that are not known in ' +
      'advance; the grant covers the objects of the private reports bucket only, with the ' +
      'single action the function needs.',
  });
}
