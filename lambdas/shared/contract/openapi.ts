import * as z from 'zod';
import { hasRoles, splitRouteKey, type Answer, type ApiSpec, type ApiTable } from './api-spec';
import { errorBodySchema } from './schemas/error-body';
import type { OpenApiDocument } from './api/openapi';
import { productName } from './product-name';

/**
 * The API's OpenAPI 3.1 document, generated from the contract (contract/api/*.ts): every
 * route with its security (Cognito ID token, machine key, public), parameters, body and
 * answers, and the standard error body. Served at `GET /api/openapi.json` and written to
 * docs/openapi.json (`npm run openapi`; a test fails when the committed file differs).
 * Schemas are JSON Schema 2020-12 from zod 4 (`z.toJSONSchema`), as the wire carries them:
 * the input side of each schema (defaults optional, before any transform), for answers too,
 * since that is what a handler sends. Rules zod cannot state in JSON Schema (refinements
 * such as a GTIN's check digit, the printable characters) are in docs/api.md.
 */

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, without the `$schema` line (the document states the dialect). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  delete converted.$schema;
  return converted;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The error answers a route can give, by its kind. */
function errorAnswers(spec: ApiSpec): Record<string, unknown> {
  return {
    ...(spec.body || spec.query
      ? { 400: errorAnswer('Invalid input (invalid-argument) or a refused change') }
      : { 400: errorAnswer('A refused change (failed-precondition)') }),
    ...(spec.access === 'public'
      ? {}
      : {
          401: errorAnswer('No valid token or machine key (unauthenticated)'),
          ...(hasRoles(spec) ? { 403: errorAnswer('The role may not (permission-denied)') } : {}),
        }),
    404: errorAnswer('Unknown record or path (not-found)'),
    ...(spec.body
      ? {
          413: errorAnswer(
            spec.bodyLimitBytes === undefined
              ? 'Body over 1 MiB (payload-too-large)'
              : `Body over ${spec.bodyLimitBytes / 1_000_000} MB (payload-too-large)`,
          ),
        }
      : {}),
    429: errorAnswer('Over a rate limit (resource-exhausted), with Retry-After'),
    500: errorAnswer('A defect (internal)'),
    503: errorAnswer('A service the API needs is unreachable (unavailable)'),
  };
}

/** One success answer in OpenAPI's words. */
function successAnswer(answer: Answer): Record<string, unknown> {
  if (answer === 'none') return { description: 'No content' };
  if (answer === 'redirect') {
    return {
      description: 'A redirect to the target link',
      headers: { Location: { schema: { type: 'string', format: 'uri' } } },
    };
  }
  if ('file' in answer) {
    return {
      description: `A file (${answer.file})`,
      content: { [answer.file]: { schema: { type: 'string', contentMediaType: answer.file } } },
    };
  }
  return {
    description: 'Success',
    content: { 'application/json': { schema: jsonSchema(answer) } },
  };
}

/** Path and query parameters of an object schema, each with its own schema. */
function parameters(schema: z.ZodType | undefined, place: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const object = jsonSchema(schema) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/** Greedy path parameters (`{serial+}`) in OpenAPI's template syntax, which has none. */
const openApiPath = (path: string) => path.replace(/\{(\w+)\+\}/g, '{$1}');

/** A route's name for client generators: `GET /api/products/{id}` -> `getApiProductsId`. */
function operationId(key: string): string {
  const { method, path } = splitRouteKey(key);
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The route's feature, for grouping: the first path segment after /api (or `resolver`). */
function tagOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments[0] === 'api' ? (segments[1] ?? 'api') : 'resolver';
}

export function openApiDocument(api: ApiTable, version: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, spec] of Object.entries(api) as [string, ApiSpec][]) {
    const { method, path } = splitRouteKey(key);
    const greedy = [...path.matchAll(/\{(\w+)\+\}/g)].map((match) => match[1]!);
    const pathParameters = spec.params
      ? parameters(spec.params, 'path')
      : [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => ({
          name: match[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        }));
    const operation: Record<string, unknown> = {
      operationId: operationId(key),
      summary: spec.summary,
      tags: [tagOf(path)],
      security:
        spec.access === 'public'
          ? []
          : spec.access === 'machine'
            ? [{ machineKey: [] }]
            : [{ cognitoIdToken: [] }],
      ...(hasRoles(spec) ? { 'x-roles': [...spec.access] } : {}),
      parameters: [
        ...pathParameters.map((parameter) =>
          greedy.includes((parameter as { name: string }).name)
            ? { ...(parameter as object), description: 'The rest of the path; may contain /' }
            : parameter,
        ),
        ...parameters(spec.query, 'query'),
      ],
      ...(spec.body === 'text'
        ? {
            requestBody: {
              required: true,
              content: { 'text/csv': { schema: { type: 'string' } } },
            },
          }
        : spec.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(spec.body) } },
              },
            }
          : {}),
      responses: {
        ...Object.fromEntries(
          Object.entries(spec.answers).map(([status, answer]) => [
            status,
            successAnswer(answer as Answer),
          ]),
        ),
        // A status the route declares (health's 503) keeps its own answer.
        ...Object.fromEntries(
          Object.entries(errorAnswers(spec)).filter(([status]) => !(status in spec.answers)),
        ),
      },
    };
    paths[openApiPath(path)] = { ...paths[openApiPath(path)], [method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${productName} API`,
      version,
      description:
        'The API of the Test Report Center: the back office (Cognito ID token, roles staff ' +
        'and admin), test benches (machine key) and the public report center and ' +
        'identification links. Generated from the route contract (lambdas/shared/contract/api); ' +
        'docs/api.md has the rules JSON Schema cannot state.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        cognitoIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The Cognito ID token of a signed-in staff member or admin',
        },
        machineKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A test bench machine key (docs/machine-data.md)',
        },
      },
      schemas: { ErrorBody: jsonSchema(errorBodySchema) },
    },
    paths,
  };
}
