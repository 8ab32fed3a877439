import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { getConfig } from '../config';

/**
 * Options every AWS client shares. Every outbound call is bounded: a short connect
 * timeout, a request timeout, and the SDK's standard retry with backoff (3 attempts).
 * A dependency that hangs fails a call after about 3 × 2 s plus backoff, well under the
 * 10 s Lambda timeout, so the caller gets `unavailable` rather than a time-out.
 * `throwOnRequestTimeout`: without it the SDK only logs a warning when `requestTimeout`
 * passes and goes on waiting.
 */
export function clientOptions(endpoint: string | undefined) {
  return {
    region: getConfig().AWS_REGION,
    endpoint,
    logger: sdkLogger,
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 1_000,
      requestTimeout: 2_000,
      throwOnRequestTimeout: true,
    },
  };
}

/**
 * The SDK logs nothing of ours (the handlers log their own outcome). Its default no-op
 * logger still has `info`, and the SDK's logger middleware builds a copy of every input
 * and output with sensitive members masked just to hand it to `info`: a fifth of the
 * SDK's CPU per call on a 30-item Query. Without `info` (the middleware calls
 * `logger?.info?.(...)`) no copy is made.
 */
type SdkLogger = NonNullable<DynamoDBClientConfig['logger']>;
const sdkLogger = {
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as Partial<SdkLogger> as SdkLogger;

/** Creates a client on first use and keeps it for the life of the process (warm starts). */
export function once<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= create());
}
