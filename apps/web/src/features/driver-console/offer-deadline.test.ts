import { describe, expect, it } from 'vitest';
import { FALLBACK_OFFER_MS, offerDeadline, secondsLeft } from './offer-deadline';

const receivedAt = Date.parse('2026-03-04T15:00:00.000Z');

describe('offerDeadline', () => {
  it('uses the server deadline when the clocks agree', () => {
    expect(offerDeadline('2026-03-04T15:00:12.000Z', receivedAt)).toBe(receivedAt + 12_000);
  });

  it('counts the default window from receipt when the device clock is ahead of the server', () => {
    expect(offerDeadline('2026-03-04T14:59:50.000Z', receivedAt)).toBe(receivedAt + FALLBACK_OFFER_MS);
  });

  it('counts the default window from receipt when the device clock is far behind the server', () => {
    expect(offerDeadline('2026-03-04T15:10:00.000Z', receivedAt)).toBe(receivedAt + FALLBACK_OFFER_MS);
  });

  it('survives an unreadable deadline', () => {
    expect(offerDeadline('not a date', receivedAt)).toBe(receivedAt + FALLBACK_OFFER_MS);
  });
});

describe('secondsLeft', () => {
  it('rounds up partial seconds and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 200)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
