import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Readiness } from '../modules/health/readiness';
import type { Services } from '../services';
import type { ZodTypeProvider } from './zod-provider';

/**
 * The app as every route plugin sees it: Fastify with the zod type provider, so handlers get typed
 * bodies and params. It lives in this leaf file, not in app.ts, so route files never import the
 * composition root that imports them (docs/decisions/010-module-boundaries.md).
 */
export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Whether to send this process traffic (GET /api/ready); server.ts drains it on SIGTERM. */
    readiness: Readiness;
  }
}
