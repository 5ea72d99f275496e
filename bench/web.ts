/**
 * bench/web: what a phone downloads. Against the built product (`node apps/server/dist/server.js`, as
 * `npm start` runs it, compression included), in one run:
 *  - the bytes each route's cold first visit receives (compressed bodies plus headers), by kind;
 *  - Lighthouse's mobile figures (simulated 4G, 4x CPU) for the landing and the booking page (signed in).
 *
 *   npx tsx bench/web.ts              builds, then measures; Lighthouse median of 3 runs per page
 *   npx tsx bench/web.ts --budget     the existing build, Lighthouse once per page; exits 1 over budget (npm test)
 *   options: --runs N (Lighthouse runs per page), --skip-build
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../apps/server/src/cli/local-cluster';
import { registrationPayloads, type SignupRole } from '../e2e/registration-payloads';
import { measureTransfer, medianFigures, runLighthouse, sessionToken, startBuiltServer, type LighthouseFigures, type Transfer } from './lib/web-measure';

const { values } = parseArgs({
  options: {
    budget: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string' },
  },
});
const runs = Number(values.runs ?? (values.budget ? 1 : 3));

type Role = 'customer' | 'driver' | 'licensee' | 'admin';
/**
 * Routes and who visits them. `scriptBudgetKb` is what `--budget` enforces (script received): the
 * issue's 90 KB for the landing page (docs/decisions/023), and for the booking page just above what is
 * measured, so growth fails `npm test`. The booking page grew from 231.3 to 233.3 KB when it took the
 * ride PIN, trip sharing and the message thread (issue 18, ADRs 028-029), and to 241.8 KB with SOS,
 * ride options and scheduling; the ride's views then became a chunk of their own, loaded when there
 * is a ride (224.8 KB for the form alone), and 230 KB keeps it just above.
 */
const routes: { path: string; as?: Role; scriptBudgetKb?: number; scriptGoalKb?: number }[] = [
  { path: '/', scriptBudgetKb: 90, scriptGoalKb: 90 },
  { path: '/ride', as: 'customer', scriptBudgetKb: 230 },
  { path: '/sign-in' },
  { path: '/onboarding' },
  { path: '/dashboard', as: 'customer' },
  { path: '/driver-dashboard', as: 'driver' },
  { path: '/licensee-dashboard', as: 'licensee' },
  { path: '/admin-dashboard', as: 'admin' },
  { path: '/business-logic-demo' },
  { path: '/global-showcase' },
];
/**
 * One Lighthouse run, tried up to three times: on this shared machine Chromium now and then records a
 * trace Lighthouse cannot read (NO_NAVSTART, NO_FCP), which says nothing about the page. A page that
 * fails three times in a row fails the bench.
 */
async function lighthouseWithRetries(base: string, page: string, token: string | undefined): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(base, page, token);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stdout.write(`  Lighthouse on ${page} failed (${error instanceof Error ? error.message : String(error)}): trying again\n`);
    }
  }
}

/** The issue's goals for Lighthouse mobile; printed against each page's figures. */
const lighthouseGoals = {
  '/': { score: 0.9, lcpMs: 2000, tbtMs: 150, cls: 0.05 },
  '/ride': { lcpMs: 2500 },
} as const;

