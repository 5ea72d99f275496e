import { describe, expect, it } from 'vitest';
import { sosPosition } from './sos-position';

const lastKnown = { lat: 40.75, lng: -73.99 };

describe('the position an SOS sends', () => {
  it("is the device's when the browser gives it within the wait", async () => {
    expect(await sosPosition(lastKnown, () => Promise.resolve({ lat: 40.7, lng: -74 }), 1000)).toEqual({ lat: 40.7, lng: -74 });
  });

  it('is the last known one when the browser refuses (no permission, no fix)', async () => {
    expect(await sosPosition(lastKnown, () => Promise.reject(new Error('denied')), 1000)).toEqual(lastKnown);
  });

  it('does not wait for a slow fix: after the wait it sends the last known one', async () => {
    const never = () => new Promise<{ lat: number; lng: number }>(() => undefined);
    const started = Date.now();
    expect(await sosPosition(lastKnown, never, 50)).toEqual(lastKnown);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("is none when nothing is known: the server then uses the driver's last position", async () => {
    expect(await sosPosition(null, () => Promise.reject(new Error('denied')), 50)).toBeUndefined();
  });
});
