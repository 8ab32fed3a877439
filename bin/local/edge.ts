import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { repoRoot } from './settings';

/** The CloudFront Functions event shape, as much of it as the viewer-request function reads. */
export interface EdgeRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}
export interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}

type ViewerRequest = (event: { request: EdgeRequest }) => EdgeRequest | EdgeResponse;

/**
 * Loads lib/edge/viewer-request.js, the very file CDK deploys as a CloudFront
 * Function, into a sandbox and returns its `handler`.
 */
export function loadViewerRequest(
  file = join(repoRoot, 'lib/edge/viewer-request.js'),
): ViewerRequest {
  const source = readFileSync(file, 'utf8');
  return runInNewContext(`${source}\n;handler`, {}, { filename: file }) as ViewerRequest;
}

export function isEdgeResponse(value: EdgeRequest | EdgeResponse): value is EdgeResponse {
  return 'statusCode' in value;
}