if (!values.budget && !values['skip-build']) {
  process.stdout.write('building the web app and the server…\n');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
}
if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) throw new Error('No web build: run npm run build first');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${loadAverage()}\n`);

const server = await startBuiltServer();
let isOverBudget = false;
try {
  const account = (role: SignupRole) => sessionToken(server.base, registrationPayloads[role](`bench.${role}.${Date.now()}@example.com`), '/api/register');
  const tokens: Record<Role, string | undefined> = {
    customer: await account('customer'),
    driver: await account('driver').catch(() => undefined),
    licensee: await account('licensee').catch(() => undefined),
    admin: await sessionToken(server.base, { email: 'admin@bench.test', password: 'bench-admin-password' }, '/api/login').catch(() => undefined),
  };

  process.stdout.write('\nBytes received on a cold first visit (compressed bodies + headers; KB), mobile viewport, no throttling\n');
  process.stdout.write(
    `  ${'route'.padEnd(20)} ${['script', 'css', 'font', 'image', 'html', 'data', 'other', 'total'].map((h) => h.padStart(7)).join(' ')}  reqs  budget (script)\n`,
  );
  const transfers = new Map<string, Transfer>();
  for (const route of routes) {
    const token = route.as ? tokens[route.as] : undefined;
    if (route.as && !token) {
      process.stdout.write(`  ${route.path.padEnd(20)} (no ${route.as} account could be made: skipped)\n`);
      continue;
    }
    const transfer = await measureTransfer(server.base, route.path, token);
    transfers.set(route.path, transfer);
    const over = route.scriptBudgetKb !== undefined && transfer.script / 1024 > route.scriptBudgetKb;
    if (over) isOverBudget = true;
    const goal =
      route.scriptGoalKb === undefined
        ? ''
        : transfer.script / 1024 > route.scriptGoalKb
          ? ` (goal ${route.scriptGoalKb} KB: missed)`
          : ` (goal ${route.scriptGoalKb} KB: met)`;
    const verdict = route.scriptBudgetKb === undefined ? '' : `${over ? 'OVER' : 'within'} ${route.scriptBudgetKb} KB${goal}`;
    const cells = [transfer.script, transfer.css, transfer.font, transfer.image, transfer.document, transfer.data, transfer.other, transfer.total].map((b) =>
      kb(b).padStart(7),
    );
    process.stdout.write(`  ${route.path.padEnd(20)} ${cells.join(' ')} ${String(transfer.requests).padStart(5)}  ${verdict}\n`);
  }
  const landingWorker = transfers.get('/')?.serviceWorker ?? 0;
  process.stdout.write(`  service worker's own downloads during the landing visit: ${kb(landingWorker)} KB\n`);

  process.stdout.write(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated slow 4G, 4x CPU), ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page\n`,
  );
  process.stdout.write(
    `  ${'page'.padEnd(10)} ${'score'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'script'.padStart(9)} ${'total'.padStart(9)} reqs  goals\n`,
  );
  for (const [page, token] of [
    ['/', undefined],
    ['/ride', tokens.customer],
  ] as const) {
    const figures: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await lighthouseWithRetries(server.base, page, token));
    const median = medianFigures(figures);
    const goals: Partial<Record<'score' | 'lcpMs' | 'tbtMs' | 'cls', number>> = lighthouseGoals[page];
    const misses = [
      goals.score !== undefined && median.score < goals.score ? `score < ${goals.score}` : '',
      goals.lcpMs !== undefined && median.lcpMs > goals.lcpMs ? `LCP > ${goals.lcpMs} ms` : '',
      goals.tbtMs !== undefined && median.tbtMs > goals.tbtMs ? `TBT > ${goals.tbtMs} ms` : '',
      goals.cls !== undefined && median.cls > goals.cls ? `CLS > ${goals.cls}` : '',
    ].filter(Boolean);
    process.stdout.write(
      `  ${page.padEnd(10)} ${median.score.toFixed(2).padStart(5)} ${`${median.fcpMs.toFixed(0)}`.padStart(7)} ${`${median.lcpMs.toFixed(0)}`.padStart(7)} ${`${median.tbtMs.toFixed(0)}`.padStart(7)} ${median.cls.toFixed(3).padStart(6)} ${`${kb(median.scriptBytes)} KB`.padStart(9)} ${`${kb(median.totalBytes)} KB`.padStart(9)} ${String(median.requests).padStart(4)}  ${misses.length ? `missed: ${misses.join(', ')}` : 'met'}\n`,
    );
    if (runs > 1)
      process.stdout.write(
        `  ${''.padEnd(10)} runs: ${figures.map((f) => `${f.score.toFixed(2)}/${f.lcpMs.toFixed(0)}/${f.tbtMs.toFixed(0)}`).join('  ')} (score/LCP/TBT)\n`,
      );
  }
} finally {
  await server.stop();
}
process.stdout.write(`load average at end: ${loadAverage()}\n`);
process.exit(isOverBudget ? 1 : 0);
