import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../config';
import { clientOptions, once } from './options';

export const getCognito = once(
  () => new CognitoIdentityProviderClient(clientOptions(getConfig().COGNITO_ENDPOINT)),
);
