import { Amplify } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage } from 'aws-amplify/utils';

/** Amplify pointed at a user pool, tokens kept in localStorage (as web/src/lib/amplify.ts). */
export function configureAuth(): void {
  const auth = { Cognito: { userPoolId: 'pool', userPoolClientId: 'client' } };
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
