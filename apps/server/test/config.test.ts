import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration defaults that the contract fixes', () => {
  it('releases escrow at least every 10 seconds unless told otherwise (contract §1)', () => {
    expect(loadConfig({}).settlementSweepMs).toBeLessThanOrEqual(10_000);
    expect(loadConfig({}).settlementSweepMs).toBeGreaterThan(0);
    expect(loadConfig({ SETTLEMENT_SWEEP_MS: '2500' }).settlementSweepMs).toBe(2500);
  });

  it('holds fares without delay by default; a delay is only a rehearsal setting', () => {
    expect(loadConfig({}).embeddedAuthDelayMs).toBe(0);
    expect(loadConfig({ EMBEDDED_AUTH_DELAY_MS: '3000' }).embeddedAuthDelayMs).toBe(3000);
    expect(() => loadConfig({ EMBEDDED_AUTH_DELAY_MS: '-1' })).toThrow(/EMBEDDED_AUTH_DELAY_MS/);
  });
});

describe('configuration that keeps test-only and unbounded settings out of production', () => {
  it('refuses the test clock in production, with a message that names both settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK.*NODE_ENV=production/);
  });

  it('refuses the test clock when NODE_ENV is unset, since production is the default', () => {
    expect(() => loadConfig({ TEST_CLOCK: '1' })).toThrow(ConfigError);
  });

  it.each(['test', 'development'])('accepts the test clock when NODE_ENV=%s', (env) => {
    expect(loadConfig({ NODE_ENV: env, TEST_CLOCK: 'true' }).testClock).toBe(true);
  });

  it('starts in production without the test clock', () => {
    expect(loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'false' }).testClock).toBe(false);
  });

  it('bounds PostgreSQL statements at 15 s and connecting at 5 s unless told otherwise', () => {
    expect(loadConfig({}).postgresTimeouts).toEqual({ statementMs: 15_000, connectMs: 5000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '1500' }).postgresTimeouts).toEqual({ statementMs: 2000, connectMs: 1500 });
  });

  it('refuses a timeout that is not a positive number of milliseconds', () => {
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });
});
