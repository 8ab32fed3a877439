import * as z from 'zod';
import { getItem } from './data/read';
import { keys } from './keys';

/**
 * The web app's address, for links in mails, reports and verification addresses. It is
 * an item of the table, not a variable: in AWS the address is the distribution's, known
 * only after the functions exist (the distribution's API origin is made of them), so the
 * stack writes the item once the distribution is there (lib/stack.ts); the local stack
 * writes its own address at start (bin/local/provision.ts). The same item, the same read.
 */
export function appUrlItem(url: string): Record<string, { S: string }> {
  const item = { ...keys.appUrl(), url: url.replace(/\/+$/, '') };
  // In DynamoDB's own JSON: CloudFormation's SDK call and the local set-up write it so.
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, { S: value }]));
}

const appUrlSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

let cached: Promise<string> | undefined;

/** The app's address without a trailing slash, read once per cold start. */
export function getAppUrl(): Promise<string> {
  cached ??= (async () => {
    const item = await getItem(keys.appUrl(), appUrlSchema);
    if (!item) {
      throw new Error('The app address item (CONFIG/APPURL) is missing: deploy the stack');
    }
    return item.url;
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
