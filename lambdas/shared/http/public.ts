import type { Context } from 'aws-lambda';
import type { HandlerAnswer } from '../contract/api-spec';
import type { OpenRouteKey, RouteTable } from '../route-spec';
import { httpPipeline, type HandlerOptions, type RequestContext } from './pipeline';
import type { HttpEvent, HttpResult } from './types';

/**
 * The HTTP layer of public and machine routes (no signed-in caller). Their handlers import
 * it instead of the index (`../shared/http`), which brings `createHttpHandler` and with it
 * the standing check and Cognito's client (about 33 kB, and their start-up) into a bundle.
 */
export { created, ok, type HttpEvent, type HttpResponse, type HttpResult } from './types';
export type { RequestContext };

/**
 * Wraps a use case as the Lambda handler of one public or machine route: the same
 * pipeline as `createHttpHandler` (http/pipeline.ts) without the standing check. A machine
 * route passes `authenticate`.
 */
export function createPublicHttpHandler<
  T extends RouteTable,
  K extends OpenRouteKey<T>,
  TPrincipal = undefined,
>(
  table: T,
  key: K,
  run: (context: RequestContext<T[K], TPrincipal>) => Promise<HandlerAnswer<T[K]>>,
  options: HandlerOptions<TPrincipal> = {},
): (event: HttpEvent, context?: Context) => Promise<HttpResult> {
  return httpPipeline(table, key, run, options);
}
