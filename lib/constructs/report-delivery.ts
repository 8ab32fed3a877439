import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantReportsRead } from './data';
import { AppFunction, type SharedEnvironment } from './function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

/**
 * The stream records the mailer is invoked for: the rule of `isDeliveryRecord` in
 * lambdas/report-requests/mailer.ts (an infra test holds the two together).
 */
export const mailerRecordFilter = {
  type: 'reportRequest',
  /** A request waiting for its mail... */
  status: 'pending',
  /**
   * ...new, or put back from one of these outcomes (resend, re-drive). The mailer's own
   * release `sending` -> `pending` is left out: its batch is retried anyway.
   */
  resendFrom: ['sent', 'failed'],
} as const;

export interface ReportDeliveryProps {
  /** The application table; its stream carries the request records. */
  readonly table: ITableV2;
  /** The PDFs the mailer attaches. */
  readonly reportsBucket: IBucket;
  readonly mail: Mail;
  readonly monitoring: Monitoring;
  /** Environment shared by every function. */
  readonly environment: SharedEnvironment;
  /**
   * Times the stream retries a failing batch (halved on each failure) before its position
   * goes to the dead-letter queue.
   * @default 10
   */
  readonly retryAttempts?: number;
  /**
   * Age after which a record that still fails goes to the dead-letter queue. A failing
   * record holds back the later records of its shard, so this bounds how long one bad
   * request can delay the other visitors' mails.
   * @default Duration.hours(1)
   */
  readonly maxRecordAge?: Duration;
}

/**
 * Report mails, sent from the record and never lost: the table stream invokes the mailer
 * for each pending request (retries, bisect on error, a dead-letter queue with an alarm
 * for what still fails), and SES bounces and complaints feed the suppression list the
 * mailer respects.
 */
export class ReportDelivery extends Construct {
  /** `lambdas/report-requests/mailer.ts`, driven by the table stream. */
  readonly mailer: AppFunction;
  /** Where the positions of stream batches the mailer could not process end up. */
  readonly deadLetterQueue: Queue;
  /** `lambdas/report-requests/suppression-handler.ts`, subscribed to SES feedback. */
  readonly suppression: AppFunction;

  constructor(scope: Construct, id: string, props: ReportDeliveryProps) {
    super(scope, id);

    // For a stream source Lambda sends the batch's shard and sequence numbers, not the
    // records: docs/operations.md explains how to find the requests and re-send them.
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter destination of the mailer stream; its messages ' +
        'are read by an operator after the alarm, not consumed by a function.',
    });

    this.mailer = new AppFunction(this, 'Mailer', {
      handlerModule: 'lambdas/report-requests/mailer.ts',
      table: props.table,
      environment: props.environment,
      // SES and S3 calls are bounded by the client timeouts; ten records per batch.
      timeout: Duration.seconds(30),
      description: 'Sends report mails for pending report requests (table stream)',
    });
    const pendingRequest = {
      type: { S: FilterRule.isEqual(mailerRecordFilter.type) },
      status: { S: FilterRule.isEqual(mailerRecordFilter.status) },
    };
    this.mailer.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: props.retryAttempts ?? 10,
        maxRecordAge: props.maxRecordAge ?? Duration.hours(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          // A new request.
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: pendingRequest },
          }),
          // A request set back to pending after an outcome (resend, re-drive). Updates that
          // leave it pending, and the mailer's own moves, do not invoke the mailer again.
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('MODIFY'),
            dynamodb: {
              NewImage: pendingRequest,
              OldImage: { status: { S: FilterRule.or(...mailerRecordFilter.resendFrom) } },
            },
          }),
        ],
      }),
    );
    grantReportsRead(this.mailer, props.reportsBucket);
    props.mail.grantSend(this.mailer.function);
    Validations.of(this.mailer.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Reading a DynamoDB stream needs dynamodb:ListStreams, which has no resource-level ' +
        'permission; X-Ray tracing actions have none either.',
    });

    props.monitoring.alarm('MailerDeadLetters', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 0,
      description:
        'Report mails the mailer could not send after its retries. The queue holds the ' +
        'stream positions; find the requests and resend them (docs/operations.md).',
    });

    this.suppression = new AppFunction(this, 'Suppression', {
      handlerModule: 'lambdas/report-requests/suppression-handler.ts',
      table: props.table,
      // It only ever puts suppression items.
      tableAccess: 'none',
      environment: props.environment,
      description: 'Records SES bounces and complaints in the suppression list',
    });
    this.suppression.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] }),
    );
    props.mail.feedbackTopic.addSubscription(new LambdaSubscription(this.suppression.function));
    props.monitoring.alarm('SuppressionErrors', {
      metric: this.suppression.function.metricErrors({
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      threshold: 0,
      description:
        'A bounce or complaint could not be recorded after the retries of SNS and Lambda; ' +
        "SES's account-level suppression list normally holds the address too (see the function's logs).",
    });
  }
}
