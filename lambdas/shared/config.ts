import * as z from 'zod';

function endpoint() {
  return z.url({ protocol: /^https?$/ }).optional();
}

/**
 * Environment of every function, parsed once at cold start. In AWS the function
 * construct (lib/constructs/function.ts) sets these; locally bin/local/stack.ts does,
 * adding the emulator endpoints.
 */
const environmentSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  REPORTS_BUCKET: z.string().min(1),
  MAIL_FROM: z.email(),
  /**
   * Base of every unit's identification link (`<base>/01/<GTIN>/21/<serial>`, `<base>/id/<serial>`):
   * printed on labels, so it must never change once labels exist (IEC 61406-1). The stack
   * sets it from `identityLinkBase`, else the first report host; without it the app's
   * address (the table's CONFIG/APPURL item, lambdas/shared/app-url.ts) serves
   * (docs/identity-links.md).
   */
  IDENTITY_LINK_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Named in the report, its mail and the visitor's consent statement. */
  PROVIDER_NAME: z.string().min(1).default('Test Report Center'),
  /** The provider's address, printed under its name on every report (ISO/IEC 17025 7.8.2.1). */
  PROVIDER_ADDRESS: z.string().default(''),
  /** The privacy policy the consent statement and the report footnote link. */
  PRIVACY_POLICY_URL: z.url({ protocol: /^https?$/ }).default('https://example.com/privacy'),
  /**
   * Days a report's PDF link works and the visitor's email and address are kept (the
   * request record expires by TTL after them; docs/report-center.md, privacy).
   */
  REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Abuse limits of `POST /api/report-requests`: reports per recipient email per window... */
  REPORT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  REPORT_LIMIT_EMAIL_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** ...and requests per client address per window. */
  REPORT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  REPORT_LIMIT_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  /**
   * Public look-ups one client address (an IPv6 client: its /64) may make per window: the
   * identification links (compressed ones too), a unit's data and report verifications,
   * each of which says whether a serial or a report number exists (lambdas/shared/lookup-quota.ts).
   */
  LOOKUP_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  LOOKUP_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(5),
  /**
   * Abuse limit of the mails Cognito sends with a code or link (sign-up and its resend,
   * password reset, email change; lambdas/auth/code-mail-quota.ts): per recipient per
   * window, all kinds together.
   */
  CODE_MAIL_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  CODE_MAIL_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * How reports are signed (docs/report-signatures.md). In AWS: the asymmetric KMS key
   * (ECC NIST P-256) that signs every report PDF and credential, and the SSM parameter
   * holding the operator's certificate chain for it (PEM, signer first; `none` until
   * configured, when a certificate the key signs itself stands in). Locally: the folder
   * holding the local signer's key and chain (made once by the local stack). One of the
   * two is set wherever reports are issued or checked.
   */
  REPORT_SIGNING_KEY_ID: z.string().min(1).optional(),
  REPORT_SIGNING_CERTIFICATES_PARAMETER: z.string().min(1).optional(),
  REPORT_SIGNING_LOCAL_DIR: z.string().min(1).optional(),
  /**
   * The RFC 3161 timestamp authority every report signature is timestamped by (PAdES B-T).
   * When it cannot be reached the report is issued signed without a timestamp (B-B).
   */
  TIMESTAMP_AUTHORITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** SES configuration set of report mails (bounce and complaint events); none locally. */
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  /** Emulator endpoints, only set on the local stack. */
  DYNAMODB_ENDPOINT: endpoint(),
  COGNITO_ENDPOINT: endpoint(),
  S3_ENDPOINT: endpoint(),
  SES_ENDPOINT: endpoint(),
});

export type Config = z.infer<typeof environmentSchema>;

let cached: Config | undefined;

/** The parsed environment; throws one readable error naming every bad variable. */
export function getConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (cached && env === process.env) return cached;
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid function environment: ${problems.join('; ')}`);
  }
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}

/** The variable names, for the function construct and the local stack. */
export const environmentVariables = Object.keys(environmentSchema.shape) as (keyof Config)[];
