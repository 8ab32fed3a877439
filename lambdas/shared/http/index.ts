/**
 * The HTTP layer of the API functions of routes with roles: `createHttpHandler` (the middy
 * pipeline with the caller's standing check), the answer helpers and the event and caller
 * types. Public and machine routes import `./public` instead (no standing check, no
 * Cognito client in their bundles).
 */
export { createHttpHandler, createHttpHandlers } from './handler';
export { type RequestContext } from './pipeline';
export { maxBodyBytes } from './middlewares';
export { errorBody, errorResult } from './responses';
export {
  actorOf,
  created,
  ok,
  type Caller,
  type HttpEvent,
  type HttpResponse,
  type HttpResult,
} from './types';
