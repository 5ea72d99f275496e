/**
 * bench/realtime: what one server process spends on idle sockets, and how many location updates it
 * takes in, in one run (the machine is shared: compare the figures of one run, not runs).
 *
 *   DATABASE_URL=postgres://… npm run bench:realtime -- [--sockets 5000] [--drivers 6000] [--rates 2500,5000]
 *   npm run bench:realtime -- --store pglite          (the embedded database; the default without DATABASE_URL)
 *
 *   memory   the real server (`node apps/server/dist/server.js`, a fresh database of its own, no Redis)
 *            is measured before and after --sockets idle authenticated sockets (riders and drivers):
 *            RSS from /proc/<pid>/status, heap and external memory from process.memoryUsage() in the
 *            server, each after a full GC forced through the inspector (median of 5 readings); the
 *            sockets are held by this process, so the clients' memory is not counted
 *   ingest   every driver holds a socket and sends location_update so that the total offered is each
 *            of --rates; applied = the last position of each driver on an active ride reached its
 *            rider, and driver_presence holds every driver's last position once the flush has run;
 *            driver -> rider = from sending an update to its driver_location on the rider's socket;
 *            the server's CPU use over the step
 *
 * Results: bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Ride } from '@coride/domain';
import pg from 'pg';
import WebSocket from 'ws';
import { ApiProcess, ensureServerBuilt, freePort, repoRoot } from '../apps/server/src/cli/local-cluster';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import {
  api,
  benchServerEnv,
  cpuSeconds,
  driveLocationStep,
  inBatches,
  openSocket,
  percentile,
  randomPoint,
  seedBenchWorld,
  seedWorld,
  sleep,
} from './lib/cluster-bench';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    drivers: { type: 'string', default: '6000' },
    riders: { type: 'string', default: '200' },
    pairs: { type: 'string', default: '100' },
    rates: { type: 'string', default: '2500,5000' },
    'step-seconds': { type: 'string', default: '20' },
    store: { type: 'string' },
    /** Samples the server's CPU through the inspector during each ingest step: the top functions by self time, and a .cpuprofile in the log folder. */
    profile: { type: 'boolean', default: false },
  },
});
const SOCKETS = Number(values.sockets);
const DRIVERS = Number(values.drivers);
const RIDERS = Number(values.riders);
const PAIRS = Math.min(Number(values.pairs), RIDERS);
const STEP_SECONDS = Number(values['step-seconds']);
/** The goals of issue 16. */
const GOAL_KB_PER_SOCKET = 20;
const GOAL_RATE = 2500;
const GOAL_P99_MS = 100;
/** drivers.flushLocations stores a driver's position at most once per 10 s, within a second of being due. */
const PERSIST_WAIT_MS = 12_000;

const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const databaseUrl = process.env.DATABASE_URL;
const store = values.store ?? (databaseUrl ? 'postgres' : 'pglite');
if (store === 'postgres' && !databaseUrl) {
  process.stderr.write('bench/realtime --store postgres needs DATABASE_URL (a fresh database is made beside it and dropped afterwards)\n');
  process.exit(2);
}
if (SOCKETS > DRIVERS + RIDERS) throw new Error('--sockets is more than --drivers + --riders');
// One process on its own: the in-process hub, index and registry (the server would take Redis from the environment).
delete process.env.REDIS_URL;
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A Chrome DevTools Protocol session with the server process (started with --inspect), for a full GC and memoryUsage(). */
class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Inspector(socket);
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number };

/** RSS of a process in bytes, from /proc. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** The server's memory after a full GC: the median of `readings` readings half a second apart. */
async function memoryOf(inspector: Inspector, pid: number, readings = 5): Promise<Memory> {
  const samples: Memory[] = [];
  for (let i = 0; i < readings; i += 1) {
    await inspector.call('HeapProfiler.collectGarbage');
    await sleep(500);
    const answer = (await inspector.call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string };
    };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    samples.push({ rss: rssOf(pid), heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external });
  }
  const median = (key: keyof Memory) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  return { rss: median('rss'), heapUsed: median('heapUsed'), heapTotal: median('heapTotal'), external: median('external') };
}

