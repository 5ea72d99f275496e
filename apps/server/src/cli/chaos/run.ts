/**
 * The chaos run (contract §7, design §5.3 L3): N API processes behind HAProxy on a fresh PostgreSQL
 * database and a Redis of their own, bot drivers and riders going through the proxy, and a nemesis
 * that SIGKILLs a process every few seconds (restarted ~3 s later), pauses one past the offer timeout
 * (SIGSTOP, then SIGCONT) and restarts Redis once; every third stop is a SIGTERM (graceful drain). Then the bots finish their rides and go offline,
 * the background jobs get a quiet period, and the checker reads the properties from the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFleet } from '../../simulator/fleet';
import type { BotEvent } from '../../simulator/history';
import { ensureServerBuilt, findProgram, freePort, LocalCluster, logTail, OwnRedis, repoRoot, type ApiProcess } from '../local-cluster';
import { bookingToAcceptMs, checkProperties, type PropertyResult } from './checker';
import { createFreshDatabase, seedWorld } from './world';

export type ChaosOptions = {
  /** A PostgreSQL server to make the run's database on (DATABASE_URL). */
  databaseUrl: string;
  /** Used only when redis-server is not installed (then Redis is not restarted): a key prefix of the run's own keeps it apart. */
  redisUrl?: string;
  instances: number;
  durationSeconds: number;
  killEverySeconds: number;
  /** How long a killed process stays down. */
  restartAfterMs: number;
  drivers: number;
  riders: number;
  offerTimeoutSeconds: number;
  /** Pause one process (SIGSTOP) this often, at least once per run, for the offer timeout + 3 s. */
  pauseEverySeconds: number;
  restartRedis: boolean;
  /** Keep the database and the logs (printed) instead of dropping them. */
  keep: boolean;
  log: (line: string) => void;
};

export const defaultChaosOptions: Omit<ChaosOptions, 'databaseUrl' | 'log'> = {
  instances: 3,
  durationSeconds: 120,
  killEverySeconds: 10,
  restartAfterMs: 3000,
  drivers: 40,
  riders: 20,
  offerTimeoutSeconds: 5,
  pauseEverySeconds: 60,
  restartRedis: true,
  keep: false,
};

export type Fault = { at: number; kind: 'kill' | 'term' | 'restart' | 'pause' | 'resume' | 'redis-restart' | 'crash'; target: string; detail?: string };

