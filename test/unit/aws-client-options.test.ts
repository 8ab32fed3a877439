import { describe, expect, it } from 'vitest';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);
const { clientOptions } = await import('../../lambdas/shared/aws/options');

describe('AWS client options', () => {
  it('give the SDK a logger without info, so it builds no masked copy of each call to log', () => {
    const { logger } = clientOptions(undefined);
    // The SDK's logger middleware evaluates its arguments only when `logger.info` exists.
    expect('info' in logger).toBe(false);
    expect(() => logger.error({})).not.toThrow();
    expect(() => logger.warn({})).not.toThrow();
    expect(() => logger.debug({})).not.toThrow();
  });

  it('bound every call (connect and request timeouts, three attempts)', () => {
    expect(clientOptions('http://localhost:1')).toMatchObject({
      endpoint: 'http://localhost:1',
      maxAttempts: 3,
      requestHandler: {
        connectionTimeout: 1_000,
        requestTimeout: 2_000,
        throwOnRequestTimeout: true,
      },
    });
  });
});
