import { getConfig } from '../../shared/config';
import { kmsReportSigner } from './kms-signer';
import { localReportSigner } from './local-signer';
import { type ReportSigner, type TimestampAuthority, TimestampUnavailable } from './signer';
import { httpTimestampAuthority } from './timestamp';

let signer: ReportSigner | undefined;
let authority: TimestampAuthority | undefined;

/**
 * The report signer the configuration names: the KMS key when REPORT_SIGNING_KEY_ID is set
 * (with REPORT_SIGNING_CERTIFICATES_PARAMETER), else the local signing folder
 * (REPORT_SIGNING_LOCAL_DIR); kept for the life of the process.
 */
export function getReportSigner(): ReportSigner {
  if (signer) return signer;
  const config = getConfig();
  if (config.REPORT_SIGNING_KEY_ID) {
    if (!config.REPORT_SIGNING_CERTIFICATES_PARAMETER) {
      throw new Error(
        'REPORT_SIGNING_KEY_ID is set without REPORT_SIGNING_CERTIFICATES_PARAMETER (the SSM parameter of its certificate chain)',
      );
    }
    signer = kmsReportSigner({
      keyId: config.REPORT_SIGNING_KEY_ID,
      certificatesParameter: config.REPORT_SIGNING_CERTIFICATES_PARAMETER,
      providerName: config.PROVIDER_NAME,
    });
  } else if (config.REPORT_SIGNING_LOCAL_DIR) {
    signer = localReportSigner(config.REPORT_SIGNING_LOCAL_DIR);
  } else {
    throw new Error(
      'Reports cannot be signed: set REPORT_SIGNING_KEY_ID (the KMS key, in AWS) or REPORT_SIGNING_LOCAL_DIR (the local signing folder)',
    );
  }
  return signer;
}

/**
 * The timestamp authority TIMESTAMP_AUTHORITY_URL names; without one, an authority that is
 * always unavailable (reports are then signed without timestamps, B-B).
 */
export function getTimestampAuthority(): TimestampAuthority {
  if (authority) return authority;
  const url = getConfig().TIMESTAMP_AUTHORITY_URL;
  authority = url
    ? httpTimestampAuthority(url)
    : {
        timestamp: () =>
          Promise.reject(new TimestampUnavailable('TIMESTAMP_AUTHORITY_URL is not set')),
      };
  return authority;
}
