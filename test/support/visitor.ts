import { request } from 'node:http';
import type { ErrorBody } from '../../lambdas/shared/contract/error-codes';
import type { ReportRequestCreated } from '../../lambdas/shared/contract/schemas/report-request';
import type { StackInfo } from './stack-process';

let nextHost = 0;

/**
 * A new visitor address on the loopback network (127.0.x.y): the report limits count
 * per client address, so each test acts as its own visitor unless it means not to.
 */
export function newVisitorAddress(): string {
  nextHost += 1;
  const base = (process.pid % 200) * 256 + nextHost;
  return `127.${10 + (Math.floor(base / 65_536) % 200)}.${Math.floor(base / 256) % 256}.${(base % 254) + 1}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** An HTTP request to the stack sent from `address` (a loopback address), as a visitor would. */
export function visitorRequest(
  stack: StackInfo,
  path: string,
  options: { method?: string; body?: unknown; address: string; headers?: Record<string, string> },
): Promise<RawResponse> {
  const url = new URL(path, stack.appUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        localAddress: options.address,
        headers: {
          host: url.host,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** `POST /api/report-requests` from a visitor's address; the JSON answer. */
export async function requestReport(
  stack: StackInfo,
  body: unknown,
  address = newVisitorAddress(),
): Promise<{
  status: number;
  headers: RawResponse['headers'];
  body: ReportRequestCreated & Partial<ErrorBody>;
}> {
  const response = await visitorRequest(stack, '/api/report-requests', {
    method: 'POST',
    body,
    address,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(response.bytes.toString('utf8') || 'null') as ReportRequestCreated &
      Partial<ErrorBody>,
  };
}
