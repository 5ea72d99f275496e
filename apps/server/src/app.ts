import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyReply, type RouteOptions } from 'fastify';
import type { ApiError } from '@coride/domain';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AppInstance } from './lib/app-instance';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from './lib/zod-provider';
import { accountsRoutes } from './modules/accounts/routes';
import { applicationsRoutes } from './modules/applications/routes';
import { assistantRoutes } from './modules/assistant/routes';
import { sharedOfflineEngine } from './modules/assistant/service';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/reporting/routes';
import { communityRoutes } from './modules/community/routes';
import { OffsetClock, testClockRoutes } from './modules/dev/test-clock';
import { driversRoutes } from './modules/drivers/routes';
import { driverSuspensionRoutes } from './modules/drivers/suspension-routes';
import { driverDocumentsRoutes } from './modules/driver-documents/routes';
import { favoritesRoutes } from './modules/favorites/routes';
import { geoRoutes } from './modules/geo/routes';
import { Readiness } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { emergencyContactsRoutes } from './modules/emergency-contacts/routes';
import { rideMessagesRoutes } from './modules/ride-messages/routes';
import { safetyRoutes } from './modules/safety/routes';
import { closeSocketsForRestart } from './modules/realtime/restart';
import { realtimeRoutes } from './modules/realtime/routes';
import { rewardsRoutes } from './modules/rewards/routes';
import { ridesRoutes } from './modules/rides/routes';
import { tripSharingRoutes } from './modules/rides/sharing-routes';
import { paymentsRoutes } from './modules/payments/routes';
import { payoutsRoutes } from './modules/payouts/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { privacyRoutes } from './modules/privacy/routes';
import type { FaultHook } from './modules/payments/service';
import { territoriesRoutes } from './modules/territories/routes';
import { authPlugin } from './plugins/auth';
import { metricsPlugin } from './plugins/metrics';
import { OPENAPI_DOCS_PREFIX, openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { appHelmetOptions, documentOnlyHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { registerErrorHandler } from './plugins/error-handler';
import { secretLogPaths, serializeError } from './lib/safe-error-log';
import { backgroundJobs } from './jobs';
import { registerJob, type RoundLock } from './lib/jobs';
import { AppMetrics } from './lib/metrics';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger';
import { createServices, type Services } from './services';

export type { AppInstance } from './lib/app-instance';
import { openSharedState } from './shared-state';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Injected clock for tests. */
  now?: () => Date;
  /** Failure injection inside payment transactions (tests only). */
  faults?: FaultHook;
  /** false: no log; `{ stream }`: the log's JSON lines go there instead of stdout (tests read them). */
  logger?: boolean | { stream: { write(line: string): void } };
  /** Sees every route as it is registered (tests only: the input fuzz test walks the whole route table). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Believes the `hops` nearest X-Forwarded-For hops (the socket's peer is hop 0), so request.ip is the
 * right-most address that no trusted proxy wrote. Only sound when the server is reachable through
 * those proxies alone; a list of proxy addresses (TRUST_PROXY=10.0.0.0/8) also checks the peer.
 */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole application; server.ts only listens and closes it. */
export async function buildApp({ config, database, now, faults, logger = true, onRoute }: AppOptions): Promise<AppInstance> {
  const app = Fastify({
    // Errors go through a serializer that leaves query parameters out; the redact paths are a second net.
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { err: serializeError },
          redact: { paths: secretLogPaths, censor: '[redacted]' },
          ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
        }
      : false,
    // Per-request lines only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // So a request that logs nothing does not pay for a pino child (lib/lazy-child-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    // A hop count is given as a function: Fastify 5 takes a bare number as "trust no hop".
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  // JSON in and out (contract section 4): Fastify's default text/plain parser would hand a string to
  // the validators (400) instead of refusing the media type (415).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandler(app);

  // helmet's headers, worked out once at start instead of per request, on pages and files; the API's
  // JSON answers get the short set that means something on them (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, { helmet: appHelmetOptions, api: { prefix: '/api/', documents: [OPENAPI_DOCS_PREFIX] } });
  // API answers over 1 KB go out brotli- or gzip-compressed when the client accepts it (brotli at
  // quality 4: most of the saving for a fraction of quality 11's time). The built app's files are
  // compressed once at build time and sent as they are (registerWebApp).
  // Request bodies are small JSON: none is accepted compressed, so no decompression hook runs per request.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  // Before any route: both see each route as it is added (the OpenAPI document, the latency per route).
  await app.register(openApiPlugin);
  const metrics = new AppMetrics();
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });

  const { db } = database;
  database.useLogger?.(app.log);
  const testClock = !now && config.testClock ? new OffsetClock() : undefined;
  const clock = now ?? testClock?.now ?? (() => new Date());
  const shared = await openSharedState(config, app.log, clock);
  // Closing twice is harmless: the background work's onClose (below) closes the hub too.
  if (shared) app.addHook('onClose', () => shared.close());
  const services = createServices({ config, db, now: clock, log: app.log, faults, shared, dispatchEvents: metrics.dispatch, mailEvents: metrics.mail });
  app.decorate('services', services);
  const readiness = new Readiness({ db, redis: shared?.redis });
  app.decorate('readiness', readiness);
  // Draining: each answer closes its connection, so clients reconnect through the balancer to another
  // process, and an idle keep-alive connection cannot hold the closing server open (72 s in Fastify).
  // A callback hook, not an async one: it runs on every answer, and a promise per answer shows in bench/api.ts.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.isDraining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Runs before the websocket plugin's own preClose (hooks run in order), which closes sockets without a code.
  app.addHook('preClose', async () => {
    closeSocketsForRestart(app.websocketServer);
  });
  // No permessage-deflate (ws's default, kept explicit): its zlib contexts cost far more per socket
  // than the socket itself (bench/realtime: about 10 KB each), for messages of a few hundred bytes.
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  metrics.watch({
    socketsOpen: () => app.websocketServer.clients.size,
    driversOnline: () => services.index.countOnline(),
    mailOutbox: () => services.mail.counts(),
  });
  await app.register(authPlugin, { accounts: services.accounts, requireVerifiedEmail: config.requireVerifiedEmail });
  await app.register(rateLimitPlugin, { limits: config.rateLimits, shared });

  await app.register(healthRoutes(db, database.kind, { mapTileUrl: config.mapTileUrl, offerTimeoutSeconds: config.offerTimeoutMs / 1000 }, readiness));
  await app.register(accountsRoutes(services.accounts));
  await app.register(applicationsRoutes(services.applications));
  await app.register(geoRoutes(services.geocoder, services.suggester));
  await app.register(ridesRoutes(services.rides, services.dispatcher));
  await app.register(tripSharingRoutes(services.tripSharing));
  await app.register(driversRoutes(services.drivers, services.rides, services.performance));
  await app.register(driverSuspensionRoutes(services.driverSuspensions));
  await app.register(driverDocumentsRoutes(services.driverDocuments));
  await app.register(favoritesRoutes(services.favorites));
  await app.register(notificationsRoutes(services.notifications));
  await app.register(preferencesRoutes(services.preferences));
  await app.register(emergencyContactsRoutes(services.emergencyContacts));
  await app.register(rideMessagesRoutes(services.rideMessages));
  await app.register(safetyRoutes(services.safety));
  await app.register(paymentsRoutes(services.payments, services.paymentViews));
  await app.register(rewardsRoutes(services.rewards, services.territories));
  await app.register(privacyRoutes(services.privacy));
  await app.register(assistantRoutes(services.assistant, services.mediation, config.aiRateLimitPerMinute, shared));
  if (testClock) await app.register(testClockRoutes(testClock, services.payments));
  await app.register(territoriesRoutes({ ...services, now: clock }));
  await app.register(pricingRoutes(services.pricing, config.zoneRefreshMs));
  await app.register(adminRoutes(services.reports, services.userDirectory));
  await app.register(payoutsRoutes(services.payouts));
  await app.register(analyticsRoutes(services.analytics));
  await app.register(communityRoutes({ tiers: services.tiers, bonusPool: services.bonusPool, territories: services.territories, now: clock }));
  await app.register(realtimeRoutes({ ...services, now: clock, authTimeoutMs: config.wsAuthTimeoutMs, heartbeatMs: config.wsHeartbeatMs }));
  registerBackgroundWork(app, services, config, database.tryExclusive, metrics);
  // The type-ahead gazetteer is built once the server is up, not on the first rider's keystroke
  // (off under test like the assistant's training: the first suggestion builds it there).
  if (config.assistantWarmup) app.addHook('onReady', async () => void setImmediate(() => services.suggester.warm()));
  if (config.assistantWarmup) {
    // Trains in the background (yielding between languages); a chat message before it is done waits for it.
    app.addHook('onReady', async () => {
      sharedOfflineEngine().catch((error: unknown) => app.log.error({ err: error }, 'assistant engine training failed'));
    });
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * Restores live state from the database once the app is ready, then starts every background job
 * (jobs.ts lists them). Hooks of one kind run in order, so the restore finishes before any job runs.
 */
function registerBackgroundWork(app: AppInstance, services: Services, config: Config, lock: RoundLock, metrics: AppMetrics): void {
  app.addHook('onReady', async () => {
    // Joins the registry of connections first: whether any other instance is alive decides what a start may end.
    const isOnlyInstance = await services.connections.start();
    await services.dispatcher.restore();
    await services.drivers.restore({ isOnlyInstance });
  });
  // onClose hooks run last-registered first: the hub closes once every job has stopped.
  app.addHook('onClose', async () => {
    // The positions not yet stored (the flush job has stopped); the database closes after the app.
    services.drivers.stop();
    await services.drivers.flushLocations({ all: true }).catch((error: unknown) => app.log.error({ err: error }, 'driver positions not stored at close'));
    await services.hub.close();
    services.mail.close();
  });
  // One round of each job at a time across every process on the database (jobs marked everyInstance excepted).
  for (const job of backgroundJobs(services, config, app.log)) registerJob(app, job, metrics.jobs, lock);
}

/**
 * Hashed build assets (their name changes with their content) are kept for a year without asking;
 * everything else (index.html, the service worker, the manifest, icons) is revalidated on each use,
 * so a release reaches every browser on its next load.
 */
export function cacheControlFor(filePath: string): string {
  return isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function isHashedAsset(filePath: string): boolean {
  return filePath.includes(`${path.sep}assets${path.sep}`);
}

/** A file the browser may open as a document of its own, which its security headers then govern. */
const documentFile = /\.(?:html|svg|xml)(?:\.br|\.gz)?$/;

/**
 * The headers of one built file. A hashed script, stylesheet, font or picture drops the document-only
 * security headers and its validators (an immutable file is never revalidated): together ~0.7 KB on
 * every file of every page, about a tenth of a small chunk's compressed size.
 */
function setWebFileHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', cacheControlFor(filePath));
  if (!isHashedAsset(filePath) || documentFile.test(filePath)) return;
  // The security headers are on the raw response (plugins/security-headers.ts), the validators on the reply.
  for (const name of documentOnlyHeaders) reply.raw.removeHeader(name);
  reply.removeHeader('etag').removeHeader('last-modified');
}

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
async function registerWebApp(app: AppInstance, webDistDir: string | undefined): Promise<void> {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWebApp = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir!,
      wildcard: false,
      index: false,
      // The .br and .gz copies written at build time (apps/web/build/precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: setWebFileHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/ws');
    // A file the build does not have (a chunk of an older release) is a 404, never the app's page: a
    // script answered with HTML breaks the page that asked, and the service worker keeps assets cache-first.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ApiError = { error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' };
    if (isAsset) reply.header('Cache-Control', 'no-store');
    return reply.status(404).send(body);
  });
}
