/**
 * The chaos run: `npm run chaos -- [--duration 120] [--instances 3] [--kill-every 10] [--drivers 40]
 * [--riders 20] [--keep] [--no-redis-restart]`. Needs DATABASE_URL (a fresh database is made beside it
 * and dropped afterwards), HAProxy, and redis-server (or REDIS_URL, without the Redis restart).
 * Prints rides completed, faults injected and a pass/fail per property; exits 1 on a violation.
 * What it does: apps/server/src/cli/chaos/run.ts; the properties: chaos/checker.ts.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { defaultChaosOptions, formatReport, runChaos } from './chaos/run';
import { findProgram } from './local-cluster';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: String(defaultChaosOptions.durationSeconds) },
    instances: { type: 'string', default: String(defaultChaosOptions.instances) },
    'kill-every': { type: 'string', default: String(defaultChaosOptions.killEverySeconds) },
    drivers: { type: 'string', default: String(defaultChaosOptions.drivers) },
    riders: { type: 'string', default: String(defaultChaosOptions.riders) },
    keep: { type: 'boolean', default: false },
    'no-redis-restart': { type: 'boolean', default: false },
  },
});
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(2);
};
const config = loadConfig();
if (!config.databaseUrl) fail('npm run chaos needs DATABASE_URL (a PostgreSQL server; the run makes a database of its own on it and drops it afterwards)');
if (!findProgram('haproxy')) fail('npm run chaos needs HAProxy: apt-get install -y haproxy');
const positive = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number`);
  return n;
};

const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const report = await runChaos({
  ...defaultChaosOptions,
  databaseUrl: config.databaseUrl!,
  redisUrl: config.redisUrl,
  durationSeconds: positive('duration', values.duration),
  instances: positive('instances', values.instances),
  killEverySeconds: positive('kill-every', values['kill-every']),
  drivers: positive('drivers', values.drivers),
  riders: positive('riders', values.riders),
  keep: values.keep,
  restartRedis: !values['no-redis-restart'],
  log,
});
process.stdout.write(`${formatReport(report)}\n`);
process.exit(report.passed ? 0 : 1);
