import { SESv2Client } from '@aws-sdk/client-sesv2';
import { getConfig } from '../config';
import { clientOptions, once } from './options';

export const getSes = once(() => new SESv2Client(clientOptions(getConfig().SES_ENDPOINT)));
