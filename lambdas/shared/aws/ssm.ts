import { SSMClient } from '@aws-sdk/client-ssm';
import { clientOptions, once } from './options';

/** SSM Parameter Store, for the report signing certificate chain. */
export const getSsm = once(() => new SSMClient(clientOptions(undefined)));
