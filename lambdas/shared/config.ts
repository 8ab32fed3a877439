import { z } from 'zod';

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
   * Address of the web app, for links in emails. In AWS the stack stores it in the
   * SSM parameter named by APP_URL_PARAMETER (the distribution's address is only known
   * after the user pool exists); locally APP_URL is set directly.
   */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_URL_PARAMETER: z.string().min(1).optional(),
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
