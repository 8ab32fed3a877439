import { Stack, Token } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
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
 * keeps bounces and complaints on the suppression list and requires TLS.
 */
export class Mail extends Construct {
  /** The address mails are sent from. */
  readonly senderAddress: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

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
