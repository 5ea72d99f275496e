import { describe, expect, it } from 'vitest';
import { onlineHoursNow } from './online-time';

describe('onlineHoursNow', () => {
  it("is the server's count of stored session time while offline", () => {
    expect(onlineHoursNow(5400, false, 1_000, 3_600_000)).toBe(1.5);
  });

  it('keeps counting from the moment the profile was read while online', () => {
    expect(onlineHoursNow(1800, true, 60_000, 60_000 + 1_800_000)).toBe(1);
  });

  it('never goes back when the clock is behind the read', () => {
    expect(onlineHoursNow(3600, true, 10_000, 5_000)).toBe(1);
  });

  it('is zero for a driver never online today, whatever rides say', () => {
    expect(onlineHoursNow(0, false, 0, 0)).toBe(0);
  });
});
