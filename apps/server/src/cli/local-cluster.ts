/**
 * A cluster on this machine: N API processes (`node apps/server/dist/server.js`, each on its own port),
 * HAProxy in front of them with deploy/haproxy.cfg, and optionally a Redis of its own. Used by
 * `npm run cluster`, `npm run chaos` and the scale-out benchmarks; each process can be killed, paused,
 * resumed and restarted, as a failure would.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const serverDir = path.join(repoRoot, 'apps', 'server');
export const serverBundle = path.join(serverDir, 'dist', 'server.js');
export const haproxyConfig = path.join(repoRoot, 'deploy', 'haproxy.cfg');
/** deploy/haproxy.cfg lists CORIDE_API_1 to CORIDE_API_8. */
export const MAX_INSTANCES = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children still running: killed when this process exits, however it exits, so none is left behind. */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return child;
}

/** Where a program is on PATH (or its usual Debian place), undefined when it is not installed. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the server bundle when it is missing or older than its sources (esbuild: a few seconds). */
export function ensureServerBuilt(log: (line: string) => void = () => undefined): void {
  const sources = Math.max(newestMtime(path.join(serverDir, 'src')), newestMtime(path.join(repoRoot, 'packages', 'domain', 'src')));
  const isFresh = fs.existsSync(serverBundle) && fs.statSync(serverBundle).mtimeMs >= sources;
  if (isFresh) return;
  log('building the server (apps/server/dist)…');
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
}

/** Builds the web app when apps/web/dist is missing (the API works without it). */
export function ensureWebBuilt(log: (line: string) => void = () => undefined): void {
  if (fs.existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) return;
  log('building the web app (apps/web/dist)…');
  const built = spawnSync('npm', ['run', 'build', '-w', '@coride/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the web app failed');
}

/** Resolves when `url` answers 200, rejects after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number, isGivenUp: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (isGivenUp()) throw new Error(`gave up waiting for ${url}: ${last}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

/** `stopping`: told to end (killed or SIGTERMed), not exited yet. */
export type ProcessState = 'stopped' | 'starting' | 'running' | 'paused' | 'stopping';

/** A log file per child, so a crash can be read afterwards. */
function openLog(logDir: string, name: string): number {
  fs.mkdirSync(logDir, { recursive: true });
  return fs.openSync(path.join(logDir, `${name}.log`), 'a');
}

/** The last lines of a child's log file (evidence for a report). */
export function logTail(logDir: string, name: string, lines = 20): string {
  try {
    return fs
      .readFileSync(path.join(logDir, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '';
  }
}

export type ApiProcessOptions = {
  index: number;
  port: number;
  env: Record<string, string>;
  logDir: string;
  /** Called when the process exits without having been told to (a crash). */
  onUnexpectedExit?: (process: ApiProcess, code: number | null, signal: NodeJS.Signals | null) => void;
};

/** One `node apps/server/dist/server.js` on its own port. */
export class ApiProcess {
  readonly index: number;
  readonly port: number;
  readonly name: string;
  state: ProcessState = 'stopped';
  private child: ChildProcess | undefined;
  /** Set while an exit is expected (kill, stop), so it is not reported as a crash. */
  private isExitExpected = false;
  private startedAt = 0;
  starts = 0;

  constructor(private readonly options: ApiProcessOptions) {
    this.index = options.index;
    this.port = options.port;
    this.name = `api${options.index}`;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }
  get url(): string {
    return `http://${this.address}`;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Spawns the process and resolves once it answers /api/ready. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.state !== 'stopped') throw new Error(`${this.name} is ${this.state}`);
    const log = openLog(this.options.logDir, this.name);
    fs.writeSync(log, `\n--- start ${new Date().toISOString()}\n`);
    this.state = 'starting';
    this.isExitExpected = false;
    this.starts += 1;
    this.startedAt = Date.now();
    const child = track(
      spawn(process.execPath, [serverBundle], {
        cwd: repoRoot,
        env: { ...process.env, ...this.options.env, PORT: String(this.port), HOST: '127.0.0.1' },
        stdio: ['ignore', log, log],
      }),
    );
    fs.closeSync(log);
    this.child = child;
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      if (this.child !== child) return;
      this.child = undefined;
      // An exit while starting (Redis unreachable, say) is start()'s failure, reported there.
      const wasUnexpected = !this.isExitExpected && (this.state === 'running' || this.state === 'paused');
      this.state = 'stopped';
      if (wasUnexpected) this.options.onUnexpectedExit?.(this, code, signal);
    });
    try {
      await waitForOk(`${this.url}/api/ready`, timeoutMs, () => exited);
    } catch (error) {
      if (!exited) this.kill('SIGKILL');
      throw new Error(
        `${this.name} did not become ready: ${error instanceof Error ? error.message : String(error)}\n${logTail(this.options.logDir, this.name)}`,
      );
    }
    if (this.child === child && this.state === 'starting') this.state = 'running';
  }

  /** Milliseconds since the last start. */
  get upForMs(): number {
    return this.state === 'stopped' ? 0 : Date.now() - this.startedAt;
  }

  /** Sends a signal; SIGKILL/SIGTERM/SIGINT mark the exit as expected. Resolves when sent. */
  kill(signal: NodeJS.Signals): void {
    const child = this.child;
    if (!child) return;
    const isEnd = signal === 'SIGKILL' || signal === 'SIGTERM' || signal === 'SIGINT';
    if (isEnd) this.isExitExpected = true;
    // A paused process cannot handle SIGTERM: let it run again first.
    if (this.state === 'paused' && signal !== 'SIGKILL') child.kill('SIGCONT');
    child.kill(signal);
    if (isEnd) this.state = 'stopping';
  }

  pause(): void {
    if (this.state !== 'running' || !this.child) return;
    this.child.kill('SIGSTOP');
    this.state = 'paused';
  }

  resume(): void {
    if (this.state !== 'paused' || !this.child) return;
    this.child.kill('SIGCONT');
    this.state = 'running';
  }

  /** Resolves when the process has exited (at once when it is not running). */
  waitForExit(timeoutMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** SIGTERM (graceful: drains), SIGKILL after `timeoutMs`. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.child) return;
    this.kill('SIGTERM');
    await this.waitForExit(timeoutMs);
  }
}

