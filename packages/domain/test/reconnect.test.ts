import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_CAP_MS, reconnectDelayMs, RESTART_RECONNECT_SPREAD_MS, restartReconnectDelayMs } from '../src/reconnect';

const almostOne = 1 - Number.EPSILON;

describe('reconnectDelayMs', () => {
  it('doubles the bound with each attempt, from the base up to the cap', () => {
    const bounds = [1, 2, 3, 4, 5, 6, 7].map((attempt) => reconnectDelayMs(attempt, () => almostOne) + 1);
    expect(bounds).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('waits a uniform random share of the bound (full jitter), down to no wait at all', () => {
    expect(reconnectDelayMs(3, () => 0)).toBe(0);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(2000);
    expect(reconnectDelayMs(3, () => 0.25)).toBe(1000);
  });

  it('stays within [0, min(cap, base * 2^(attempt-1))) for any attempt and random draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: almostOne, noNaN: true }), (attempt, draw) => {
        const delay = reconnectDelayMs(attempt, () => draw);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** (attempt - 1)));
      }),
    );
  });

  it('spreads many clients over the window instead of bringing them back together', () => {
    let seed = 42;
    // A small deterministic generator (LCG), so the figure does not change between runs.
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const delays = Array.from({ length: 10_000 }, () => reconnectDelayMs(4, random));
    const perSecond = new Array<number>(8).fill(0);
    for (const delay of delays) perSecond[Math.floor(delay / 1000)]! += 1;
    // 8 s window: no second takes much more than its eighth (1250) of the clients.
    for (const count of perSecond) expect(count).toBeLessThan(1500);
  });
});

describe('restartReconnectDelayMs', () => {
  it('reconnects within the restart window, at a random point in it', () => {
    expect(restartReconnectDelayMs(() => 0)).toBe(0);
    expect(restartReconnectDelayMs(() => almostOne)).toBe(RESTART_RECONNECT_SPREAD_MS - 1);
    expect(restartReconnectDelayMs(() => 0.5)).toBe(RESTART_RECONNECT_SPREAD_MS / 2);
  });
});
