import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrorSchema } from '@coride/domain';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { AppMetrics } from '../lib/metrics';
import type { ZodTypeProvider } from '../lib/zod-provider';

/** The peer is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN, whoever sends it as a bearer token. Without, only a caller
 * on this machine: the socket's peer, never request.ip (TRUST_PROXY would let a header decide), and no
 * proxy header, because a load balancer on the same machine makes every outside request look local.
 */
function checkAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Digests first: equal lengths for timingSafeEqual, and no early exit on the first wrong byte.
    if (!timingSafeEqual(sha256(given), sha256(token))) {
      throw new AppError('UNAUTHENTICATED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    return;
  }
  const { headers } = request;
  const isProxied = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
  if (!isLoopback(request.socket.remoteAddress) || isProxied) {
    throw new AppError('FORBIDDEN', 'Metrics are served to this machine only unless METRICS_TOKEN is set');
  }
}

/**
 * GET /metrics (Prometheus text format) and the HTTP latency of every route. A plugin without
 * encapsulation, so its onResponse hook sees the routes of every module.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { metrics: AppMetrics; token: string | undefined }) => {
  const { metrics, token } = options;
  // A callback hook, not an async one: it runs after every answer (bench/api.ts).
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern keeps the label set small; requests no route matched share one label.
    metrics.http.observe(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        description: 'Prometheus metrics: loopback callers only, or with Authorization: Bearer <METRICS_TOKEN>',
        produces: ['text/plain'],
        response: { 200: z.string(), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      checkAccess(request, token);
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );
});
