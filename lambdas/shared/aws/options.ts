import { getConfig } from '../config';

/**
 * Options every AWS client shares. Every outbound call is bounded: a short connect
 * timeout, a request timeout well under the Lambda timeout, and the SDK's standard
 * retry with backoff.
 */
export function clientOptions(endpoint: string | undefined) {
  return {
    region: getConfig().AWS_REGION,
    endpoint,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
  };
}

/** Creates a client on first use and keeps it for the life of the process (warm starts). */
export function once<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= create());
}
