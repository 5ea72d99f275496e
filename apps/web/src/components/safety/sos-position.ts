import type { LatLng } from '@coride/domain/geo';
import { getCurrentPosition } from '../../lib/geolocation';

/** How long the SOS waits for the device's position before sending the last known one (or none). */
export const SOS_POSITION_WAIT_MS = 5000;

/**
 * Where to say the person is: the device's position when the browser gives one within the wait,
 * else the last known position (the driver's on the map), else none: the server then uses the
 * driver's last position it holds. Never waits longer than `waitMs`: help matters more than a fix.
 */
export async function sosPosition(
  lastKnown: LatLng | null | undefined,
  locate: () => Promise<LatLng> = getCurrentPosition,
  waitMs = SOS_POSITION_WAIT_MS,
): Promise<LatLng | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    const found = await Promise.race([locate().catch(() => undefined), timeout]);
    if (found) return { lat: found.lat, lng: found.lng };
  } finally {
    clearTimeout(timer);
  }
  return lastKnown ? { lat: lastKnown.lat, lng: lastKnown.lng } : undefined;
}