export type ChaosReport = {
  passed: boolean;
  properties: PropertyResult[];
  rides: { total: number; completed: number; cancelled: number; cancelledBy: Record<string, number> };
  faults: { kills: number; terms: number; pauses: number; redisRestarts: number; crashes: number };
  bookingToAccept: { count: number; p50: number; p99: number };
  history: { events: number; reconnects: number; unanswered: number };
  drainSeconds: number;
  logDir: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BATCH_SIZE = 3;

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  const startedAt = Date.now();
  const at = () => Date.now() - startedAt;
  const logDir = path.join(repoRoot, '.tmp', 'chaos', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(logDir, { recursive: true });
  ensureServerBuilt(log);

  const database = await createFreshDatabase(options.databaseUrl, 'chaos');
  log(`database ${database.name}; logs in ${path.relative(process.cwd(), logDir)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-chaos-'));
  let redis: OwnRedis | undefined;
  let cluster: LocalCluster | undefined;
  let isStopping = false;
  const faults: Fault[] = [];
  const history: BotEvent[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const world = await seedWorld(database.url, { drivers: options.drivers, riders: options.riders });
    let redisUrl = options.redisUrl;
    if (findProgram('redis-server')) {
      redis = new OwnRedis(await freePort(), logDir);
      await redis.start();
      redisUrl = redis.url;
    } else if (!redisUrl) throw new Error('neither redis-server nor REDIS_URL: the chaos run needs a Redis');

    const restarting = new Set<ApiProcess>();
    /** Starts a process again, retrying (its start may meet Redis being restarted). */
    const bringBack = async (target: ApiProcess): Promise<void> => {
      if (restarting.has(target)) return;
      restarting.add(target);
      try {
        for (let attempt = 1; !isStopping && target.state === 'stopped'; attempt += 1) {
          try {
            await target.start(30_000);
            faults.push({ at: at(), kind: 'restart', target: target.name });
          } catch (error) {
            log(`${target.name} did not start (attempt ${attempt}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
            await sleep(1000);
          }
        }
      } finally {
        restarting.delete(target);
      }
    };

    cluster = new LocalCluster({
      instances: options.instances,
      logDir,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: `chaos${Date.now()}:`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        DEMO_SIMULATOR: 'false',
        TRUST_PROXY: 'true',
        PASSWORD_COST: '10',
        ASSISTANT_WARMUP: 'false',
        OFFER_TIMEOUT_SECONDS: String(options.offerTimeoutSeconds),
        DISPATCH_SWEEP_MS: '1000',
        SETTLEMENT_SWEEP_MS: '2000',
        ESCROW_HOLD_SECONDS: '10',
        BOOKING_RATE_LIMIT_PER_HOUR: '100000',
        CARD_RATE_LIMIT_PER_HOUR: '1000',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
        TIER_RECOMPUTE_MS: '0',
        RETENTION_SWEEP_MS: '0',
      },
      onUnexpectedExit: (target, code, signal) => {
        if (isStopping) return;
        faults.push({ at: at(), kind: 'crash', target: target.name, detail: `${signal ?? `exit ${code}`}\n${logTail(logDir, target.name, 15)}` });
        log(`!! ${target.name} exited on its own (${signal ?? `code ${code}`}): restarting it`);
        setTimeout(() => void bringBack(target), 1000);
      },
    });
    await cluster.start();
    log(`${options.instances} processes behind HAProxy at ${cluster.url}; ${options.drivers} drivers, ${options.riders} riders`);

    const fleet = await startFleet({
      baseUrl: cluster.url,
      drivers: world.drivers,
      riders: world.riders,
      places: world.places,
      speedMph: 600,
      tickMs: 1000,
      acceptDelayMs: 800,
      riderPauseMs: 1500,
      acceptProbability: 0.9,
      riderCancelProbability: 0.1,
      record: (event) => history.push(event),
    });
    log(`fleet: ${fleet.drivers.filter((d) => d.userId).length} drivers and ${fleet.riders.length} riders started`);

    // --- the nemesis
    const processes = cluster.processes;
    const running = () => processes.filter((p) => p.state === 'running');
    const pending: Promise<void>[] = [];
    const end = Date.now() + options.durationSeconds * 1000;
    let nextKill = Date.now() + options.killEverySeconds * 1000;
    let killCount = 0;
    const pauseTimes: number[] = [];
    for (let t = Math.min(options.durationSeconds * 0.4, options.pauseEverySeconds); t < options.durationSeconds - 5; t += options.pauseEverySeconds) {
      pauseTimes.push(startedAt + t * 1000);
    }
    let redisRestartAt = options.restartRedis && redis ? Date.now() + options.durationSeconds * 700 : Infinity;
    while (Date.now() < end) {
      const now = Date.now();
      if (now >= nextKill) {
        nextKill = now + options.killEverySeconds * 1000;
        const candidates = running();
        // Never the last one running: the properties are about surviving failures, not a total outage.
        if (candidates.length >= 2) {
          const target = candidates[Math.floor(Math.random() * candidates.length)]!;
          // Every third stop is a graceful one (SIGTERM: the process drains), the others a crash.
          killCount += 1;
          const signal = killCount % 3 === 0 ? 'SIGTERM' : 'SIGKILL';
          target.kill(signal);
          faults.push({ at: at(), kind: signal === 'SIGTERM' ? 'term' : 'kill', target: target.name });
          log(`nemesis: ${signal} ${target.name} (pid ${target.pid ?? '?'})`);
          pending.push(
            (async () => {
              await target.waitForExit();
              await sleep(options.restartAfterMs);
              await bringBack(target);
            })(),
          );
        }
      }
      if (pauseTimes.length > 0 && now >= pauseTimes[0]!) {
        pauseTimes.shift();
        const candidates = running();
        if (candidates.length >= 2) {
          const target = candidates[Math.floor(Math.random() * candidates.length)]!;
          const pauseMs = options.offerTimeoutSeconds * 1000 + 3000;
          target.pause();
          faults.push({ at: at(), kind: 'pause', target: target.name, detail: `${pauseMs} ms` });
          log(`nemesis: SIGSTOP ${target.name} for ${pauseMs} ms`);
          pending.push(
            (async () => {
              await sleep(pauseMs);
              target.resume();
              faults.push({ at: at(), kind: 'resume', target: target.name });
            })(),
          );
        }
      }
      if (now >= redisRestartAt && redis) {
        redisRestartAt = Infinity;
        log('nemesis: Redis killed (nothing kept), back in 1 s');
        faults.push({ at: at(), kind: 'redis-restart', target: 'redis' });
        pending.push(redis.restart(1000));
      }
      await sleep(250);
    }
    log('nemesis stopped; waiting for every process to be back');
    await Promise.all(pending);
    for (const p of processes) if (p.state === 'stopped') await bringBack(p);
    for (const p of processes) p.resume();

    // --- drain: no new bookings; the rides under way finish (or are cancelled by dispatch), then everyone goes offline
    for (const rider of fleet.riders) rider.stopBooking();
    const drainStarted = Date.now();
    const drainLimitMs = (options.offerTimeoutSeconds * 6 + 40) * 1000;
    for (;;) {
      const { rows } = await pool.query<{ open: number }>(`select count(*)::int as open from rides where status in ('requested', 'accepted', 'in_progress')`);
      if ((rows[0]?.open ?? 0) === 0 || Date.now() - drainStarted > drainLimitMs) break;
      await sleep(1000);
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    log(`drained in ${drainSeconds.toFixed(0)} s; bots going offline`);
    for (const rider of fleet.riders) rider.stop();
    await Promise.all(fleet.drivers.map((d) => d.stop()));
    // Quiet: offers expire, sweeps and settlement runs (voids, captures, releases) catch up.
    await sleep(Math.max(options.offerTimeoutSeconds * 1000 + 3000, 12_000));

    const properties = await checkProperties(pool, history, { batchSize: BATCH_SIZE });
    const crashes = faults.filter((f) => f.kind === 'crash');
    properties.push({
      name: 'no process died on its own',
      passed: crashes.length === 0,
      detail: crashes.length === 0 ? 'every exit was the nemesis' : `${crashes.length} unexpected exit(s)`,
      evidence: crashes.slice(0, 5),
    });
    const { rows: rideRows } = await pool.query<{ status: string; who: string | null; count: number }>(
      `select status, coalesce(cancelled_by || ':' || cancel_reason, cancelled_by) as who, count(*)::int as count from rides group by 1, 2`,
    );
    const rides = { total: 0, completed: 0, cancelled: 0, cancelledBy: {} as Record<string, number> };
    for (const row of rideRows) {
      rides.total += row.count;
      if (row.status === 'completed') rides.completed += row.count;
      if (row.status === 'cancelled') {
        rides.cancelled += row.count;
        rides.cancelledBy[row.who ?? 'unknown'] = (rides.cancelledBy[row.who ?? 'unknown'] ?? 0) + row.count;
      }
    }
    return {
      passed: properties.every((p) => p.passed),
      properties,
      rides,
      faults: {
        kills: faults.filter((f) => f.kind === 'kill').length,
        terms: faults.filter((f) => f.kind === 'term').length,
        pauses: faults.filter((f) => f.kind === 'pause').length,
        redisRestarts: faults.filter((f) => f.kind === 'redis-restart').length,
        crashes: crashes.length,
      },
      bookingToAccept: bookingToAcceptMs(history),
      history: {
        events: history.length,
        reconnects: history.filter((e) => e.kind === 'reconnect').length,
        unanswered: history.filter((e) => e.outcome === 'info').length,
      },
      drainSeconds,
      logDir,
    };
  } finally {
    isStopping = true;
    fs.writeFileSync(path.join(logDir, 'history.jsonl'), history.map((e) => JSON.stringify(e)).join('\n'));
    fs.writeFileSync(path.join(logDir, 'faults.json'), JSON.stringify(faults, null, 1));
    await pool.end().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await redis?.kill().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (options.keep) log(`kept: database ${database.url}, logs ${logDir}`);
    else await database.drop().catch((error: unknown) => log(`could not drop ${database.name}: ${String(error)}`));
  }
}

