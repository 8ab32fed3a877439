import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productName } from '../../lambdas/shared/contract/product-name';

/** Repository root, whatever the working directory. */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const localRegion = 'us-east-1';
/** The emulators accept any credentials; s3rver's documented pair works for all. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const defaultPort = 3000;
/**
 * The seeded admin. `totpSecret` is the authenticator secret the admin's second factor is
 * seeded with (ADMIN_TOTP_SECRET): 32 base32 characters (20 bytes, the size of Cognito's
 * own secrets), the well-known demo secret doubled. Anyone can compute its codes: it is for
 * a stack on one's own machine only.
 */
export const defaultAdmin = {
  email: 'admin@example.com',
  password: 'Local-Admin-2026!',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/**
 * Ports of the local stack: the gateway on `base`, the emulators right after it (the last
 * one the local timestamp authority of the report signatures), so one `PORT` moves the
 * whole stack and a restart finds the same addresses.
 */
export function stackPorts(base: number) {
  return {
    gateway: base,
    dynamodb: base + 1,
    cognito: base + 2,
    mail: base + 3,
    s3: base + 4,
    timestamps: base + 5,
  };
}
export type StackPorts = ReturnType<typeof stackPorts>;

/** Settings shown to the web app and the consent statement; AWS takes them from CDK context. */
export const localSiteSettings = {
  appName: productName,
  providerName: 'Example Valve Co.',
  /** Printed under the provider's name on every report. */
  providerAddress: '12 Harbour Road, Taichung 407, Taiwan',
  privacyPolicyUrl: 'https://www.example.com/privacy',
  mailFrom: 'reports@example.com',
  /** Cognito's own sender in AWS is no-reply@verificationemail.com. */
  cognitoMailFrom: 'no-reply@verificationemail.com',
};
