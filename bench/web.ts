/**
 * bench/web: the gzipped initial JavaScript of each route (from Vite's build manifest) and, in headless
 * Chromium with 4x CPU throttling, the landing and booking pages' LCP and CLS.
 *
 *   npx tsx bench/web.ts              builds, measures sizes and paint metrics, prints a table
 *   npx tsx bench/web.ts --budget     sizes only, from the existing build; exits 1 over budget (npm test)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const { values } = parseArgs({ options: { budget: { type: 'boolean', default: false }, port: { type: 'string', default: '5190' } } });

/** Route -> the lazily loaded page module (see apps/web/src/app/router.tsx), with its budget in KB. */
const routes: { path: string; module: string; budgetKb?: number }[] = [
  { path: '/', module: 'src/app/routes/landing-page.tsx', budgetKb: 120 },
  { path: '/ride', module: 'src/app/routes/book-ride-page.tsx', budgetKb: 200 },
  { path: '/onboarding', module: 'src/features/onboarding/onboarding-page.tsx' },
  { path: '/dashboard', module: 'src/app/routes/customer-dashboard-page.tsx' },
  { path: '/driver-dashboard', module: 'src/app/routes/driver-dashboard-page.tsx' },
  { path: '/licensee-dashboard', module: 'src/app/routes/licensee-dashboard-page.tsx' },
  { path: '/admin-dashboard', module: 'src/app/routes/admin-dashboard-page.tsx' },
  { path: '/business-logic-demo', module: 'src/features/business-demo/business-logic-demo-page.tsx' },
  { path: '/global-showcase', module: 'src/features/showcase/global-showcase-page.tsx' },
];

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };

if (!values.budget) {
  process.stdout.write('building the web app…\n');
  execFileSync('npm', ['run', 'build', '-w', '@coride/web'], { cwd: root, stdio: 'ignore' });
}
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) throw new Error(`No build manifest at ${manifestPath}: run npm run build first`);
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

/** The chunk's file and everything it imports statically: what the browser must load before it runs. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}
const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const entryFiles = staticClosure(entryKey);
const rows = routes.map((route) => {
  if (!manifest[route.module]) throw new Error(`${route.module} is not a chunk of the build: is the route still lazy?`);
  const keys = new Set([...entryFiles, ...staticClosure(route.module)]);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  return { ...route, kb, files: files.length };
});

process.stdout.write('\nInitial JavaScript per route (gzip -9)\n');
let isOverBudget = false;
for (const row of rows) {
  const verdict = row.budgetKb === undefined ? '' : row.kb <= row.budgetKb ? `  within ${row.budgetKb} KB` : `  OVER the ${row.budgetKb} KB budget`;
  if (row.budgetKb !== undefined && row.kb > row.budgetKb) isOverBudget = true;
  process.stdout.write(`  ${row.path.padEnd(22)} ${row.kb.toFixed(1).padStart(7)} KB in ${String(row.files).padStart(2)} files${verdict}\n`);
}
if (values.budget) process.exit(isOverBudget ? 1 : 0);

// --- paint metrics in Chromium, 4x CPU throttling, against the built product on a fresh database
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-web-bench-'));
const port = Number(values.port);
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    PASSWORD_COST: '10',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('running at') && resolve()));
const base = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function measure(url: string, token?: string): Promise<{ lcp: number; cls: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  // Service workers would serve the second visit from cache: measure the cold first visit.
  await context.route('**/sw.js', (r) => r.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    return { lcp: w.__lcp, cls: w.__cls };
  });
  await context.close();
  return result;
}

const email = `bench.${Date.now()}@example.com`;
const registered = await fetch(`${base}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    role: 'customer',
    email,
    username: email,
    firstName: 'Bench',
    lastName: 'Rider',
    phone: '2125550100',
    password: 'bench-password',
    confirmPassword: 'bench-password',
    terms: true,
    homeAddress: '350 5th Ave, New York, NY',
  }),
});
const { token } = (await registered.json()) as { token: string };

process.stdout.write('\nPaint metrics, mobile viewport, 4x CPU throttling, cold load (median of 3)\n');
for (const [label, url, auth] of [
  ['landing /', '/', undefined],
  ['booking /ride', '/ride', token],
] as const) {
  const runs: { lcp: number; cls: number }[] = [];
  for (let i = 0; i < 3; i += 1) runs.push(await measure(url, auth));
  const median = (pick: (r: { lcp: number; cls: number }) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
  process.stdout.write(
    `  ${label.padEnd(16)} LCP ${median((r) => r.lcp)
      .toFixed(0)
      .padStart(5)} ms   CLS ${median((r) => r.cls).toFixed(3)}\n`,
  );
}
await browser.close();
server.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(isOverBudget ? 1 : 0);
