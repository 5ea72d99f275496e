/**
 * What bench/web.ts measures with: the built product on a fresh embedded database, the bytes a page
 * really receives from it (compressed, headers included) in headless Chromium, and Lighthouse's own
 * mobile run (simulated 4G and 4x CPU) of a page, signed in or not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Request } from 'playwright-core';
import { freePort, repoRoot, serverBundle, waitForOk } from '../../apps/server/src/cli/local-cluster';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export type RunningServer = { base: string; stop(): Promise<void> };

/** `node apps/server/dist/server.js` on a free port with a temporary data folder, as `npm start` serves it. */
export async function startBuiltServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-web-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      // No bots and no assistant training in the background: they would take CPU from the browser.
      DEMO_DATA: 'false',
      ASSISTANT_WARMUP: 'false',
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin-password',
      PASSWORD_COST: '10',
      SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let hasExited = false;
  child.once('exit', () => (hasExited = true));
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, 60_000, () => hasExited);
  return {
    base,
    async stop() {
      if (!hasExited) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up (or, for the admin the server created, signs in) and returns the session token. */
export async function sessionToken(base: string, body: Record<string, unknown>, endpoint: '/api/register' | '/api/login'): Promise<string> {
  const response = await fetch(`${base}${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export type ByteKind = 'script' | 'css' | 'font' | 'image' | 'document' | 'data' | 'other';
export type Transfer = Record<ByteKind, number> & { total: number; requests: number; serviceWorker: number };

function kindOf(request: Request): ByteKind {
  switch (request.resourceType()) {
    case 'script':
      return 'script';
    case 'stylesheet':
      return 'css';
    case 'font':
      return 'font';
    case 'image':
      return 'image';
    case 'document':
      return 'document';
    case 'fetch':
    case 'xhr':
      return 'data';
    default:
      return 'other';
  }
}

const emptyTransfer = (): Transfer => ({ script: 0, css: 0, font: 0, image: 0, document: 0, data: 0, other: 0, total: 0, requests: 0, serviceWorker: 0 });

/** Resolves once no request has started or been in flight for `quietMs` (lazy chunks, idle work), or after `maxMs`. */
async function settle(isBusy: () => boolean, lastActivity: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (!isBusy() && Date.now() - lastActivity() >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A cold first visit of `url` on a phone-sized viewport: every byte received from the server (body as
 * sent, i.e. compressed, plus response headers), by kind, until the network has been quiet for 2 s.
 * Requests the service worker makes for itself (its precache) are counted apart in `serviceWorker`.
 */
export async function measureTransfer(base: string, url: string, token?: string): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', ...chromiumArgs] });
  try {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const transfer = emptyTransfer();
    let inFlight = 0;
    let lastActivity = Date.now();
    const pending: Promise<void>[] = [];
    context.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    const done = (request: Request, hasFinished: boolean) => {
      inFlight -= 1;
      lastActivity = Date.now();
      if (!hasFinished) return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || response.fromServiceWorker()) return;
          const sizes = await request.sizes();
          const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
          if (request.serviceWorker()) {
            transfer.serviceWorker += bytes;
            return;
          }
          transfer[kindOf(request)] += bytes;
          transfer.total += bytes;
          transfer.requests += 1;
        })(),
      );
    };
    context.on('requestfinished', (request) => done(request, true));
    context.on('requestfailed', (request) => done(request, false));
    const page = await context.newPage();
    await page.goto(`${base}${url}`, { waitUntil: 'load' });
    await settle(
      () => inFlight > 0,
      () => lastActivity,
      2000,
      30_000,
    );
    await Promise.all(pending);
    return transfer;
  } finally {
    await browser.close();
  }
}

export type LighthouseFigures = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
};

/**
 * One Lighthouse run with its default (mobile) settings: Moto G Power screen, simulated slow 4G
 * (150 ms RTT, 1.6 Mbps) and 4x CPU slowdown. A fresh browser profile each time; with a token, the
 * session is stored in it first (Lighthouse clears caches and service workers, not localStorage).
 */
export async function runLighthouse(base: string, url: string, token?: string): Promise<LighthouseFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', `--remote-debugging-port=${port}`, ...chromiumArgs],
  });
  try {
    if (token) {
      const page = await context.newPage();
      await page.goto(`${base}/api/health`);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.close();
    }
    const result = await lighthouse(`${base}${url}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary =
      (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
    const ofType = (type: string) => summary.find((item) => item.resourceType === type);
    return {
      score: lhr.categories.performance?.score ?? Number.NaN,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      scriptBytes: ofType('script')?.transferSize ?? Number.NaN,
      totalBytes: ofType('total')?.transferSize ?? Number.NaN,
      requests: ofType('total')?.requestCount ?? Number.NaN,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The median of each figure over several runs (the middle run per figure, not one whole run). */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const middle = (pick: (figures: LighthouseFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  return {
    score: middle((r) => r.score),
    fcpMs: middle((r) => r.fcpMs),
    lcpMs: middle((r) => r.lcpMs),
    tbtMs: middle((r) => r.tbtMs),
    cls: middle((r) => r.cls),
    scriptBytes: middle((r) => r.scriptBytes),
    totalBytes: middle((r) => r.totalBytes),
    requests: middle((r) => r.requests),
  };
}
