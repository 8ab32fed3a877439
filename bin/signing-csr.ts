/**
 * Prints a PKCS#10 certification request (PEM) for the report signing KMS key, signed by
 * the key in KMS, for the operator to send to a CA (docs/deploy.md, report signatures):
 *
 *   npx tsx bin/signing-csr.ts --key <key id, ARN or alias/...> --name "Acme Valves"
 *     [--organization "Acme Valves Ltd."] [--unit "Quality"] [--locality Taichung] [--country TW]
 *     [--region eu-west-1] > report-signing.csr
 *
 * AWS credentials and region come from the usual places (AWS_PROFILE, AWS_REGION, ...); the
 * caller needs kms:GetPublicKey and kms:Sign on the key.
 */
import { parseArgs } from 'node:util';
import { KMSClient } from '@aws-sdk/client-kms';
import { certificationRequest, derToPem } from '../lambdas/report-requests/signing/certificates';
import { kmsPublicKey, kmsSign } from '../lambdas/report-requests/signing/kms-signer';

const usage =
  'Usage: npx tsx bin/signing-csr.ts --key <KMS key id, ARN or alias> --name <common name> ' +
  '[--organization <name>] [--unit <name>] [--locality <city>] [--country <XX>] [--region <region>]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      name: { type: 'string' },
      organization: { type: 'string' },
      unit: { type: 'string' },
      locality: { type: 'string' },
      country: { type: 'string' },
      region: { type: 'string' },
    },
  });
  const keyId = values.key ?? process.env.REPORT_SIGNING_KEY_ID;
  const commonName = values.name;
  if (!keyId || !commonName) throw new Error(usage);
  if (values.country !== undefined && !/^[A-Z]{2}$/.test(values.country)) {
    throw new Error('--country takes two capital letters (ISO 3166), e.g. TW');
  }
  const kms = new KMSClient(values.region ? { region: values.region } : {});
  try {
    const publicKey = await kmsPublicKey(keyId, kms);
    const request = await certificationRequest(
      {
        commonName,
        organization: values.organization,
        organizationalUnit: values.unit,
        locality: values.locality,
        country: values.country,
      },
      publicKey,
      { sign: (message) => kmsSign(keyId, message, kms) },
    );
    process.stdout.write(derToPem(request, 'CERTIFICATE REQUEST'));
  } finally {
    kms.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
