import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5180);
/** Mails go to the run's loopback SMTP server (e2e/global-setup.ts) on this port. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
/** One data directory per port: runs on different ports do not share a database. */
const dataDir = `.tmp/e2e-data-${port}`;
/** Specs that move the server's clock (POST /api/dev/clock). */
const CLOCK_MOVERS = /(escrow-release|payouts|document-expiry)\.spec\.ts/;
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * Browser tests run the built product (npm test builds first) on a fresh embedded database, in
 * Debian's Chromium: Playwright's own browser download is not available here.
 */
export default defineConfig({
  testDir: 'e2e',
  // The run's SMTP server: the e2e server mails to it, and specs read what it filed (e2e/mail-sink.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A loaded 2-core machine has taken 13 s to load a lazy tab's code and data: 10 s was too tight.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: desktopChrome, testIgnore: CLOCK_MOVERS },
    // Moving the server's clock expires every open offer: those tests run last, on their own.
    // One at a time: each reads the server's day, then moves it, and must not see another move in between.
    { name: 'clock', use: desktopChrome, testMatch: CLOCK_MOVERS, dependencies: ['desktop'], workers: 1 },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/dist/server.js`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'admin-e2e-password',
      PASSWORD_COST: '12',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // escrow-release.spec.ts moves the server clock 3 days forward to see escrow released. The
      // server refuses TEST_CLOCK in production (NODE_ENV's default); development behaves the same otherwise.
      NODE_ENV: 'development',
      TEST_CLOCK: 'true',
      // A loaded 2-core machine can take longer than the real 15 s to render an offer and click it;
      // expiry and re-offering are tested at the API level (apps/server/test), not here.
      OFFER_TIMEOUT_SECONDS: '60',
      // With REDIS_URL (.ci/run sets it) the realtime messages and the limits go through Redis, as
      // they do with several instances; under a prefix of this run's own.
      REDIS_URL: process.env.REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `coride-e2e-${process.pid}:`,
      // Every test signs up its own users and books from 127.0.0.1: the contract's per-address and
      // per-user limits (apps/server/test/rate-limits.test.ts) would refuse the run part way.
      SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
      CARD_RATE_LIMIT_PER_HOUR: '10000',
      BOOKING_RATE_LIMIT_PER_HOUR: '10000',
      // A real SMTP conversation, as production has, with the run's loopback server (e2e/global-setup.ts):
      // password-reset.spec.ts reads the reset link from the mail.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_DELIVERY_MS: '500',
      // document-expiry.spec.ts moves the clock past a licence's expiry and waits for the sweep.
      DOCUMENT_EXPIRY_SWEEP_MS: '2000',
      E2E_SMTP_PORT: String(smtpPort),
    },
  },
});
