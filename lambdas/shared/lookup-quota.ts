import { isIPv6 } from 'node:net';
import { getConfig } from './config';
import { RateLimitedError } from './errors';
import type { HttpEvent } from './http/types';
import { secondsLeftInWindow, takeFromQuota, type Quota } from './quota';

/**
 * The client address of a request: CloudFront's `CloudFront-Viewer-Address` (ip:port, set
 * by CloudFront and by the local gateway, never by the client) when present, else the
 * address API Gateway saw.
 */
export function clientAddress(headers: Record<string, string | undefined>, sourceIp: string) {
  const viewer = headers['cloudfront-viewer-address'];
  const address = viewer ? viewer.slice(0, viewer.lastIndexOf(':')) : sourceIp;
  // An IPv4 client on a dual-stack socket: count it under its IPv4 address.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase() || sourceIp;
}

/**
 * What a per-address limit counts: an IPv4 address whole; an IPv6 address by its /64
 * network, the block one subscriber gets and picks addresses from at will (counting each
 * address would let one client rotate past the limit).
 */
export function addressQuotaSubject(address: string): string {
  if (isIPv6(address)) {
    const [head = '', tail] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups =
      tail === undefined
        ? left
        : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
    // Four full groups always lead: an embedded IPv4 tail only shortens what follows.
    return `${groups
      .slice(0, 4)
      .map((group) => Number.parseInt(group, 16).toString(16))
      .join(':')}::/64`;
  }
  return address;
}

/** The public look-ups quota of one client address (config: LOOKUP_LIMIT_*). */
export function lookupQuota(address: string): Quota {
  const config = getConfig();
  return {
    kind: 'lookup',
    subject: addressQuotaSubject(address),
    limit: config.LOOKUP_LIMIT_PER_ADDRESS,
    minutes: config.LOOKUP_LIMIT_WINDOW_MINUTES,
  };
}

/**
 * Counts one public look-up (an identification link, a unit's data, a report's
 * verification) against its client address's quota, in the same store and manner as the
 * report request's (one conditional write): each answer says whether a serial or a report
 * number exists, so unbounded they would list them. Over the limit: 429 with `Retry-After`.
 * WAF bounds the same paths per address in AWS (docs/deploy.md); this bound holds wherever
 * the functions run, and counts an IPv6 client by its /64.
 */
export async function countLookup(event: HttpEvent, now = new Date()): Promise<void> {
  const quota = lookupQuota(clientAddress(event.headers ?? {}, event.requestContext.http.sourceIp));
  if (await takeFromQuota(quota, now)) return;
  const seconds = secondsLeftInWindow(quota, now);
  throw new RateLimitedError(seconds, 'errors.lookupRateLimited', {
    minutes: Math.ceil(seconds / 60),
  });
}
