import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

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
