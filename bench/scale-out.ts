/**
 * bench/scale-out: one server process against three, behind the same HAProxy, on the same PostgreSQL
 * database and the same machine, in one run (compare the ratios: everything shares 2 cores).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/scale-out.ts [--part dispatch|locations|reconnect|all]
 *     dispatch   POST /api/rides -> first ride_request on a driver's socket, 20,000 drivers online
 *                (--drivers), --sockets of them connected through the proxy, --rides bookings
 *     locations  --location-drivers sockets send location_update at stepped rates (--rates); applied =
 *                the Redis index holds each driver's last position; driver -> rider forward latency
 *                for --pairs drivers on an active ride
 *     reconnect  --storm sockets; SIGKILL the process holding the most; share reconnected and
 *                re-authenticated within 5 s; sessions of drivers on other processes left alone
 *
 * Needs HAProxy and redis-server (a Redis of the run's own) besides PostgreSQL. Results: bench/README.md.
 */
import { parseArgs } from 'node:util';
import type { Ride, ServerMessage } from '@coride/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import type WebSocket from 'ws';
import { freePort, OwnRedis, type LocalCluster } from '../apps/server/src/cli/local-cluster';
import { ApiClient, type RealtimeConnection } from '../apps/server/src/simulator/client';
import {
  api,
  cpuSeconds,
  driveLocationStep,
  inBatches,
  openSocket as openBenchSocket,
  percentile,
  randomPoint,
  seedBenchWorld,
  sleep,
  startBenchCluster,
  type BenchWorld,
} from './lib/cluster-bench';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    drivers: { type: 'string', default: '20000' },
    sockets: { type: 'string', default: '3000' },
    rides: { type: 'string', default: '200' },
    'location-drivers': { type: 'string', default: '5000' },
    pairs: { type: 'string', default: '100' },
    rates: { type: 'string', default: '1000,2000,3000,4000' },
    'step-seconds': { type: 'string', default: '15' },
    storm: { type: 'string', default: '5000' },
    instances: { type: 'string', default: '1,3' },
  },
});
const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const openSocket = (url: string, token: string, onMessage: (message: ServerMessage) => void) => openBenchSocket(url, token, onMessage, log);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('bench/scale-out needs DATABASE_URL (a fresh database is made beside it and dropped afterwards)\n');
  process.exit(2);
}
const parts = values.part === 'all' ? ['dispatch', 'locations', 'reconnect'] : values.part!.split(',');
const configurations = values.instances!.split(',').map(Number);
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');

type ProcessCpu = { pids: (number | undefined)[]; before: number[] };
function startCpu(cluster: LocalCluster): ProcessCpu {
  const pids = cluster.processes.map((p) => p.pid);
  return { pids, before: pids.map(cpuSeconds) };
}
/** Cores the server processes used together since `start`. */
function coresSince(cpu: ProcessCpu, seconds: number): number {
  return cpu.pids.reduce<number>((sum, pid, i) => sum + (cpuSeconds(pid) - cpu.before[i]!), 0) / seconds;
}

