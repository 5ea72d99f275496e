/**
 * bench/api: authenticated `GET /api/users/me` on the real app against a bare node:http server
 * answering a small JSON body, in one run, so the ratio survives a noisy machine: the same load
 * generator, the same duration, the targets taken in turn (bare, app, app without the session cache,
 * bare, …), each round's figures printed, and at the end the ratios of the summed requests and the
 * median of each round's ratio (the steadier figure on a shared machine).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/api.ts [--seconds 3] [--rounds 6] [--connections 32]
 *
 * A fresh database is made beside DATABASE_URL's (and dropped afterwards) with one signed-in rider.
 * Two apps run on it in this process: one as configured (session cache on, docs/decisions/016), one
 * with SESSION_CACHE_MAX=0 (every request reads its session, as before the cache). REDIS_URL, if set,
 * is used by both under a key prefix of their own. The load comes from a worker thread: `--connections`
 * keep-alive connections, each sending its next request when the previous answer is complete (a
 * small raw HTTP/1.1 client, cheaper per request than node:http's, so the bare server is not
 * measured against the client's own cost). Results: bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app';
import { createFreshDatabase } from '../apps/server/src/cli/chaos/world';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres, postgresOptions } from '../apps/server/src/db/client';
import { sessions, users } from '../apps/server/src/modules/accounts/tables';
import { hashPassword } from '../apps/server/src/modules/accounts/password';
import { hashToken, newSessionToken } from '../apps/server/src/modules/accounts/tokens';
import { percentile } from './lib/cluster-bench';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '32' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const log = (line: string) => process.stdout.write(`${line}\n`);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('bench/api needs DATABASE_URL (a fresh database is made beside it and dropped afterwards)\n');
  process.exit(2);
}

/** What one target answered in one phase. */
type Phase = { requests: number; errors: number; seconds: number; latenciesMs: number[] };

/**
 * CPU time (ms) this process's main thread has used: the servers run on it, the load generator on a
 * worker thread of its own. Read from /proc (Linux), in clock ticks of 10 ms, so a phase of seconds is
 * measured to a fraction of a percent. Unlike requests per second it does not fall when another program
 * takes the core: it is what each request costs the server, the figure that survives a shared machine.
 */
