import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  /**
   * Subscribes this address to the alarm topic (AWS mails a confirmation link first).
   * @default - no subscription; subscribe to the `AlarmTopicArn` output by hand
   */
  readonly alarmEmail?: string;
}

/** An alarm of {@link Monitoring.alarm}. */
export interface AlarmOptions {
  readonly metric: IMetric;
  /** Alarm when the metric is greater than this. */
  readonly threshold: number;
  /** What the alarm means and what to do, shown in the notification. */
  readonly description: string;
  /** @default 1 */
  readonly evaluationPeriods?: number;
}

/**
 * The operators' alarm channel: one encrypted SNS topic every alarm of the stack notifies
 * (on alarm and when it is back to OK), optionally with an email subscription.
 */
export class Monitoring extends Construct {
  readonly alarmTopic: Topic;
  /** Every alarm made by {@link alarm}, by id (docs/operations.md explains each). */
  readonly alarms = new Map<string, Alarm>();

  constructor(scope: Construct, id: string, props: MonitoringProps = {}) {
    super(scope, id);

    // A customer managed key: CloudWatch cannot publish to a topic encrypted with the
    // AWS managed SNS key (its policy admits no service principal).
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic of the Test Report Center',
      enableKeyRotation: true,
      // The topic keeps no data at rest beyond undelivered notifications.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.grant(
      new ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );

    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: 'Test Report Center alarms',
      masterKey: key,
      enforceSSL: true,
    });
    // The topic policy (which enforceSSL creates) replaces SNS's default one, so CloudWatch
    // alarms of this account are admitted explicitly.
    const stack = Stack.of(this);
    this.alarmTopic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.alarmTopic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.alarmEmail) {
      this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    }
  }

  /** An alarm on `metric` that notifies the alarm topic when it fires and when it clears. */
  alarm(id: string, options: AlarmOptions): Alarm {
    const alarm = new Alarm(this, id, {
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      // No data means nothing happened (no messages, no mail sent): not an alarm.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    const action = new SnsAction(this.alarmTopic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.set(id, alarm);
    return alarm;
  }
}