export type LoadBalancerOptions = { port: number; backends: string[]; logDir: string; statsPort?: number; maxConnections?: number };

/** HAProxy in the foreground with deploy/haproxy.cfg, its backends given through the environment. */
export class LoadBalancer {
  private child: ChildProcess | undefined;
  constructor(private readonly options: LoadBalancerOptions) {
    if (options.backends.length > MAX_INSTANCES) throw new Error(`deploy/haproxy.cfg lists at most ${MAX_INSTANCES} API processes`);
  }

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get env(): Record<string, string> {
    const env: Record<string, string> = { CORIDE_LB_BIND: `127.0.0.1:${this.options.port}` };
    this.options.backends.forEach((address, i) => (env[`CORIDE_API_${i + 1}`] = address));
    if (this.options.statsPort) env.CORIDE_LB_STATS = `127.0.0.1:${this.options.statsPort}`;
    if (this.options.maxConnections) env.CORIDE_LB_MAXCONN = String(this.options.maxConnections);
    return env;
  }

  /** Starts HAProxy and resolves once it routes a request to a ready backend. */
  async start(): Promise<void> {
    const haproxy = findProgram('haproxy');
    if (!haproxy) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
    const log = openLog(this.options.logDir, 'haproxy');
    // -W: master-worker, -db: stay in the foreground (stopped with its children).
    const child = track(
      spawn(haproxy, ['-W', '-db', '-f', haproxyConfig], {
        env: { ...process.env, ...this.env },
        stdio: ['ignore', log, log],
      }),
    );
    fs.closeSync(log);
    this.child = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
      await waitForOk(`${this.url}/api/ready`, 30_000, () => exited);
    } catch (error) {
      throw new Error(`HAProxy did not start: ${error instanceof Error ? error.message : String(error)}\n${logTail(this.options.logDir, 'haproxy')}`);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/** A redis-server of its own, keeping nothing on disk, that can be restarted (the machine's shared Redis never is). */
export class OwnRedis {
  private child: ChildProcess | undefined;
  restarts = 0;
  constructor(
    readonly port: number,
    private readonly logDir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const program = findProgram('redis-server');
    if (!program) throw new Error('redis-server is not installed');
    const log = openLog(this.logDir, 'redis');
    const child = track(
      spawn(program, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
        stdio: ['ignore', log, log],
      }),
    );
    fs.closeSync(log);
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await this.answersPing()) return;
      await sleep(100);
    }
    throw new Error(`redis-server on ${this.port} did not start\n${logTail(this.logDir, 'redis')}`);
  }

  private answersPing(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  }

  /** Kills it (everything in it is lost, as after a crash without persistence). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async restart(downMs: number): Promise<void> {
    await this.kill();
    await sleep(downMs);
    this.restarts += 1;
    await this.start();
  }
}

export type LocalClusterOptions = {
  instances: number;
  /** Environment of every API process (DATABASE_URL, REDIS_URL, …); PORT and HOST are set per process. */
  env: Record<string, string>;
  logDir: string;
  /** The proxy's port; a free one when unset. */
  port?: number;
  statsPort?: number;
  maxConnections?: number;
  /** Variables of one process only (1-based index), over `env`. */
  envOf?: (index: number) => Record<string, string>;
  /** First start: the first process alone (it seeds something), then the others at once; default all at once. */
  startFirstAlone?: boolean;
  onUnexpectedExit?: ApiProcessOptions['onUnexpectedExit'];
};

/** N API processes behind HAProxy. */
export class LocalCluster {
  readonly processes: ApiProcess[] = [];
  lb: LoadBalancer | undefined;

  constructor(private readonly options: LocalClusterOptions) {
    if (options.instances < 1 || options.instances > MAX_INSTANCES) throw new Error(`--instances must be between 1 and ${MAX_INSTANCES}`);
  }

  get url(): string {
    if (!this.lb) throw new Error('the cluster is not started');
    return this.lb.url;
  }

  async start(): Promise<void> {
    for (let i = 1; i <= this.options.instances; i += 1) {
      this.processes.push(
        new ApiProcess({
          index: i,
          port: await freePort(),
          env: { ...this.options.env, ...this.options.envOf?.(i) },
          logDir: this.options.logDir,
          onUnexpectedExit: this.options.onUnexpectedExit,
        }),
      );
    }
    // All at once, as a deployment does: migrations run under an advisory lock.
    const [first, ...rest] = this.processes;
    if (this.options.startFirstAlone) {
      await first!.start();
      await Promise.all(rest.map((p) => p.start()));
    } else {
      await Promise.all(this.processes.map((p) => p.start()));
    }
    this.lb = new LoadBalancer({
      port: this.options.port ?? (await freePort()),
      backends: this.processes.map((p) => p.address),
      logDir: this.options.logDir,
      statsPort: this.options.statsPort,
      maxConnections: this.options.maxConnections,
    });
    await this.lb.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.lb?.stop();
  }
}