type CpuProfile = {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  /** The node sampled at each tick, and the microseconds since the previous tick. */
  samples: number[];
  timeDeltas: number[];
};

/** Stops the inspector's CPU profiler, writes the profile, and names the functions that took the most samples themselves. */
async function profileSummary(inspector: Inspector, file: string): Promise<string[]> {
  const { profile } = (await inspector.call('Profiler.stop')) as { profile: CpuProfile };
  fs.writeFileSync(file, JSON.stringify(profile));
  const bySelf = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    bySelf.set(key, (bySelf.get(key) ?? 0) + hits);
  }
  const top = [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 12);
  // Stretches without an idle sample: how long the event loop was held (every message waited that long).
  const isIdle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const held: number[] = [];
  let stretch = 0;
  profile.samples.forEach((id, i) => {
    if (!isIdle.has(id)) {
      stretch += profile.timeDeltas[i]! / 1000;
    } else if (stretch > 0) {
      held.push(stretch);
      stretch = 0;
    }
  });
  const longest = held.sort((a, b) => b - a).slice(0, 5);
  return [
    `  profile ${file}: ${total} samples; event loop held longest ${longest.map((ms) => ms.toFixed(0)).join(', ')} ms; most self time:`,
    ...top.map(([key, hits]) => `    ${((hits / total) * 100).toFixed(1)}%  ${key}`),
  ];
}

async function socketsOpen(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^coride_websockets_open(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? NaN);
}

