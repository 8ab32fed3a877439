import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { AnyPrincipal, Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { ParameterTier, StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { serviceName } from '../../lambdas/shared/logger';
import { metricsNamespace } from '../../lambdas/shared/metrics';
import { noCertificates } from '../../lambdas/report-requests/signing/kms-signer';

/**
 * The default timestamp authority (RFC 3161): a public, free service whose roots are in the
 * Adobe Approved Trust List, so Acrobat shows the time as trusted. docs/deploy.md.
 */
export const defaultTimestampAuthority = 'http://timestamp.digicert.com';

export interface ReportSigningProps {
  /**
   * The signing certificate chain (PEM: the signer's certificate first, then its CAs),
   * issued for this key's public key (docs/deploy.md, "Report signatures").
   * @default - none: the key's own self-signed certificate stands in, which readers show as
   *   untrusted until the operator configures a certificate from a trusted CA
   */
  readonly certificateChain?: string;
  /** @default {@link defaultTimestampAuthority} */
  readonly timestampAuthorityUrl?: string;
}

/**
 * The report signing identity (docs/report-signatures.md): an asymmetric KMS key (ECC NIST
 * P-256, sign and verify) that signs every report PDF (PAdES) and conformity credential
 * (VC-JOSE) without its private key ever leaving KMS, the certificate chain the operator
 * configures for it (an SSM parameter), and the timestamp authority's address.
 *
 * Asymmetric KMS keys do not rotate automatically: rotation is a new key and a new
 * certificate (docs/operations.md, "Rotating the report signing key"). The key is kept when
 * the stack is deleted, and its policy refuses scheduling its deletion to everyone: reports
 * signed by it must stay verifiable for as long as they are kept, and a deleted key cannot
 * be brought back.
 */
export class ReportSigning extends Construct {
  readonly key: Key;
  readonly certificates: StringParameter;
  readonly timestampAuthorityUrl: string;

  constructor(scope: Construct, id: string, props: ReportSigningProps = {}) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: 'Signs the test reports (PAdES) and their conformity credentials (VC-JOSE)',
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      alias: `alias/${Stack.of(this).stackName}/report-signing`,
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'DenyDeletion',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:ScheduleKeyDeletion'],
        resources: ['*'],
      }),
    );
    const chain = props.certificateChain?.trim();
    if (
      chain !== undefined &&
      !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(chain)
    ) {
      throw new Error('reportSigningCertificates must be a PEM file of certificates');
    }
    this.certificates = new StringParameter(this, 'CertificateChain', {
      description: 'The report signing certificate chain (PEM, signer first), or "none"',
      stringValue: chain ?? noCertificates,
      // A chain of two or three certificates passes the standard tier's 4 KB.
      tier: ParameterTier.ADVANCED,
    });
    this.timestampAuthorityUrl = props.timestampAuthorityUrl ?? defaultTimestampAuthority;
    if (!/^https?:\/\/[^\s]+$/.test(this.timestampAuthorityUrl)) {
      throw new Error(
        `timestampAuthorityUrl must be an http(s) URL, got "${this.timestampAuthorityUrl}"`,
      );
    }
  }

  /** The functions' variables naming the key, the chain and the timestamp authority. */
  get environment() {
    return {
      REPORT_SIGNING_KEY_ID: this.key.keyArn,
      REPORT_SIGNING_CERTIFICATES_PARAMETER: this.certificates.parameterName,
      TIMESTAMP_AUTHORITY_URL: this.timestampAuthorityUrl,
    };
  }

  /** Signs with the key: the report request alone (the `reportSigning` grant). */
  grantSign(grantee: IGrantable): void {
    this.key.grant(grantee, 'kms:Sign', 'kms:GetPublicKey');
    this.certificates.grantRead(grantee);
  }

  /** Reads the public key, never signs (the `signingPublicKey` grant). */
  grantReadPublicKey(grantee: IGrantable): void {
    this.key.grant(grantee, 'kms:GetPublicKey');
  }

  /**
   * Reports issued without a timestamp (the timestamp authority could not be reached):
   * counted by the report request (`ReportsUntimestamped`).
   */
  untimestampedReports(): Metric {
    return new Metric({
      namespace: metricsNamespace,
      metricName: 'ReportsUntimestamped',
      dimensionsMap: { service: serviceName },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
  }
}
