import type { LatLng } from '@coride/domain';

/** What the browser says about the device: enough to tell an Android phone and an iPhone or iPad. */
export type DeviceHints = { userAgent: string; maxTouchPoints?: number };

export type NextStop = LatLng & { kind: 'pickup' | 'dropoff'; label: string };

/** The stop the driver heads for: the pickup until the rider is in the car, then the drop-off. */
export function nextStopKind(status: string): 'pickup' | 'dropoff' {
  return status === 'in_progress' ? 'dropoff' : 'pickup';
}

/** iPadOS presents itself as a Mac; a Mac with a touch screen is an iPad. */
function isAppleMobile({ userAgent, maxTouchPoints = 0 }: DeviceHints): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

/**
 * The link that opens the device's maps app with directions to `stop`: a `geo:` URI on Android (any
 * navigation app the driver chose answers it), Apple Maps on an iPhone or iPad, Google Maps on the web
 * everywhere else.
 */
export function navigationUrl(stop: NextStop, device: DeviceHints): string {
  const point = `${stop.lat},${stop.lng}`;
  // The label sits in parentheses: its own are escaped too, which encodeURIComponent leaves alone.
  const label = encodeURIComponent(stop.label).replace(/\(/g, '%28').replace(/\)/g, '%29');
  if (/Android/i.test(device.userAgent)) return `geo:${point}?q=${point}(${label})`;
  if (isAppleMobile(device)) return `https://maps.apple.com/?daddr=${point}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${point}`;
}
