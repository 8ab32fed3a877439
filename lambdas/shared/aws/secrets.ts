import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientOptions, once } from './options';

export const getSecrets = once(() => new SecretsManagerClient(clientOptions(undefined)));
