/**
 * What the scale-out benchmarks share: a fresh PostgreSQL database with one Midtown territory, many
 * approved drivers online (with a session token and a position each) and riders; a cluster of N
 * server processes behind HAProxy on it with a Redis of its own; CPU time of processes; percentiles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LatLng, ServerMessage } from '@coride/domain';
import WebSocket from 'ws';
import { createFreshDatabase, type FreshDatabase } from '../../apps/server/src/cli/chaos/world';
import { LocalCluster, repoRoot } from '../../apps/server/src/cli/local-cluster';
import { openPostgres, type Database } from '../../apps/server/src/db/client';
import { sessions, users } from '../../apps/server/src/modules/accounts/tables';
import { hashPassword } from '../../apps/server/src/modules/accounts/password';
import { hashToken, newSessionToken } from '../../apps/server/src/modules/accounts/tokens';
import { driverProfiles } from '../../apps/server/src/modules/applications/profile-tables';
import { driverPresence } from '../../apps/server/src/modules/drivers/tables';
import { usZipIndex } from '../../apps/server/src/modules/geo/zip-index';
import { territories, territoryZipCodes } from '../../apps/server/src/modules/territories/tables';
import { botDriverProfile } from '../../apps/server/src/simulator/bot-profiles';

export const MIDTOWN_ZIPS = ['10001', '10016', '10017', '10018', '10019', '10020', '10022', '10036', '10010', '10011'];
/** Midtown Manhattan, roughly the territory's extent. */
export const BOX = { minLat: 40.738, maxLat: 40.768, minLng: -74.004, maxLng: -73.968 };

export const randomPoint = (): LatLng => ({
  lat: BOX.minLat + Math.random() * (BOX.maxLat - BOX.minLat),
  lng: BOX.minLng + Math.random() * (BOX.maxLng - BOX.minLng),
});