const loadAtStart = fs.readFileSync('/proc/loadavg', 'utf8').trim();
ensureServerBuilt(log);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-bench-'));
/** The server's database: a fresh PostgreSQL one (read here too, for driver_presence), or the embedded one in dataDir, seeded before the server opens it. */
const { world, serverDatabaseUrl, pool, dropDatabase } = await (async () => {
  const counts = { drivers: DRIVERS, riders: RIDERS };
  if (store === 'postgres') {
    const seeded = await seedBenchWorld(databaseUrl!, counts, log);
    const url = seeded.database.url;
    return { world: seeded, serverDatabaseUrl: url, pool: new pg.Pool({ connectionString: url, max: 2 }), dropDatabase: () => seeded.database.drop() };
  }
  delete process.env.DATABASE_URL;
  log(`seeding ${DRIVERS} online drivers and ${RIDERS} riders in an embedded database in ${dataDir}…`);
  const handle = await openDatabase(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: 'false' }));
  const seeded = await seedWorld(handle.db, counts);
  await handle.close();
  return { world: seeded, serverDatabaseUrl: undefined, pool: undefined, dropDatabase: async () => undefined };
})();
const logDir = path.join(repoRoot, '.tmp', 'bench', `realtime-${Date.now()}`);
const inspectPort = await freePort();
const server = new ApiProcess({
  index: 1,
  port: await freePort(),
  logDir,
  env: { ...benchServerEnv(serverDatabaseUrl, dataDir), NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` },
});
const sockets: WebSocket[] = [];
const results: string[] = [];
try {
  await server.start();
  const pid = server.pid!;
  const url = server.url;
  const inspector = await Inspector.connect(inspectPort);
  log(`server ${pid} ready on ${url} (${store}, no Redis)`);

  // Who rides with whom, and when each update was sent (keyed by driver and latitude, unique per update).
  const riderOfDriver = new Map<string, string>();
  const isAccepting = new Set<string>();
  const sentAt = new Map<string, number>();
  const lastAtRider = new Map<string, number>();
  const forward: number[] = [];
  let delivered = 0;
  const driverSockets = new Map<string, WebSocket>();
  const openDriver = async (driver: (typeof world.drivers)[number]) => {
    const socket = await openSocket(url, driver.token, (message) => {
      if (message.type !== 'ride_request' || riderOfDriver.has(driver.id) || isAccepting.has(driver.id) || riderOfDriver.size >= PAIRS) return;
      isAccepting.add(driver.id);
      void api<Ride>(url, driver.token, 'POST', `/api/rides/${message.ride.id}/accept`).then((accepted) => {
        if (accepted.status === 200) riderOfDriver.set(driver.id, accepted.body.id);
        isAccepting.delete(driver.id);
      });
    });
    sockets.push(socket);
    driverSockets.set(driver.id, socket);
  };
  const openRider = async (rider: (typeof world.riders)[number]) => {
    sockets.push(
      await openSocket(url, rider.token, (message) => {
        if (message.type !== 'driver_location') return;
        lastAtRider.set(message.driverId, message.location.lat);
        const at = sentAt.get(`${message.driverId}:${message.location.lat}`);
        if (at === undefined) return;
        forward.push(performance.now() - at);
        delivered += 1;
      }),
    );
  };

  // --- memory: before and after SOCKETS idle authenticated sockets
  const riders = world.riders.slice(0, Math.min(RIDERS, Math.round(SOCKETS / 25)));
  const idleDrivers = world.drivers.slice(0, SOCKETS - riders.length);
  const laterDrivers = world.drivers.slice(idleDrivers.length);
  // Warm-up outside the measurement: the database pool, JIT and the socket paths reach their working size.
  const warm: WebSocket[] = [];
  await inBatches(world.drivers.slice(-300), 300, async (driver) => void warm.push(await openSocket(url, driver.token, () => undefined)));
  for (const socket of warm) socket.close();
  await sleep(3000);
  const before = await memoryOf(inspector, pid);
  log(`before: RSS ${kb(before.rss)}, heap used ${kb(before.heapUsed)}, external ${kb(before.external)}; opening ${SOCKETS} sockets…`);
  await inBatches(riders, 200, openRider);
  await inBatches(idleDrivers, 200, openDriver);
  await sleep(5000);
  const after = await memoryOf(inspector, pid);
  const open = await socketsOpen(url);
  const perSocket = (key: keyof Memory) => (after[key] - before[key]) / SOCKETS;
  const heapAndExternal = perSocket('heapUsed') + perSocket('external');
  results.push(
    `memory: ${SOCKETS} idle authenticated sockets (${riders.length} riders, ${idleDrivers.length} drivers; the server counts ${open} open)`,
    `  before  RSS ${kb(before.rss)}  heap used ${kb(before.heapUsed)} (of ${kb(before.heapTotal)})  external ${kb(before.external)}`,
    `  after   RSS ${kb(after.rss)}  heap used ${kb(after.heapUsed)} (of ${kb(after.heapTotal)})  external ${kb(after.external)}`,
    `  per socket: RSS ${kb(perSocket('rss'))}, heap used ${kb(perSocket('heapUsed'))} + external ${kb(perSocket('external'))} = ${kb(heapAndExternal)} (heap reserved ${kb(perSocket('heapTotal'))})`,
    `  goal <= ${GOAL_KB_PER_SOCKET} KB per socket: RSS ${perSocket('rss') / 1024 <= GOAL_KB_PER_SOCKET ? 'met' : 'NOT met'}, heap + external ${heapAndExternal / 1024 <= GOAL_KB_PER_SOCKET ? 'met' : 'NOT met'}`,
  );
  log(results.slice(-3).join('\n'));

  // --- ingest: every driver connected, PAIRS of them on an active ride
  await inBatches(laterDrivers, 200, openDriver);
  const drivers = world.drivers;
  log(`ingest: ${drivers.length} driver sockets; booking ${PAIRS} rides…`);
  for (const rider of riders.slice(0, PAIRS)) {
    await api(url, rider.token, 'POST', '/api/payment-methods', { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' });
    const target = drivers[Math.floor(Math.random() * drivers.length)]!;
    const booked = await api<Ride>(url, rider.token, 'POST', '/api/rides', {
      pickupLocation: { address: 'Bench pickup', ...target.point },
      dropoffLocation: { address: 'Bench drop-off', ...randomPoint() },
    });
    if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
    for (let i = 0; i < 50 && riderOfDriver.size + isAccepting.size < riders.indexOf(rider) + 1; i += 1) await sleep(20);
  }
  for (let i = 0; i < 100 && riderOfDriver.size < PAIRS; i += 1) await sleep(100);
  log(`  ${riderOfDriver.size} drivers on an active ride`);

  const position = new Map(drivers.map((d) => [d.id, { ...d.point }]));
  for (const rate of values.rates!.split(',').map(Number)) {
    const interval = (drivers.length / rate) * 1000;
    forward.length = 0;
    delivered = 0;
    sentAt.clear();
    const last = new Map<string, { lat: number; lng: number }>();
    const next = new Map(drivers.map((d) => [d.id, performance.now() + Math.random() * interval]));
    if (values.profile) {
      await inspector.call('Profiler.enable');
      await inspector.call('Profiler.setSamplingInterval', { interval: 1000 });
      await inspector.call('Profiler.start');
    }
    // The bench's own event loop: a late callback here delays the arrival times it records.
    const generatorLag = monitorEventLoopDelay({ resolution: 5 });
    generatorLag.enable();
    const cpuBefore = cpuSeconds(pid);
    const generator = process.cpuUsage();
    const stepStart = performance.now();
    const { sent, expected } = await driveLocationStep({
      drivers,
      sockets: driverSockets,
      position,
      next,
      last,
      riderOfDriver,
      sentAt,
      intervalMs: interval,
      seconds: STEP_SECONDS,
    });
    const elapsed = (performance.now() - stepStart) / 1000;
    const cores = (cpuSeconds(pid) - cpuBefore) / elapsed;
    const usage = process.cpuUsage(generator);
    generatorLag.disable();
    if (values.profile) results.push(...(await profileSummary(inspector, path.join(logDir, `ingest-${rate}.cpuprofile`))));
    // Past the throttle window of the last updates: a held update has been applied by then.
    await sleep(2000);
    const paired = [...riderOfDriver.keys()].filter((id) => last.has(id));
    const atRider = paired.filter((id) => lastAtRider.get(id) === last.get(id)!.lat).length;
    let storedLine = 'driver_presence not read (the server holds the embedded database)';
    if (pool) {
      await sleep(PERSIST_WAIT_MS - 2000);
      const { rows } = await pool.query<{ driver_id: string; lat: number; lng: number }>(
        'select driver_id, lat, lng from driver_presence where driver_id = any($1::uuid[])',
        [[...last.keys()]],
      );
      const stored = rows.filter((r) => Math.abs(r.lat - last.get(r.driver_id)!.lat) < 1e-6 && Math.abs(r.lng - last.get(r.driver_id)!.lng) < 1e-6).length;
      storedLine = `in driver_presence for ${stored}/${last.size} (${((stored / last.size) * 100).toFixed(1)}%) ${PERSIST_WAIT_MS / 1000} s on`;
    }
    forward.sort((a, b) => a - b);
    const p99 = percentile(forward, 99);
    const offered = sent / elapsed;
    results.push(
      `ingest @ ${rate}/s: offered ${offered.toFixed(0)}/s from ${drivers.length} drivers (one every ${(interval / 1000).toFixed(2)} s each); ` +
        `last position at the rider for ${atRider}/${paired.length} drivers on a ride, ${storedLine}; ` +
        `driver->rider p50 ${fmt(percentile(forward, 50))} p99 ${fmt(p99)} max ${fmt(forward.at(-1) ?? NaN)} (${delivered}/${expected} updates forwarded${delivered < expected ? ', the others superseded inside their window' : ''}); ` +
        `server ${cores.toFixed(2)} cores, generator ${((usage.user + usage.system) / 1e6 / elapsed).toFixed(2)} (its event loop late by p99 ${(generatorLag.percentile(99) / 1e6).toFixed(0)} ms, max ${(generatorLag.max / 1e6).toFixed(0)} ms)`,
      `  goal >= ${GOAL_RATE}/s with p99 < ${GOAL_P99_MS} ms: ${offered >= GOAL_RATE * 0.98 && p99 < GOAL_P99_MS && atRider === paired.length ? 'met' : 'NOT met'} at ${rate}/s`,
    );
    log(results.slice(-2).join('\n'));
  }
  inspector.close();
  results.push(`  server log ${logDir}`);
} finally {
  for (const socket of sockets) socket.terminate();
  await pool?.end();
  await server.stop();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const load = fs.readFileSync('/proc/loadavg', 'utf8').trim();
process.stdout.write(
  `\nbench/realtime — node ${process.version}, one server process on ${store === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, load average at the start: ${loadAtStart}, at the end: ${load}\n${results.join('\n')}\n`,
);
process.exit(0);