// --- dispatch: booking -> first offer on a socket, with 20,000 drivers online
async function dispatchPart(world: BenchWorld, redisUrl: string, instances: number): Promise<string> {
  const { cluster, logDir } = await startBenchCluster({ instances, databaseUrl: world.database.url, redisUrl, label: `dispatch-${instances}` });
  const sockets: WebSocket[] = [];
  try {
    const url = cluster.url;
    const firstOfferAt = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    const connected = world.drivers.slice(0, Number(values.sockets));
    log(`dispatch, ${instances} process(es): connecting ${connected.length} driver sockets through HAProxy (${world.drivers.length} drivers online)…`);
    await inBatches(connected, 200, async (driver) => {
      sockets.push(
        await openSocket(url, driver.token, (message) => {
          if (message.type === 'ride_request' && !firstOfferAt.has(message.ride.id)) {
            firstOfferAt.set(message.ride.id, performance.now());
            waiters.get(message.ride.id)?.();
          }
        }),
      );
    });
    for (const rider of world.riders) {
      const cards = await api<unknown[]>(url, rider.token, 'GET', '/api/payment-methods');
      if (cards.body.length === 0)
        await api(url, rider.token, 'POST', '/api/payment-methods', { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' });
    }
    // Warm up each process (first queries, JIT) outside the timing.
    const rides = Number(values.rides);
    const latencies: number[] = [];
    let missed = 0;
    const cpu = startCpu(cluster);
    const startedAt = performance.now();
    for (let i = -6; i < rides; i += 1) {
      const rider = world.riders[(i + 6) % world.riders.length]!;
      // The pickup is where a connected driver stands, so the nearest driver (offered first) holds a socket.
      const target = connected[Math.floor(Math.random() * connected.length)]!;
      const started = performance.now();
      const booked = await api<Ride>(url, rider.token, 'POST', '/api/rides', {
        pickupLocation: { address: 'Bench pickup', ...target.point },
        dropoffLocation: { address: 'Bench drop-off', ...randomPoint() },
      });
      if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
      const rideId = booked.body.id;
      if (!firstOfferAt.has(rideId)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            missed += 1;
            resolve();
          }, 10_000);
          waiters.set(rideId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const at = firstOfferAt.get(rideId);
      if (i >= 0 && at !== undefined) latencies.push(at - started);
      await api(url, rider.token, 'POST', `/api/rides/${rideId}/cancel`, {});
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const cores = coresSince(cpu, seconds);
    latencies.sort((a, b) => a - b);
    return `dispatch  ${instances} process(es): p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies.at(-1) ?? NaN)}  (${latencies.length} rides, ${missed} without an offer in 10 s; servers ${cores.toFixed(2)} cores) logs ${logDir}`;
  } finally {
    for (const socket of sockets) socket.terminate();
    await cluster.stop();
  }
}

// --- locations: stepped update rates across processes
type StepResult = {
  rate: number;
  sent: number;
  applied: number;
  checked: number;
  forwardP50: number;
  forwardP99: number;
  delivered: number;
  expected: number;
  cores: number;
  generatorCores: number;
};

async function locationsPart(world: BenchWorld, redisUrl: string, instances: number): Promise<{ lines: string[]; steps: StepResult[] }> {
  const {
    cluster,
    logDir,
    redisPrefix: prefix,
  } = await startBenchCluster({ instances, databaseUrl: world.database.url, redisUrl, label: `locations-${instances}` });
  const sockets: WebSocket[] = [];
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const url = cluster.url;
    const drivers = world.drivers.slice(0, Number(values['location-drivers']));
    const pairs = Math.min(Number(values.pairs), world.riders.length);
    log(`locations, ${instances} process(es): ${drivers.length} driver sockets, ${pairs} riders on a ride…`);
    // Active rides first: each rider books at a driver's position; the first driver offered accepts.
    const riderOfDriver = new Map<string, string>();
    const sentAt = new Map<string, number>();
    const forward: number[] = [];
    let delivered = 0;
    const driverSockets = new Map<string, WebSocket>();
    const isAccepting = new Set<string>();
    await inBatches(drivers, 200, async (driver) => {
      const socket = await openSocket(url, driver.token, (message) => {
        if (message.type !== 'ride_request' || riderOfDriver.has(driver.id) || isAccepting.has(driver.id)) return;
        isAccepting.add(driver.id);
        void api<Ride>(url, driver.token, 'POST', `/api/rides/${message.ride.id}/accept`, undefined).then((accepted) => {
          if (accepted.status === 200) riderOfDriver.set(driver.id, accepted.body.id);
          isAccepting.delete(driver.id);
        });
      });
      sockets.push(socket);
      driverSockets.set(driver.id, socket);
    });
    for (const rider of world.riders.slice(0, pairs)) {
      const cards = await api<unknown[]>(url, rider.token, 'GET', '/api/payment-methods');
      if (cards.body.length === 0)
        await api(url, rider.token, 'POST', '/api/payment-methods', { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' });
      const active = await api<{ ride: Ride | null }>(url, rider.token, 'GET', '/api/rides/active');
      if (active.body.ride) await api(url, rider.token, 'POST', `/api/rides/${active.body.ride.id}/cancel`, {});
      const target = drivers[Math.floor(Math.random() * drivers.length)]!;
      await api(url, rider.token, 'POST', '/api/rides', {
        pickupLocation: { address: 'Bench pickup', ...target.point },
        dropoffLocation: { address: 'Bench drop-off', ...randomPoint() },
      });
      sockets.push(
        await openSocket(url, rider.token, (message) => {
          if (message.type !== 'driver_location') return;
          const at = sentAt.get(`${message.driverId}:${message.location.lat}`);
          if (at === undefined) return;
          forward.push(performance.now() - at);
          delivered += 1;
        }),
      );
    }
    for (let i = 0; i < 50 && riderOfDriver.size < pairs; i += 1) await sleep(200);
    log(`  ${riderOfDriver.size} drivers on an active ride`);

    const last = new Map<string, { lat: number; lng: number }>();
    const position = new Map(drivers.map((d) => [d.id, { ...d.point }]));
    const steps: StepResult[] = [];
    const lines: string[] = [];
    for (const rate of values.rates!.split(',').map(Number)) {
      const interval = (drivers.length / rate) * 1000;
      // The server keeps one update per driver per second: slower than that per driver, or the rate is not offered.
      if (interval < 1150) {
        lines.push(`locations ${instances} process(es): ${rate}/s needs more than ${drivers.length} drivers at < 1 update/s each: skipped`);
        continue;
      }
      forward.length = 0;
      delivered = 0;
      const seconds = Number(values['step-seconds']);
      const next = new Map(drivers.map((d) => [d.id, performance.now() + Math.random() * interval]));
      const cpu = startCpu(cluster);
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
        seconds,
      });
      const elapsed = (performance.now() - stepStart) / 1000;
      const cores = coresSince(cpu, elapsed);
      const usage = process.cpuUsage(generator);
      await sleep(2000);
      // Applied: the index holds the last position each driver sent (within about a metre).
      let applied = 0;
      const ids = [...last.keys()];
      for (let start = 0; start < ids.length; start += 1000) {
        const pipeline = redis.pipeline();
        for (const id of ids.slice(start, start + 1000)) pipeline.hmget(`${prefix}drv:${id}`, 'lat', 'lng');
        const answers = (await pipeline.exec()) ?? [];
        answers.forEach(([, value], i) => {
          const [lat, lng] = (value as (string | null)[] | null) ?? [];
          const want = last.get(ids[start + i]!)!;
          if (lat && lng && Math.abs(Number(lat) - want.lat) < 1e-5 && Math.abs(Number(lng) - want.lng) < 1e-5) applied += 1;
        });
      }
      forward.sort((a, b) => a - b);
      const step: StepResult = {
        rate: sent / elapsed,
        sent,
        applied,
        checked: ids.length,
        forwardP50: percentile(forward, 50),
        forwardP99: percentile(forward, 99),
        delivered,
        expected,
        cores,
        generatorCores: (usage.user + usage.system) / 1e6 / elapsed,
      };
      steps.push(step);
      lines.push(
        `locations ${instances} process(es) @ ${rate}/s: sent ${step.rate.toFixed(0)}/s, last position applied for ${((applied / ids.length) * 100).toFixed(2)}% of ${ids.length} drivers, ` +
          `driver->rider p50 ${fmt(step.forwardP50)} p99 ${fmt(step.forwardP99)} (${delivered}/${expected} delivered), servers ${cores.toFixed(2)} cores, generator ${step.generatorCores.toFixed(2)}`,
      );
      log(lines.at(-1)!);
    }
    lines.push(`  logs ${logDir}`);
    return { lines, steps };
  } finally {
    for (const socket of sockets) socket.terminate();
    redis.disconnect();
    await cluster.stop();
  }
}

// --- reconnect storm: kill the process holding the most sockets
async function reconnectPart(world: BenchWorld, redisUrl: string, instances: number): Promise<string> {
  const { cluster, logDir } = await startBenchCluster({ instances, databaseUrl: world.database.url, redisUrl, label: `reconnect-${instances}` });
  const connections: RealtimeConnection[] = [];
  const pool = new pg.Pool({ connectionString: world.database.url, max: 2 });
  try {
    const drivers = world.drivers.slice(0, Number(values.storm));
    log(`reconnect, ${instances} process(es): ${drivers.length} sockets through HAProxy…`);
    const lostAt = new Map<string, number>();
    const backAt = new Map<string, number>();
    /** Close codes seen (1006: the process died; others: the server closed it); negative: before the kill. */
    const closeCodes = new Map<number, number>();
    let isKilled = false;
    await inBatches(drivers, 200, async (driver) => {
      const client = new ApiClient(cluster.url);
      client.token = driver.token;
      const connectOnce = () =>
        client.connect(() => undefined, {
          reconnect: true,
          onDisconnect: (code) => {
            const key = isKilled ? code : -code;
            closeCodes.set(key, (closeCodes.get(key) ?? 0) + 1);
            if (isKilled && !lostAt.has(driver.id)) lostAt.set(driver.id, performance.now());
          },
          onReconnect: () => {
            if (lostAt.has(driver.id) && !backAt.has(driver.id)) backAt.set(driver.id, performance.now());
          },
        });
      // The first connection is the caller's to retry (the apps do too).
      const connection = await connectOnce().catch(() => sleep(1000).then(connectOnce));
      connections.push(connection);
    });
    await sleep(2000);
    // The process holding the most sockets, from its own /metrics (loopback, no proxy: allowed without a token).
    let target = cluster.processes[0]!;
    let most = -1;
    for (const p of cluster.processes) {
      const text = await fetch(`${p.url}/metrics`)
        .then((r) => r.text())
        .catch(() => '');
      const open = Number(/^coride_websockets_open(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? -1);
      if (open > most) {
        most = open;
        target = p;
      }
    }
    const killedAt = performance.now();
    const killedAtDate = new Date();
    isKilled = true;
    target.kill('SIGKILL');
    log(`  SIGKILL ${target.name} (${most >= 0 ? `${most} sockets` : 'socket count unknown'})`);
    if (instances === 1) {
      await target.waitForExit();
      await sleep(3000);
      await target.start();
      log(`  ${target.name} restarted (the only process)`);
    }
    // Every socket of the killed process notices within a moment (the proxy cuts them); then wait for all to be back.
    await sleep(3000);
    const deadline = killedAt + 30_000;
    while (performance.now() < deadline && backAt.size < lostAt.size) await sleep(200);
    const times = [...lostAt.keys()].map((id) => (backAt.get(id) ?? Infinity) - killedAt).sort((a, b) => a - b);
    const within = (ms: number) => times.filter((t) => t <= ms).length;
    const codes = [...closeCodes].map(([code, n]) => `${code}×${n}`).join(' ');
    // A driver whose socket never dropped keeps its online session: none ended since the kill.
    const untouched = drivers.filter((d) => !lostAt.has(d.id)).map((d) => d.id);
    const { rows } = await pool.query<{ ended: number }>(
      'select count(distinct driver_id)::int as ended from driver_online_sessions where driver_id = any($1::uuid[]) and ended_at >= $2',
      [untouched, killedAtDate],
    );
    const pct = (n: number) => (times.length === 0 ? '-' : `${((n / times.length) * 100).toFixed(1)}%`);
    return (
      `reconnect ${instances} process(es): ${times.length} of ${drivers.length} sockets lost with ${target.name}; back and authenticated within 5 s: ${pct(within(5000))}, ` +
      `within 10 s: ${pct(within(10_000))}, within 30 s: ${pct(within(30_000))}; p50 ${fmt(percentile(times, 50))} p99 ${fmt(percentile(times, 99))}; closes seen: ${codes}; ` +
      `sessions of the ${untouched.length} untouched drivers ended since the kill: ${rows[0]?.ended ?? '?'}  logs ${logDir}`
    );
  } finally {
    for (const connection of connections) connection.close();
    await pool.end();
    await cluster.stop();
  }
}

const redis = new OwnRedis(await freePort(), '.tmp/bench');
await redis.start();
const needed = parts.includes('dispatch') ? Number(values.drivers) : Math.max(Number(values['location-drivers']), Number(values.storm));
const world = await seedBenchWorld(databaseUrl, { drivers: needed, riders: Math.max(20, Number(values.pairs)) }, log);
const results: string[] = [];
try {
  if (parts.includes('dispatch')) for (const n of configurations) results.push(await dispatchPart(world, redis.url, n));
  if (parts.includes('locations')) {
    const byInstances = new Map<number, StepResult[]>();
    for (const n of configurations) {
      const { lines, steps } = await locationsPart(world, redis.url, n);
      results.push(...lines);
      byInstances.set(n, steps);
    }
    for (const [n, steps] of byInstances) {
      const held = steps.filter((s) => s.applied / s.checked >= 0.999 && s.forwardP99 < 250);
      results.push(
        `locations ${n} process(es): highest rate held (>= 99.9% applied, forward p99 < 250 ms): ${held.length ? `${Math.max(...held.map((s) => s.rate)).toFixed(0)}/s` : 'none of the rates tried'}`,
      );
    }
  }
  if (parts.includes('reconnect')) for (const n of configurations) results.push(await reconnectPart(world, redis.url, n));
} finally {
  await redis.kill();
  await world.database.drop();
}
process.stdout.write(`\nbench/scale-out — node ${process.version}, ${world.drivers.length} drivers online\n${results.join('\n')}\n`);
process.exit(0);