/** A random point whose zip code is one of the territory's (a pickup it serves). */
export function pointInTerritory(): LatLng {
  const zips = usZipIndex();
  for (;;) {
    const point = randomPoint();
    if (MIDTOWN_ZIPS.includes(zips.locate(point)?.zip ?? '')) return point;
  }
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type BenchDriver = { id: string; token: string; point: LatLng };
export type BenchWorld = { database: FreshDatabase; drivers: BenchDriver[]; riders: { id: string; token: string }[] };

/** A fresh database (beside DATABASE_URL's), migrated, with `drivers` approved drivers online in Midtown and `riders` riders, each with a session. */
export async function seedBenchWorld(baseUrl: string, counts: { drivers: number; riders: number }, log: (line: string) => void): Promise<BenchWorld> {
  const database = await createFreshDatabase(baseUrl, 'bench');
  const handle = await openPostgres(database.url);
  try {
    log(`seeding ${counts.drivers} online drivers and ${counts.riders} riders in ${database.name}…`);
    return { database, ...(await seedWorld(handle.db, counts)) };
  } finally {
    await handle.close();
  }
}

/** One Midtown territory with `drivers` approved drivers online in it and `riders` riders, each with a session, in an empty database. */
export async function seedWorld(db: Database, counts: { drivers: number; riders: number }): Promise<Omit<BenchWorld, 'database'>> {
  const passwordHash = await hashPassword('bench-password', 10);
  const [licensee] = await db
    .insert(users)
    .values({ role: 'licensee', email: `licensee@bench.test`, passwordHash, firstName: 'Bench', lastName: 'Licensee' })
    .returning();
  const [territory] = await db.insert(territories).values({ licenseeId: licensee!.id, name: 'Bench Midtown' }).returning();
  await db.insert(territoryZipCodes).values(MIDTOWN_ZIPS.map((zip) => ({ zip, territoryId: territory!.id })));
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  const drivers: BenchDriver[] = [];
  for (let start = 0; start < counts.drivers; start += 1000) {
    const size = Math.min(1000, counts.drivers - start);
    const inserted = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          role: 'driver' as const,
          email: `driver-${start + i}@bench.test`,
          passwordHash,
          firstName: 'Bot',
          lastName: `Driver${start + i}`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(driverProfiles).values(inserted.map((u, i) => botDriverProfile(u.id, start + i, territory!.id, 'B')));
    const points = inserted.map(() => pointInTerritory());
    await db
      .insert(driverPresence)
      .values(inserted.map((u, i) => ({ driverId: u.id, status: 'online' as const, ...points[i]!, locationUpdatedAt: new Date() })));
    const tokens = inserted.map(() => newSessionToken());
    await db.insert(sessions).values(inserted.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
    inserted.forEach((u, i) => drivers.push({ id: u.id, token: tokens[i]!, point: points[i]! }));
  }
  const inserted = await db
    .insert(users)
    .values(
      Array.from({ length: counts.riders }, (_, i) => ({
        role: 'customer' as const,
        email: `rider-${i}@bench.test`,
        passwordHash,
        firstName: 'Bench',
        lastName: `Rider${i}`,
      })),
    )
    .returning({ id: users.id });
  const riderTokens = inserted.map(() => newSessionToken());
  await db.insert(sessions).values(inserted.map((u, i) => ({ userId: u.id, tokenHash: hashToken(riderTokens[i]!), expiresAt })));
  return { drivers, riders: inserted.map((u, i) => ({ id: u.id, token: riderTokens[i]! })) };
}

/** A bench server's environment (the embedded database in `dataDir` without `databaseUrl`): production, quiet, no demo, the periodic jobs a bench does not measure off, no booking limit. */
export function benchServerEnv(databaseUrl: string | undefined, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    PASSWORD_COST: '10',
    ASSISTANT_WARMUP: 'false',
    OFFER_TIMEOUT_SECONDS: '60',
    BOOKING_RATE_LIMIT_PER_HOUR: '1000000',
    CARD_RATE_LIMIT_PER_HOUR: '1000',
    TIER_RECOMPUTE_MS: '0',
    ZONE_REFRESH_MS: '0',
    RETENTION_SWEEP_MS: '0',
  };
}

/** N processes behind HAProxy on the bench database; each configuration gets a Redis prefix of its own, so the index is rebuilt from the database. */
export async function startBenchCluster(options: {
  instances: number;
  databaseUrl: string;
  redisUrl: string;
  label: string;
  env?: Record<string, string>;
  onUnexpectedExit?: (name: string) => void;
}): Promise<{ cluster: LocalCluster; logDir: string; dataDir: string; redisPrefix: string }> {
  const logDir = path.join(repoRoot, '.tmp', 'bench', `${options.label}-${Date.now()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-bench-'));
  const redisPrefix = `bench${Date.now()}:`;
  const cluster = new LocalCluster({
    instances: options.instances,
    logDir,
    maxConnections: 9000,
    env: {
      ...benchServerEnv(options.databaseUrl, dataDir),
      REDIS_URL: options.redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      TRUST_PROXY: 'true',
      ...options.env,
    },
    onUnexpectedExit: (p) => options.onUnexpectedExit?.(p.name),
  });
  await cluster.start();
  return { cluster, logDir, dataDir, redisPrefix };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function inBatches<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += concurrency) {
    await Promise.all(items.slice(start, start + concurrency).map((item, i) => task(item, start + i)));
  }
}

/** A driver or rider socket, authenticated, without reconnection; tried 3 times. */
export async function openSocket(url: string, token: string, onMessage: (message: ServerMessage) => void, log?: (line: string) => void): Promise<WebSocket> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openSocketOnce(url, token, onMessage);
    } catch (error) {
      if (attempt >= 3) throw error;
      log?.(`  a socket failed (${error instanceof Error ? error.message : String(error)}); again`);
      await sleep(500);
    }
  }
}

function openSocketOnce(url: string, token: string, onMessage: (message: ServerMessage) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('socket did not authenticate in 20 s')), 20_000);
    let isAuthenticated = false;
    socket.on('error', reject);
    socket.once('close', (code) => {
      if (!isAuthenticated) reject(new Error(`socket closed before authentication: ${code}`));
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      if (message.type === 'auth_ok') {
        isAuthenticated = true;
        clearTimeout(timer);
        resolve(socket);
      }
      onMessage(message);
    });
  });
}

/** One JSON request with the user's bearer token. */
export async function api<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * One step of location ingest: for `seconds`, each driver sends `location_update` on its socket every
 * `intervalMs` (from its time in `next`), a small move unique to the update. `last` keeps what each
 * driver sent last; the updates of drivers on a ride (`riderOfDriver`) are timed in `sentAt`, keyed
 * `driverId:latitude`, for the rider's copy to be matched.
 */
export async function driveLocationStep(options: {
  drivers: { id: string }[];
  sockets: Map<string, WebSocket>;
  position: Map<string, LatLng>;
  next: Map<string, number>;
  last: Map<string, LatLng>;
  riderOfDriver: Map<string, string>;
  sentAt: Map<string, number>;
  intervalMs: number;
  seconds: number;
}): Promise<{ sent: number; expected: number }> {
  const { drivers, sockets, position, next, last, riderOfDriver, sentAt, intervalMs, seconds } = options;
  let sent = 0;
  let expected = 0;
  const stepStart = performance.now();
  while (performance.now() - stepStart < seconds * 1000) {
    const now = performance.now();
    for (const driver of drivers) {
      if (next.get(driver.id)! > now) continue;
      next.set(driver.id, now + intervalMs);
      const p = position.get(driver.id)!;
      // A small move, unique to this update (the rider's copy is matched by its latitude).
      p.lat += (Math.random() - 0.5) * 0.0002;
      p.lng += (Math.random() - 0.5) * 0.0002;
      const socket = sockets.get(driver.id)!;
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(JSON.stringify({ type: 'location_update', location: { lat: p.lat, lng: p.lng } }));
      sent += 1;
      last.set(driver.id, { lat: p.lat, lng: p.lng });
      if (riderOfDriver.has(driver.id)) {
        sentAt.set(`${driver.id}:${p.lat}`, performance.now());
        expected += 1;
      }
    }
    await sleep(5);
  }
  return { sent, expected };
}
