import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/modules/accounts/login-throttle';

const second = 1000;
const minute = 60 * second;

/** A throttle of `max` failures per `windowMs` on a clock the test moves by hand. */
function throttleWithClock(max = 3, windowMs = minute) {
  let now = 1_700_000_000_000;
  const throttle = new LoginThrottle(max, windowMs, () => now);
  return {
    throttle,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('LoginThrottle', () => {
  it('allows attempts while the failures stay below the limit', () => {
    const { throttle, advance } = throttleWithClock(3);
    expect(throttle.retryAfterSeconds(['ada@example.com'])).toBe(0);
    throttle.recordFailure(['ada@example.com']);
    advance(second);
    throttle.recordFailure(['ada@example.com']);
    expect(throttle.retryAfterSeconds(['ada@example.com'])).toBe(0);
  });

  it('blocks once the limit is reached, until the oldest failure leaves the window', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']); // t = 0
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 10 s
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 20 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(40);
    advance(30 * second); // t = 50 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(10);
  });

  it('allows again exactly when the window has passed since the oldest counted failure', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    advance(minute - 1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(1);
    advance(1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
  });

  it('slides the window: a new failure after one expired blocks until the next oldest expires', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']); // t = 0
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 10 s
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 20 s
    advance(40 * second); // t = 60 s: the first has expired
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
    throttle.recordFailure(['k']); // failures at 10, 20, 60 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(10);
  });

  it('waits for enough failures to expire when there are more than the limit', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    for (let i = 0; i < 5; i += 1) {
      throttle.recordFailure(['k']); // t = 0, 1, 2, 3, 4 s
      advance(second);
    }
    // t = 5 s; the count drops below 3 only when the failure at 2 s expires, at 62 s.
    expect(throttle.retryAfterSeconds(['k'])).toBe(57);
  });

  it('rounds a partial second up so a client never retries too early', () => {
    const { throttle, advance } = throttleWithClock(1, minute);
    throttle.recordFailure(['k']);
    advance(500);
    expect(throttle.retryAfterSeconds(['k'])).toBe(60);
    advance(59 * second + 1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(1);
  });

  it('forgets every failure of a key on reset', () => {
    const { throttle } = throttleWithClock(3);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBeGreaterThan(0);
    throttle.reset(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
    // The count starts again from zero.
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
  });

  it('counts each key on its own, and reset touches only the keys given', () => {
    const { throttle } = throttleWithClock(2);
    throttle.recordFailure(['a', 'b']);
    throttle.recordFailure(['a', 'b']);
    expect(throttle.retryAfterSeconds(['a'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['b'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['c'])).toBe(0);
    throttle.reset(['a']);
    expect(throttle.retryAfterSeconds(['a'])).toBe(0);
    expect(throttle.retryAfterSeconds(['b'])).toBeGreaterThan(0);
  });

  it('answers the longest wait of several keys', () => {
    const { throttle, advance } = throttleWithClock(1, minute);
    throttle.recordFailure(['early']);
    advance(20 * second);
    throttle.recordFailure(['late']);
    expect(throttle.retryAfterSeconds(['early'])).toBe(40);
    expect(throttle.retryAfterSeconds(['late'])).toBe(60);
    expect(throttle.retryAfterSeconds(['early', 'late'])).toBe(60);
    expect(throttle.retryAfterSeconds(['early', 'unknown'])).toBe(40);
  });
});

describe('LoginThrottle memory', () => {
  it('forgets keys whose failures have left the window, so many distinct emails cannot grow it without bound', () => {
    let now = 0;
    const throttle = new LoginThrottle(5, 1000, () => now);
    for (let i = 0; i < 999; i += 1) throttle.recordFailure([`old-${i}`]);
    expect(throttle.size).toBe(999);
    now = 5000;
    throttle.recordFailure(['fresh']);
    expect(throttle.size).toBe(1);
  });
});
