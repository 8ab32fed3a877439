import { SSMClient } from '@aws-sdk/client-ssm';
import { clientOptions, once } from './options';

export const getSsm = once(() => new SSMClient(clientOptions(undefined)));
