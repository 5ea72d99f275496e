import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock';
import { demoCredentialsText, DEMO_DRIVER_COUNT, demoAccounts, loadDemoWorld, shouldRunDemo } from './demo/seed';
import { namedPlaces } from './modules/geo/places';
import { startFleet, type Fleet } from './simulator/fleet';

/** The built web app beside this package (apps/web/dist), unless WEB_DIST_DIR says otherwise. */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'web', 'dist');
}

async function main(config: Config): Promise<void> {
  // The embedded database has no lock of its own: take one before opening it.
  const lock: DataDirLock | undefined = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(config).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const app = await buildApp({ config: { ...config, webDistDir: config.webDistDir ?? defaultWebDist() }, database }).catch(async (error: unknown) => {
    // Redis unreachable, for one: leave the data folder as it was found.
    await database.close();
    lock?.release();
    throw error;
  });

  if (config.admin) {
    const outcome = await app.services.accounts.ensureAdmin(config.admin.email, config.admin.password);
    app.log.info({ email: config.admin.email, outcome }, 'admin account checked');
  }

  // The demo's password is made at the first start of the data folder (also with DATABASE_URL) and printed at every start.
  const demo = (await shouldRunDemo(database.db, config)) ? await loadDemoWorld(database.db, config, app.services.zips) : undefined;

  let fleet: Fleet | undefined;
  let isClosing = false;
  /**
   * Drains, then closes: /api/ready answers 503 at once and the load balancer, checking it, stops
   * sending new work during the drain delay; then the server stops accepting, closes the sockets with
   * 1012 (the apps reconnect elsewhere, jittered), finishes the requests in flight, lets the jobs end
   * their round, and closes the database.
   */
  async function shutdown(signal: string): Promise<void> {
    if (isClosing) return;
    isClosing = true;
    app.readiness.drain();
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'draining, then shutting down');
    try {
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      await fleet?.stop();
      await app.close(); // stops accepting, closes sockets (1012), finishes in-flight requests, stops the jobs
      await database.close(); // PGlite flushes to disk here
    } finally {
      lock?.release();
    }
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(config.port, config.host, () => resolve());
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const store = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`CoRide is running at http://${shownHost}:${port} (${store})\n`);
  if (demo) {
    process.stdout.write(`${demoCredentialsText(demo.password, demo.passwordFile)}\n`);
    if (config.demoSimulator) {
      // The demo's bot drivers use the public HTTP and WebSocket API of this very server.
      fleet = await startFleet({
        baseUrl: `http://127.0.0.1:${port}`,
        drivers: Array.from({ length: DEMO_DRIVER_COUNT }, (_, i) => ({ email: demoAccounts.driver(i + 1), password: demo.password })),
        riders: [],
        places: namedPlaces.filter((p) => p.lat > 40.74 && p.lat < 40.77),
        log: (line) => app.log.debug(line),
        // A person riding with a demo bot cannot tell it the PIN: the in-process bots read it (ADR 028).
        pinOf: (rideId) => app.services.rides.pinOf(rideId),
      });
    }
  }
}

try {
  await main(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}