/** The report as lines for a person. */
export function formatReport(report: ChaosReport): string {
  const lines = [
    '',
    `rides: ${report.rides.total} booked, ${report.rides.completed} completed, ${report.rides.cancelled} cancelled (${
      Object.entries(report.rides.cancelledBy)
        .map(([who, n]) => `${who} ${n}`)
        .join(', ') || 'none'
    })`,
    `faults injected: ${report.faults.kills} SIGKILLs, ${report.faults.terms} SIGTERMs (drain), ${report.faults.pauses} SIGSTOP pauses, ${report.faults.redisRestarts} Redis restarts; ${report.faults.crashes} unexpected process exits`,
    `clients: ${report.history.events} operations recorded, ${report.history.unanswered} without an answer (info), ${report.history.reconnects} socket reconnects`,
    `booking -> accepted: p50 ${(report.bookingToAccept.p50 / 1000).toFixed(1)} s, p99 ${(report.bookingToAccept.p99 / 1000).toFixed(1)} s over ${report.bookingToAccept.count} rides; drain ${report.drainSeconds.toFixed(0)} s`,
    '',
  ];
  for (const p of report.properties) {
    lines.push(`${p.passed ? 'PASS' : 'FAIL'}  ${p.name}: ${p.detail}`);
    for (const e of p.evidence) lines.push(`        ${JSON.stringify(e)}`);
  }
  lines.push('', report.passed ? 'chaos: all properties hold' : 'chaos: VIOLATIONS found', `logs and history: ${report.logDir}`);
  return lines.join('\n');
}
