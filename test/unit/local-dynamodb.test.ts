import { describe, expect, it } from 'vitest';
import { dynamoDbEnvironment } from '../../bin/local/emulators';

/** DynamoDB Local's start environment: libeatmydata preloaded where it is installed. */
describe('DynamoDB Local environment', () => {
  const library = '/usr/lib/x86_64-linux-gnu/libeatmydata.so';
  const installed = (path: string) => path === library;

  it('preloads libeatmydata when installed', () => {
    expect(dynamoDbEnvironment({}, installed)).toEqual({ LD_PRELOAD: library });
  });

  it('keeps a library the environment already preloads', () => {
    expect(dynamoDbEnvironment({ LD_PRELOAD: '/opt/other.so' }, installed)).toEqual({
      LD_PRELOAD: `${library}:/opt/other.so`,
    });
  });

  it('adds nothing when it is not installed or DYNAMODB_LOCAL_FSYNC=1 keeps the syncs', () => {
    expect(dynamoDbEnvironment({}, () => false)).toEqual({});
    expect(dynamoDbEnvironment({ DYNAMODB_LOCAL_FSYNC: '1' }, installed)).toEqual({});
  });
});
