/**
 * bench/dispatch: time from POST /api/rides to the first ride_request reaching a driver's socket, with
 * 5,000 online drivers in one territory, and the nearest-driver lookup against a full scan, measured in
 * the same run (the machine is shared: compare ratios, not absolute times across runs).
 *
 *   npx tsx bench/dispatch.ts [--drivers 5000] [--rides 200]        (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/dispatch.ts             (PostgreSQL)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Ride, ServerMessage } from '@coride/domain';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { driverPresence, driverProfiles, sessions, territories, territoryZipCodes, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/password';
import { hashToken, newSessionToken } from '../apps/server/src/modules/accounts/tokens';
import { GridDriverIndex } from '../apps/server/src/modules/dispatch/driver-index';
import { botDriverProfile } from '../apps/server/src/simulator/bot-profiles';

const { values } = parseArgs({ options: { drivers: { type: 'string', default: '5000' }, rides: { type: 'string', default: '200' } } });
const DRIVERS = Number(values.drivers);
const RIDES = Number(values.rides);
const ZIPS = ['10001', '10016', '10017', '10018', '10019', '10020', '10022', '10036', '10010', '10011'];
// Midtown Manhattan, roughly the territory's extent.
const BOX = { minLat: 40.738, maxLat: 40.768, minLng: -74.004, maxLng: -73.968 };
const randomPoint = () => ({ lat: BOX.minLat + Math.random() * (BOX.maxLat - BOX.minLat), lng: BOX.minLng + Math.random() * (BOX.maxLng - BOX.minLng) });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const log = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PASSWORD_COST: '10',
  DEMO_DATA: 'false',
  OFFER_TIMEOUT_SECONDS: '60',
});
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: false });
const { db } = database;

// --- the world: one licensee, one territory, DRIVERS approved online drivers with sessions, RIDES riders
log(`seeding ${DRIVERS} drivers on ${database.kind}…`);
const passwordHash = await hashPassword('bench-password', 10);
const [licensee] = await db
  .insert(users)
  .values({ role: 'licensee', email: `lic-${randomUUID()}@bench.test`, passwordHash, firstName: 'Bench', lastName: 'Licensee' })
  .returning();
const [territory] = await db.insert(territories).values({ licenseeId: licensee!.id, name: 'Bench Midtown' }).returning();
await db
  .insert(territoryZipCodes)
  .values(ZIPS.map((zip) => ({ zip, territoryId: territory!.id })))
  .onConflictDoNothing();
const expiresAt = new Date(Date.now() + 3600_000);
const driverTokens: string[] = [];
for (let start = 0; start < DRIVERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, DRIVERS - start) }, (_, i) => ({
    role: 'driver' as const,
    email: `driver-${start + i}-${randomUUID()}@bench.test`,
    passwordHash,
    firstName: 'Bot',
    lastName: `Driver${start + i}`,
  }));
  const inserted = await db.insert(users).values(batch).returning({ id: users.id });
  await db.insert(driverProfiles).values(inserted.map((u, i) => botDriverProfile(u.id, start + i, territory!.id, 'B')));
  await db.insert(driverPresence).values(inserted.map((u) => ({ driverId: u.id, status: 'online' as const, ...randomPoint(), locationUpdatedAt: new Date() })));
  const tokens = inserted.map(() => newSessionToken());
  await db.insert(sessions).values(inserted.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
  driverTokens.push(...tokens);
}
const riderTokens: string[] = [];
{
  const inserted = await db
    .insert(users)
    .values(
      Array.from({ length: RIDES }, (_, i) => ({
        role: 'customer' as const,
        email: `rider-${i}-${randomUUID()}@bench.test`,
        passwordHash,
        firstName: 'Bench',
        lastName: `Rider${i}`,
      })),
    )
    .returning({ id: users.id });
  const tokens = inserted.map(() => newSessionToken());
  await db.insert(sessions).values(inserted.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
  riderTokens.push(...tokens);
}

await app.listen({ port: 0, host: '127.0.0.1' }); // onReady restores the 5,000 online drivers into the index
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
log(`online in index: ${await app.services.index.countOnline(territory!.id)}`);
// Every rider has a card on file (no card, no booking): booking then holds the fare, as in production.
for (const token of riderTokens) {
  const card = await fetch(`${base}/api/payment-methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' }),
  });
  if (card.status !== 201) throw new Error(`adding a card failed: ${card.status}`);
}

// --- every driver holds an authenticated socket; the first ride_request per ride is timestamped
const firstOfferAt = new Map<string, number>();
const waiters = new Map<string, () => void>();
const sockets: WebSocket[] = [];
log('connecting driver sockets…');
for (let start = 0; start < driverTokens.length; start += 250) {
  await Promise.all(
    driverTokens.slice(start, start + 250).map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
          sockets.push(socket);
          socket.once('error', reject);
          socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
          socket.on('message', (raw) => {
            const message = JSON.parse(raw.toString()) as ServerMessage;
            if (message.type === 'auth_ok') resolve();
            if (message.type === 'ride_request' && !firstOfferAt.has(message.ride.id)) {
              firstOfferAt.set(message.ride.id, performance.now());
              waiters.get(message.ride.id)?.();
            }
          });
        }),
    ),
  );
}

// --- rides: POST /api/rides -> first ride_request on a driver socket
const latencies: number[] = [];
/** A pickup inside the territory: a random point whose zip code is one of the territory's. */
function pickupInTerritory() {
  for (;;) {
    const point = randomPoint();
    if (ZIPS.includes(app.services.zips.locate(point)?.zip ?? '')) return point;
  }
}
for (let i = 0; i < RIDES; i += 1) {
  const pickup = pickupInTerritory();
  const body = JSON.stringify({ pickupLocation: { address: 'Bench pickup', ...pickup }, dropoffLocation: { address: 'Bench drop-off', ...randomPoint() } });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${riderTokens[i]}` };
  const startedAt = performance.now();
  const response = await fetch(`${base}/api/rides`, { method: 'POST', headers, body });
  const ride = (await response.json()) as Ride;
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${JSON.stringify(ride)}`);
  if (!firstOfferAt.has(ride.id)) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no offer for ride ${ride.id}`)), 10_000);
      waiters.set(ride.id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  latencies.push(firstOfferAt.get(ride.id)! - startedAt);
  // Free the offered drivers for the next ride (outside the timed part).
  await fetch(`${base}/api/rides/${ride.id}/cancel`, { method: 'POST', headers, body: '{}' });
}

// --- the nearest-driver lookup: grid index against a full scan, same drivers, same queries
const index = new GridDriverIndex();
const online = app.services.index;
for (let i = 0; i < DRIVERS; i += 1) index.put({ driverId: `d${i}`, territoryId: 't', ...randomPoint(), ts: 0 });
const queries = Array.from({ length: 2000 }, randomPoint);
const options = { limit: 30, radiusMiles: 2 };
let mismatches = 0;
for (const q of queries.slice(0, 200)) {
  const a = index
    .nearestNow('t', q, options)
    .map((d) => d.driverId)
    .join();
  const b = index
    .nearestByScan('t', q, options)
    .map((d) => d.driverId)
    .join();
  if (a !== b) mismatches += 1;
}
const time = (fn: () => void) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};
const gridMs = time(() => queries.forEach((q) => index.nearestNow('t', q, options)));
const scanMs = time(() => queries.forEach((q) => index.nearestByScan('t', q, options)));

latencies.sort((a, b) => a - b);
const mean = latencies.reduce((s, x) => s + x, 0) / latencies.length;
log('');
log(
  `bench/dispatch — ${database.kind}, ${DRIVERS} online drivers (${await online.countOnline()} indexed), ${sockets.length} driver sockets, ${RIDES} rides, node ${process.version}`,
);
log(
  `POST /api/rides -> first ride_request:  p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   mean ${mean.toFixed(1)} ms   max ${latencies.at(-1)!.toFixed(1)} ms`,
);
log(
  `nearest 30 within 2 mi, ${queries.length} queries: grid ${((gridMs / queries.length) * 1000).toFixed(1)} µs/query, full scan ${((scanMs / queries.length) * 1000).toFixed(1)} µs/query -> scan/grid ${(scanMs / gridMs).toFixed(1)}x (results identical: ${mismatches === 0 ? 'yes' : `no, ${mismatches} differ`})`,
);
log(`goal p99 < 100 ms: ${percentile(latencies, 99) < 100 ? 'met' : 'NOT met'}`);

for (const socket of sockets) socket.terminate();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
