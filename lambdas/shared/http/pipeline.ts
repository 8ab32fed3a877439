import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import type { HandlerAnswer } from '../contract/api-spec';
import { definitionOf, type RouteSpec, type RouteTable } from '../route-spec';
import { powertoolsLogger, withLogKeys } from '../logger';
import { metrics } from '../metrics';
import {
  authorization,
  bodyReader,
  errorResponse,
  validation,
  type ApiContext,
  type Middleware,
  type StandingCheck,
} from './middlewares';
import { answerProblem } from './answer-check';
import { toResult } from './responses';
import type { Caller, HttpEvent, HttpResponse, HttpResult } from './types';

type BodyOf<S> = S extends { body: 'text' }
  ? Uint8Array
  : S extends { batchEnvelope: infer E extends ZodType }
    ? z.output<E>
    : S extends { body: infer B extends ZodType }
      ? z.output<B>
      : undefined;
type QueryOf<S> = S extends { query: infer Q extends ZodType } ? z.output<Q> : undefined;
type ParamsOf<S> = S extends { params: infer P extends ZodType }
  ? z.output<P>
  : Record<string, string>;
/** A route with roles always has a caller; a public or machine route never does. */
type CallerOf<S> = S extends { access: readonly string[] } ? Caller : undefined;

/** What a handler gets: everything the pipeline parsed, typed by its route's spec. */
export interface RequestContext<S, TPrincipal = undefined> {
  event: HttpEvent;
  body: BodyOf<S>;
  query: QueryOf<S>;
  params: ParamsOf<S>;
  caller: CallerOf<S>;
  /** What `authenticate` returned (routes with `machine` access). */
  principal: TPrincipal;
  correlationId: string;
}

export interface HandlerOptions<TPrincipal> {
  /**
   * Authenticates callers of `machine` routes (API Gateway has no authorizer for them);
   * runs before the body is read, so an unauthenticated caller learns nothing of it.
   */
  authenticate?: (event: HttpEvent) => Promise<TPrincipal>;
}

/**
 * The middy pipeline of one route's Lambda handler (`key` in its feature's route table):
 * Powertools' logger context and metrics flush, middy's header and event normalisers, and
 * the project's own middlewares for the error body, the access rule (with `standing` for a
 * route with roles), the body (middy's JSON parser) and the route's shared schemas. The
 * use case gets typed, validated input and answers with `ok`/`created`; it never builds
 * an HTTP answer by hand. Every log line of the request carries its correlation id.
 * Handlers are made with `createHttpHandler` (routes with roles) or
 * `createPublicHttpHandler` (public and machine routes).
 */
export function httpPipeline<T extends RouteTable, K extends keyof T & string, TPrincipal>(
  table: T,
  key: K,
  run: (context: RequestContext<T[K], TPrincipal>) => Promise<HandlerAnswer<T[K]>>,
  options: HandlerOptions<TPrincipal>,
  standing?: StandingCheck,
): (event: HttpEvent, context?: Context) => Promise<HttpResult> {
  const spec = table[key];
  if (!spec) throw new Error(`Route ${key} is not in the route table`);
  const route = definitionOf(key, spec as unknown as RouteSpec);
  const checkAnswers = process.env.CHECK_ANSWERS === '1';

  const pipeline = middy<HttpEvent, HttpResult, Error, ApiContext>()
    // First, so its onError runs last, after every other middleware's.
    .use(errorResponse(route))
    .use(injectLambdaContext(powertoolsLogger, { resetKeys: true }))
    .use(logMetrics(metrics))
    // Their declarations type the API Gateway v1 event; they handle v2 events as well.
    .use(httpHeaderNormalizer() as unknown as Middleware)
    .use(httpEventNormalizer() as unknown as Middleware)
    .use(authorization(route, { authenticate: options.authenticate, standing }))
    .use(bodyReader(route))
    .use(validation(route))
    .handler(async (event, context) => {
      const state = context.api ?? { correlationId: event.requestContext.requestId };
      const response = await run({
        event,
        body: state.body as never,
        query: state.query as never,
        params: state.params as never,
        caller: state.caller as never,
        principal: state.principal as TPrincipal,
        correlationId: state.correlationId,
      });
      if (checkAnswers) {
        const problem = answerProblem(route, response as HttpResponse);
        if (problem) throw new Error(`The answer of ${key} breaks its contract: ${problem}`);
      }
      return toResult(response as HttpResponse, state.correlationId);
    });

  return (event, context) =>
    withLogKeys({ correlationId: event.requestContext.requestId }, () =>
      // The local gateway passes no context: each call gets its own.
      pipeline(event, (context ?? {}) as ApiContext),
    );
}
