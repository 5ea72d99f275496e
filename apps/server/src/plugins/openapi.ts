import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** The API's version in the document: the contract's paths and payloads as they are now. */
const API_VERSION = '1.0.0';

/** The route schema's parts that describe a request (parsed input) and those that describe responses (output). */
const requestParts = ['body', 'querystring', 'params', 'headers'] as const;

/** A zod schema as OpenAPI 3.0's JSON Schema; anything else (a plugin's own JSON schema) as it is. */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  // Transforms and refinements cannot be written as JSON Schema: their input or output shape is, and the rest is left open.
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
}

/** `/api/rides/:id` -> `rides`; `/metrics` -> `metrics`. */
export function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  return (first === 'api' ? second : first) ?? 'api';
}

/** Every route declares zod schemas (lib/zod-provider.ts); the document needs them as JSON Schema. */
export function toOpenApiSchema(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!schema) return schema;
  const converted: Record<string, unknown> = { ...schema };
  for (const part of requestParts) if (schema[part] !== undefined) converted[part] = jsonSchemaOf(schema[part], 'input');
  if (schema.response && typeof schema.response === 'object') {
    converted.response = Object.fromEntries(Object.entries(schema.response).map(([status, response]) => [status, jsonSchemaOf(response, 'output')]));
  }
  return converted;
}

/**
 * The OpenAPI 3 description of every route, generated from the zod schemas the routes validate with
 * (GET /api/openapi.json), and Swagger UI over it (GET /api/docs; its scripts and styles are served
 * from the package, so it works offline and under the app's CSP). Registered before the routes, so
 * that it sees each of them as it is added.
 */
/** Where Swagger UI's page and files are served: pages, not API answers (plugins/security-headers.ts). */
export const OPENAPI_DOCS_PREFIX = '/api/docs';

export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CoRide API',
        version: API_VERSION,
        description: 'Community ride-hailing marketplace. Money is in integer cents. Sign in with POST /api/login and send `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      // A bearer token or none: each route says in its description or its 401/403 answers whom it serves.
      security: [{ bearer: [] }, {}],
    },
    // Grouped by the path's first segment after /api (rides, drivers, licensee, ...).
    transform: ({ schema, url }) => ({ schema: { tags: [tagOf(url)], ...toOpenApiSchema(schema) }, url }),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Swagger UI reads the same document from /api/docs/json; no validator is called (offline).
  await app.register(swaggerUi, { routePrefix: OPENAPI_DOCS_PREFIX });
});
