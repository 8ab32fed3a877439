// Amplify by category: core's singleton and the Cognito user-pool token provider. The
// umbrella `aws-amplify` entry's `Amplify` also wires the identity-pool credentials
// provider (AWS credentials for an identity pool, cookie storage for SSR), which this
// app never uses: a few kB on every page. aws-amplify/auth uses this same core.
import { Amplify } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage } from 'aws-amplify/utils';
import type { AppConfig } from './config';

/** Points Amplify Auth at the environment's user pool (cognito-local when an endpoint is set). */
export function configureAmplify(
  config: Pick<AppConfig, 'userPoolId' | 'userPoolClientId' | 'userPoolEndpoint'>,
): void {
  const auth = {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
    },
  };
  // What `aws-amplify`'s Amplify.configure does for a user pool: tokens kept in
  // localStorage and refreshed by the singleton provider, pointed at this pool.
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
