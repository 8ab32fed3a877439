import { Amplify } from 'aws-amplify';
import type { AppConfig } from './config';

/** Points Amplify Auth at the environment's user pool (cognito-local when an endpoint is set). */
export function configureAmplify(config: AppConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}
