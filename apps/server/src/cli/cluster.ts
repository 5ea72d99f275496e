/**
 * A local cluster: `npm run cluster -- [--instances 3] [--port 8080] [--demo] [--stats-port 8404] [--no-web]`.
 * Needs DATABASE_URL and REDIS_URL (one PostgreSQL and one Redis shared by every process). Builds what
 * is missing, starts N `node apps/server/dist/server.js` on free ports, HAProxy in front of them with
 * deploy/haproxy.cfg, prints the URL, and stops everything on Ctrl+C. A process that dies is started
 * again. Logs: .tmp/cluster/. Several machines: docs/deploy.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { type ApiProcess, ensureServerBuilt, ensureWebBuilt, findProgram, LocalCluster, logTail, MAX_INSTANCES, repoRoot } from './local-cluster';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'stats-port': { type: 'string' },
    demo: { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
})();
if (!config.databaseUrl || !config.redisUrl) {
  fail(
    'npm run cluster needs DATABASE_URL and REDIS_URL: every process shares one PostgreSQL and one Redis.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/coride REDIS_URL=redis://127.0.0.1:6379 npm run cluster -- --instances 3',
  );
}
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > MAX_INSTANCES) fail(`--instances must be a whole number from 1 to ${MAX_INSTANCES}`);
if (!findProgram('haproxy')) fail('HAProxy is not installed: apt-get install -y haproxy (Debian)');

ensureServerBuilt(say);
if (!values['no-web']) ensureWebBuilt(say);

const logDir = path.join(repoRoot, '.tmp', 'cluster');
let isStopping = false;
const restartAfterCrash = (apiProcess: ApiProcess, code: number | null, signal: NodeJS.Signals | null) => {
  if (isStopping) return;
  say(`${apiProcess.name} exited (${signal ?? `code ${code}`}); starting it again. Its log:\n${logTail(logDir, apiProcess.name, 10)}`);
  setTimeout(() => {
    if (!isStopping) apiProcess.start().catch((error: unknown) => say(`${apiProcess.name} could not start again: ${String(error)}`));
  }, 1000);
};
const cluster = new LocalCluster({
  instances,
  env: {
    // Behind the proxy: believe the one X-Forwarded-For hop it appends (per-address limits).
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'true',
    DEMO_DATA: 'false',
  },
  // --demo: the first process loads the demo world (alone, before the others start) and runs its bot drivers.
  envOf: (index): Record<string, string> => (values.demo && index === 1 ? { DEMO_DATA: 'true', DEMO_SIMULATOR: 'true' } : { DEMO_SIMULATOR: 'false' }),
  startFirstAlone: values.demo,
  logDir,
  port: Number(values.port),
  statsPort: values['stats-port'] ? Number(values['stats-port']) : undefined,
  onUnexpectedExit: restartAfterCrash,
});

async function stop(signal: string): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  say(`\n${signal}: stopping ${instances} processes (SIGTERM, they drain) and HAProxy…`);
  await cluster.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

say(`starting ${instances} API processes on one PostgreSQL and one Redis (logs in ${path.relative(process.cwd(), logDir) || logDir})…`);
try {
  await cluster.start();
} catch (error) {
  isStopping = true;
  await cluster.stop();
  fail(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
}
for (const p of cluster.processes) say(`  ${p.name}  ${p.url}  pid ${p.pid}`);
if (values.demo) say(`demo accounts and their password: ${path.relative(process.cwd(), logDir)}/api1.log`);
say(`CoRide cluster is running at ${cluster.url} (HAProxy, ${instances} processes). Ctrl+C stops it.`);
