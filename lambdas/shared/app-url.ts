import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { getSsm } from '../shared/aws/ssm';
import { getConfig } from '../shared/config';

let cached: Promise<string> | undefined;

/**
 * The web app's address for links in emails: APP_URL when set, else the SSM parameter
 * the stack writes once the distribution exists. Read once per cold start.
 */
export function getAppUrl(): Promise<string> {
  cached ??= (async () => {
    const { APP_URL, APP_URL_PARAMETER } = getConfig();
    if (APP_URL) return APP_URL.replace(/\/+$/, '');
    if (!APP_URL_PARAMETER) throw new Error('Neither APP_URL nor APP_URL_PARAMETER is set');
    const result = await getSsm().send(new GetParameterCommand({ Name: APP_URL_PARAMETER }));
    const value = result.Parameter?.Value;
    if (!value) throw new Error(`SSM parameter ${APP_URL_PARAMETER} is empty`);
    return value.replace(/\/+$/, '');
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
