import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * The credentials of a Lambda function are its environment's (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, set by the runtime for the function's role).
 * The function bundles, and the local stack's process, alias the SDK's default provider
 * chain to this (lib/bundle-aliases.ts): the chain's other sources (SSO, STS web identity,
 * profile files, instance metadata) and the clients they need would be a third of every
 * bundle, never used. Tests keep the default chain, which reads the same variables first.
 */
export const defaultProvider = fromEnv;
