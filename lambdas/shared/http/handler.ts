import type { Context } from 'aws-lambda';
import type { HandlerAnswer } from '../contract/api-spec';
import type { RoleRouteKey, RouteTable } from '../route-spec';
import { httpPipeline, type RequestContext } from './pipeline';
import { currentStanding } from './standing';
import type { HttpEvent, HttpResult } from './types';

/**
 * Wraps a use case as the Lambda handler of one route with roles (`key` in its feature's
 * route table, e.g. `createHttpHandler(productRoutes, 'POST /api/products', ...)`): the
 * pipeline (http/pipeline.ts) with the caller's current standing checked on every call
 * (http/standing.ts, one Cognito read). Public and machine routes use
 * `createPublicHttpHandler`, whose functions carry neither the check nor Cognito's client.
 */
export function createHttpHandler<T extends RouteTable, K extends RoleRouteKey<T>>(
  table: T,
  key: K,
  run: (context: RequestContext<T[K]>) => Promise<HandlerAnswer<T[K]>>,
): (event: HttpEvent, context?: Context) => Promise<HttpResult> {
  return httpPipeline(table, key, run, {}, currentStanding);
}

/**
 * Wraps the use cases of several routes with roles as one Lambda handler, each route with
 * its own pipeline (as {@link createHttpHandler} builds it), chosen by the event's route
 * key: routes that belong together and need the same permissions share one function
 * (lib/constructs/api.ts builds one per handler module), which keeps the stack within
 * CloudFormation's resource limit.
 */
export function createHttpHandlers<T extends RouteTable, K extends RoleRouteKey<T>>(
  table: T,
  runs: { [Key in K]: (context: RequestContext<T[Key]>) => Promise<HandlerAnswer<T[Key]>> },
): (event: HttpEvent, context?: Context) => Promise<HttpResult> {
  const pipelines = new Map(
    (Object.keys(runs) as K[]).map((key) => [
      key as string,
      httpPipeline(table, key, runs[key], {}, currentStanding),
    ]),
  );
  return (event, context) => {
    const pipeline = pipelines.get(event.routeKey);
    if (!pipeline) throw new Error(`This function does not serve ${event.routeKey}`);
    return pipeline(event, context);
  };
}
