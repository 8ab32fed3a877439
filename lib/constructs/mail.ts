import { Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Grant, type IGrantable, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface MailProps {
  /** Sender address of every mail (`MAIL_FROM`), e.g. `reports@example.com`. */
  readonly mailFrom: string;
  /**
   * Domain to verify in SES instead of the single address (DKIM records to publish, then
   * any address of the domain may send). Must be the domain of `mailFrom`.
   * @default - the `mailFrom` address alone is verified (SES mails it a confirmation link)
   */
  readonly mailDomain?: string;
}

/**
 * Outbound mail through SES: the verified sender identity and a configuration set that
 * keeps bounces and complaints on the suppression list, requires TLS and publishes each
 * bounce and complaint to `feedbackTopic` (the report mailer's own suppression list).
 */
export class Mail extends Construct {
  /** The address mails are sent from. */
  readonly senderAddress: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** SES bounce and complaint events of mails sent with the configuration set. */
  readonly feedbackTopic: Topic;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { mailFrom, mailDomain } = props;
    if (!Token.isUnresolved(mailFrom) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) {
      throw new Error(`mailFrom must be an email address, got "${mailFrom}"`);
    }
    if (mailDomain && !mailFrom.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
      throw new Error(`mailFrom ${mailFrom} is not an address of mailDomain ${mailDomain}`);
    }
    this.senderAddress = mailFrom;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
    });

    this.identity = new EmailIdentity(this, 'Identity', {
      identity: mailDomain ? Identity.domain(mailDomain) : Identity.email(mailFrom),
      configurationSet: this.configurationSet,
    });

    // Bounce and complaint events name recipients: the topic is encrypted, with a customer
    // managed key because SES cannot use the AWS managed SNS key.
    const feedbackKey = new Key(this, 'FeedbackTopicKey', {
      description: 'Encrypts the SES bounce and complaint topic of the Test Report Center',
      enableKeyRotation: true,
      // The topic keeps no data at rest beyond undelivered notifications.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    feedbackKey.grant(
      new ServicePrincipal('ses.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.feedbackTopic = new Topic(this, 'FeedbackTopic', {
      displayName: 'SES bounces and complaints',
      masterKey: feedbackKey,
      enforceSSL: true,
    });
    // Also admits SES to publish, for this configuration set only (topic policy).
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
  }

  /**
   * The account's bounce rate as SES computes it for its review (a fraction: 0.05 = 5%).
   * SES puts an account under review from 5% and may pause sending from 10%.
   */
  bounceRateMetric(): Metric {
    return reputationMetric('Reputation.BounceRate');
  }

  /** The account's complaint rate (SES reviews an account from 0.1%). */
  complaintRateMetric(): Metric {
    return reputationMetric('Reputation.ComplaintRate');
  }

  /**
   * Lets a function send mail from the sender identity. SES also authorizes the
   * configuration set a message uses, so both are in the grant.
   */
  grantSend(grantee: IGrantable): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [
        this.identity.emailIdentityArn,
        Stack.of(this).formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.configurationSet.configurationSetName,
        }),
      ],
    });
  }
}

function reputationMetric(metricName: string): Metric {
  return new Metric({
    namespace: 'AWS/SES',
    metricName,
    statistic: 'Maximum',
    period: Duration.hours(1),
  });
}
