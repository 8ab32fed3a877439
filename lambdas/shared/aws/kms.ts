import { KMSClient } from '@aws-sdk/client-kms';
import { clientOptions, once } from './options';

/** KMS, for the report signing key (no local emulator: the local stack signs with a local key). */
export const getKms = once(() => new KMSClient(clientOptions(undefined)));
