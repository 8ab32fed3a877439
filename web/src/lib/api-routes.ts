import type { z, ZodType } from 'zod';
import type { Answer, ApiSpec, ApiTable } from '../../../lambdas/shared/contract/api-spec';

/**
 * What the web app knows of a route, derived from the API's contract
 * (lambdas/shared/contract/api/<feature>.ts): its path with the parameters filled in, its
 * query string, and the schema its answer is read with. No path, limit or answer shape is
 * written in the web app a second time. A page imports the contract of the features it
 * calls, so its chunk carries only their schemas. Shared by the back office's client
 * (./api-client.ts) and the public pages' (features/report-center/api.ts), which must not
 * load Amplify.
 */

/** A query string value as the web app has it (sent as text). */
type QueryValue = string | number | boolean | undefined;

/** The inputs of a route, typed by its contract. */
export type RouteInput<S> = (S extends { params: infer P extends ZodType }
  ? { params: z.input<P> }
  : { params?: undefined }) &
  (S extends { query: infer Q extends ZodType }
    ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
    : { query?: undefined }) &
  (S extends { body: 'text' }
    ? { text: { content: string | Blob; contentType: string } }
    : S extends { body: infer B extends ZodType }
      ? { body: z.input<B> }
      : { body?: undefined }) & { signal?: AbortSignal; timeoutMs?: number };

/** The JSON answer of a route, as its schema reads it; undefined for a route without one. */
export type RouteAnswer<S> = S extends { answers: infer A }
  ? { [K in keyof A]: A[K] extends ZodType ? z.output<A[K]> : undefined }[keyof A]
  : never;

/**
 * The path of a route with its parameters filled in, each encoded; a greedy parameter
 * (`{serial+}`) keeps its slashes, each segment encoded.
 */
export function routePath(key: string, params: Record<string, unknown> = {}): `/${string}` {
  const template = key.slice(key.indexOf(' ') + 1);
  return template.replace(/\{(\w+)(\+?)\}/g, (_, name: string, greedy: string) => {
    const value = String(params[name] ?? '');
    return greedy ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  }) as `/${string}`;
}

/** A query string of the values given (undefined ones left out), with its `?`; empty for none. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  return search.size ? `?${search}` : '';
}

/** A route's method, from its key. */
export function routeMethod(key: string): 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' {
  return key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

/** The URL of a call of `key` (path and query string); the web app calls routes under /api. */
export function routeUrl<T extends ApiTable, K extends keyof T & string>(
  _table: T,
  key: K,
  input: Pick<RouteInput<T[K]>, 'params' | 'query'>,
): `/api/${string}` {
  const path = routePath(key, input.params as Record<string, unknown>);
  return `${path}${queryString(input.query as Record<string, QueryValue> | undefined)}` as `/api/${string}`;
}

/**
 * {@link routeUrl} of a table named as a type only (`routeUrls<typeof reportRequestApi>()`),
 * for a page whose first load must not carry the contract's schemas (the public light pages
 * keep zod off it, and load the schemas with the answer).
 */
export function routeUrls<T extends ApiTable>() {
  return <K extends keyof T & string>(
    key: K,
    input: Pick<RouteInput<T[K]>, 'params' | 'query'>,
  ): `/api/${string}` => routeUrl({} as T, key, input);
}

/** What reads an answer: a schema's `safeParse`. */
export type AnswerReader<T> = Pick<ZodType<T>, 'safeParse'>;

/**
 * What a route's answer is read with: its JSON answer's schema; for a route with several
 * (an import: a dry run's 200 summary, or the queued import's 202), the first of them the
 * answer satisfies. Undefined for a route whose answers carry no JSON.
 */
export function answerSchema<T extends ApiTable, K extends keyof T & string>(
  table: T,
  key: K,
): AnswerReader<RouteAnswer<T[K]>> | undefined {
  const answers = Object.values((table[key] as ApiSpec).answers) as Answer[];
  const schemas = answers.filter(
    (answer): answer is ZodType => typeof answer === 'object' && !('file' in answer),
  ) as ZodType<RouteAnswer<T[K]>>[];
  if (schemas.length <= 1) return schemas[0];
  return {
    safeParse: (body: unknown) => {
      const results = schemas.map((schema) => schema.safeParse(body));
      return results.find((result) => result.success) ?? results[0]!;
    },
  } as AnswerReader<RouteAnswer<T[K]>>;
}
