import { type KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { getKms } from '../../shared/aws/kms';
import { getSsm } from '../../shared/aws/ssm';
import { logger } from '../../shared/logger';
import { issueCertificate, parseCertificate, pemToDer, publicKeyInfoDer } from './certificates';
import { kmsPublicKey } from './kms-public-key';
import type { ReportSigner } from './signer';

/**
 * The report signer in AWS: the asymmetric KMS key (ECC_NIST_P256, SIGN_VERIFY) signs, the
 * private key never leaves KMS; the certificate chain is the operator's, read once per cold
 * start from an SSM parameter (docs/report-signatures.md).
 */

/** The parameter's value until the operator has a certificate for the key. */
export const noCertificates = 'none';

export interface KmsSignerSettings {
  keyId: string;
  /** Name of the SSM parameter holding the chain, PEM, signer first (or `none`). */
  certificatesParameter: string;
  /** Subject of the stand-in certificate while the parameter is `none`. */
  providerName: string;
}

const day = 24 * 60 * 60 * 1000;

export { kmsPublicKey };

/** ECDSA_SHA_256 over `message` (KMS hashes it: MessageType RAW, up to 4,096 bytes), DER. */
export async function kmsSign(
  keyId: string,
  message: Uint8Array,
  kms: KMSClient = getKms(),
): Promise<Uint8Array> {
  const answer = await kms.send(
    new SignCommand({
      KeyId: keyId,
      Message: message,
      MessageType: 'RAW',
      SigningAlgorithm: 'ECDSA_SHA_256',
    }),
  );
  if (!answer.Signature) throw new Error(`KMS key ${keyId} answered no signature`);
  return answer.Signature;
}

/**
 * The chain of `settings`: the parameter's PEM certificates, the first of which must be for
 * the KMS key; or, while the parameter says `none`, a certificate the key signs itself
 * (subject: the provider), with a warning: signatures then verify, but no reader trusts
 * them until the operator configures a CA-issued chain.
 */
async function loadChain(settings: KmsSignerSettings, sign: ReportSigner['sign']) {
  const [parameter, publicKey] = await Promise.all([
    getSsm().send(new GetParameterCommand({ Name: settings.certificatesParameter })),
    kmsPublicKey(settings.keyId),
  ]);
  const value = parameter.Parameter?.Value?.trim() ?? '';
  if (value === noCertificates) {
    logger.warn('Report signing certificate not configured: reports carry a self-signed one', {
      parameter: settings.certificatesParameter,
    });
    const now = Date.now();
    return [
      await issueCertificate(
        {
          subject: { commonName: settings.providerName, organization: settings.providerName },
          publicKey,
          notBefore: new Date(now - day),
          notAfter: new Date(now + 365 * day),
          keyUsage: ['digitalSignature', 'nonRepudiation'],
        },
        { signer: { sign } },
      ),
    ];
  }
  const chain = pemToDer(value);
  if (chain.length === 0) {
    throw new Error(
      `The SSM parameter ${settings.certificatesParameter} holds no PEM certificate (nor "${noCertificates}")`,
    );
  }
  const certified = Buffer.from(publicKeyInfoDer(parseCertificate(chain[0]!)));
  if (!certified.equals(Buffer.from(publicKey))) {
    throw new Error(
      `The first certificate in ${settings.certificatesParameter} is not for the KMS key ${settings.keyId}`,
    );
  }
  return chain;
}

/** The KMS report signer; its chain is read on first use and kept for the cold start. */
export function kmsReportSigner(settings: KmsSignerSettings): ReportSigner {
  const sign = (message: Uint8Array) => kmsSign(settings.keyId, message);
  let chain: Promise<Uint8Array[]> | undefined;
  return {
    certificates: () =>
      (chain ??= loadChain(settings, sign).catch((error: unknown) => {
        // A failed read (throttled, not yet granted) is tried again by the next request.
        chain = undefined;
        throw error;
      })),
    sign,
  };
}
