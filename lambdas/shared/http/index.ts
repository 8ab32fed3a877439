/**
 * The HTTP layer of every API function: `createHttpHandler` (the middy pipeline), the
 * answer helpers and the event and caller types.
 */
export { createHttpHandler, type RequestContext } from './handler';
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
