import { describe, expect, it } from 'vitest';
import { getConfig } from '../../lambdas/shared/config';

const complete = {
  TABLE_NAME: 'table',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'bucket',
  MAIL_FROM: 'reports@example.com',
};

describe('function environment', () => {
  it('parses a complete environment with the region default', () => {
    expect(getConfig({ ...complete })).toMatchObject({ ...complete, AWS_REGION: 'us-east-1' });
  });

  it('names every missing or bad variable in one readable error', () => {
    expect(() => getConfig({ TABLE_NAME: 'table', MAIL_FROM: 'not-an-email' })).toThrow(
      /Invalid function environment: .*USER_POOL_ID.*USER_POOL_CLIENT_ID.*REPORTS_BUCKET.*MAIL_FROM/,
    );
  });

  it('rejects an emulator endpoint that is not a URL', () => {
    expect(() => getConfig({ ...complete, DYNAMODB_ENDPOINT: 'localhost:8000' })).toThrow(
      /DYNAMODB_ENDPOINT/,
    );
  });
});