function mainThreadCpuMs(): number {
  const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3 of stat(5), so utime (14) and stime (15) are at 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/*
 * The load generator, in plain JavaScript so the worker needs no TypeScript loader. Each connection
 * writes a request, reads until the answer's headers and Content-Length bytes of body are in, counts
 * it (a status other than 200 counts as an error) and writes the next, until the deadline.
 */
const LOAD_WORKER = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { port, path, token, connections, seconds } = workerData;
const request = Buffer.from('GET ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAccept: application/json\\r\\n' +
  (token ? 'Authorization: Bearer ' + token + '\\r\\n' : '') + '\\r\\n', 'latin1');
const latencies = [];
let requests = 0;
let errors = 0;
const startedAt = performance.now();
const deadline = startedAt + seconds * 1000;
let open = connections;
function done() {
  open -= 1;
  if (open === 0) parentPort.postMessage({ requests, errors, seconds: (performance.now() - startedAt) / 1000, latenciesMs: latencies });
}
for (let i = 0; i < connections; i += 1) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = '';
  let sentAt = 0;
  const send = () => { sentAt = performance.now(); socket.write(request); };
  socket.on('connect', send);
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (;;) {
      const end = buffer.indexOf('\\r\\n\\r\\n');
      if (end < 0) return;
      const head = buffer.slice(0, end);
      const match = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
      if (!match) { errors += 1; socket.destroy(); return done(); }
      const total = end + 4 + Number(match[1]);
      if (buffer.length < total) return;
      buffer = buffer.slice(total);
      const now = performance.now();
      latencies.push(now - sentAt);
      if (head.startsWith('HTTP/1.1 200')) requests += 1; else errors += 1;
      if (now >= deadline) { socket.end(); return done(); }
      send();
    }
  });
  socket.on('error', () => { errors += 1; });
}
`;

function load(port: number, urlPath: string, token: string | undefined, seconds = SECONDS): Promise<Phase> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { port, path: urlPath, token, connections: CONNECTIONS, seconds } });
    worker.once('message', (phase: Phase) => {
      void worker.terminate();
      resolve(phase);
    });
    worker.once('error', reject);
  });
}

function listenBare(): Promise<{ server: http.Server; port: number }> {
  const body = JSON.stringify({ id: randomUUID(), role: 'customer', firstName: 'Bench', lastName: 'Rider', email: 'rider@bench.test' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

const portOf = (address: ReturnType<http.Server['address']>) => (typeof address === 'object' && address ? address.port : 0);

// --- a fresh database with one rider and a session token
const fresh = await createFreshDatabase(databaseUrl, 'apibench');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-api-bench-'));
const configFor = (overrides: Record<string, string>) =>
  loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.url,
    REDIS_KEY_PREFIX: `coride-bench:${randomUUID()}:`,
    PASSWORD_COST: '10',
    DEMO_DATA: 'false',
    // The offline assistant trains for ~2 s of CPU at start; it would share the first rounds' cores.
    ASSISTANT_WARMUP: 'false',
    ...overrides,
  });
const cachedConfig = configFor({});
const uncachedConfig = configFor({ SESSION_CACHE_MAX: '0' });
// The apps log as in production (info: no line per request), into nothing.
const quietLogger = { stream: { write: () => undefined } };
const cachedDatabase = await openPostgres(fresh.url, postgresOptions(cachedConfig.postgresTimeouts));
const uncachedDatabase = await openPostgres(fresh.url, postgresOptions(uncachedConfig.postgresTimeouts));
const [rider] = await cachedDatabase.db
  .insert(users)
  .values({ role: 'customer', email: 'rider@bench.test', passwordHash: await hashPassword('bench-password', 10), firstName: 'Bench', lastName: 'Rider' })
  .returning();
const token = newSessionToken();
await cachedDatabase.db.insert(sessions).values({ userId: rider!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 24 * 3600_000) });

const cachedApp = await buildApp({ config: cachedConfig, database: cachedDatabase, logger: quietLogger });
const uncachedApp = await buildApp({ config: uncachedConfig, database: uncachedDatabase, logger: quietLogger });
await cachedApp.listen({ port: 0, host: '127.0.0.1' });
await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
const bare = await listenBare();

const targets = [
  { name: 'bare node:http', port: bare.port, path: '/', token: undefined },
  { name: 'app, session cache', port: portOf(cachedApp.server.address()), path: '/api/users/me', token },
  { name: 'app, no session cache', port: portOf(uncachedApp.server.address()), path: '/api/users/me', token },
] as const;

const totals = new Map<string, Phase>(targets.map((target) => [target.name, { requests: 0, errors: 0, seconds: 0, latenciesMs: [] }]));
/** Main-thread CPU time spent while each target was under load, summed over the rounds. */
const cpuMs = new Map<string, number>(targets.map((target) => [target.name, 0]));
/** Each round's app/bare ratio per app: rounds next to each other share the machine's load of the moment. */
const roundRatios = new Map<string, number[]>(targets.map((target) => [target.name, []]));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
try {
  log(`database ${fresh.name}${cachedConfig.redisUrl ? ' + Redis' : ''}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target`);
  log(`load average at start: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const target of targets) {
    const warm = await load(target.port, target.path, target.token, 1);
    if (warm.errors > 0 || warm.requests === 0) throw new Error(`${target.name}: ${warm.errors} errors in the warm-up`);
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    let bareRoundRate = NaN;
    for (const target of targets) {
      const cpuBefore = mainThreadCpuMs();
      const phase = await load(target.port, target.path, target.token);
      const phaseCpuMs = mainThreadCpuMs() - cpuBefore;
      cpuMs.set(target.name, cpuMs.get(target.name)! + phaseCpuMs);
      const total = totals.get(target.name)!;
      total.requests += phase.requests;
      total.errors += phase.errors;
      total.seconds += phase.seconds;
      for (const ms of phase.latenciesMs) total.latenciesMs.push(ms);
      const roundRate = phase.requests / phase.seconds;
      if (target === targets[0]) bareRoundRate = roundRate;
      roundRatios.get(target.name)!.push(roundRate / bareRoundRate);
      log(
        `round ${round} ${target.name.padEnd(22)} ${roundRate.toFixed(0).padStart(7)} req/s  errors ${phase.errors}  ${((100 * roundRate) / bareRoundRate).toFixed(1)}% of this round's bare  ${((1000 * phaseCpuMs) / phase.requests).toFixed(1).padStart(6)} µs CPU/req`,
      );
    }
  }
  log(`load average at end: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  log('');
  const rate = (name: string) => totals.get(name)!.requests / totals.get(name)!.seconds;
  const bareRate = rate(targets[0].name);
  for (const target of targets) {
    const total = totals.get(target.name)!;
    const sorted = total.latenciesMs.sort((a, b) => a - b);
    log(
      `${target.name.padEnd(22)} ${rate(target.name).toFixed(0).padStart(7)} req/s  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  errors ${total.errors}  ${((100 * rate(target.name)) / bareRate).toFixed(1)}% of bare`,
    );
  }
  const cpuPerRequest = (name: string) => (1000 * cpuMs.get(name)!) / totals.get(name)!.requests;
  for (const target of targets) log(`${target.name.padEnd(22)} ${cpuPerRequest(target.name).toFixed(1).padStart(6)} µs of server CPU per request`);
  log(
    `ratio of server CPU per request, bare/app (what the throughput ratio is on an otherwise idle machine): ${(cpuPerRequest(targets[0].name) / cpuPerRequest(targets[1].name)).toFixed(3)} with the session cache, ${(cpuPerRequest(targets[0].name) / cpuPerRequest(targets[2].name)).toFixed(3)} without`,
  );
  log(
    `ratio app/bare (all requests): ${(rate(targets[1].name) / bareRate).toFixed(3)} with the session cache, ${(rate(targets[2].name) / bareRate).toFixed(3)} without`,
  );
  log(
    `ratio app/bare (median of the rounds): ${median(roundRatios.get(targets[1].name)!).toFixed(3)} with the session cache, ${median(roundRatios.get(targets[2].name)!).toFixed(3)} without`,
  );
} finally {
  bare.server.close();
  await cachedApp.close();
  await uncachedApp.close();
  await cachedDatabase.close();
  await uncachedDatabase.close();
  await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
