import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { ApiError } from '@coride/domain';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from './lib/zod-provider';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService, type AccountsService } from './modules/accounts/service';
import { applicationsRoutes } from './modules/applications/routes';
import { healthRoutes } from './modules/health/routes';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Injected clock for tests. */
  now?: () => Date;
  logger?: boolean;
};

/** Builds the whole application; server.ts only listens and closes it. */
export async function buildApp({ config, database, now, logger = true }: AppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Per-request lines only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON in and out (contract section 4): Fastify's default text/plain parser would hand a string to
  // the validators (400) instead of refusing the media type (415).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain http on localhost by default; HSTS belongs to the TLS-terminating proxy.
    hsts: false,
  });

  const { db } = database;
  const accounts = createAccountsService(db, config, now);
  app.decorate('accounts', accounts);
  await app.register(authPlugin, { accounts });

  await app.register(healthRoutes(db, database.kind));
  await app.register(accountsRoutes(accounts));
  await app.register(applicationsRoutes(db));

  await registerWebApp(app, config.webDistDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
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
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/ws');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ApiError = { error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' };
    return reply.status(404).send(body);
  });
}
