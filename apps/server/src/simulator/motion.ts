import { haversineMiles, type LatLng } from '@coride/domain';

/** The next point along the straight line from `from` to `to` after `miles`; `to` itself when closer. */
export function stepTowards(from: LatLng, to: LatLng, miles: number): { point: LatLng; hasArrived: boolean } {
  const remaining = haversineMiles(from, to);
  if (remaining <= miles || remaining === 0) return { point: { ...to }, hasArrived: true };
  const fraction = miles / remaining;
  return { point: { lat: from.lat + (to.lat - from.lat) * fraction, lng: from.lng + (to.lng - from.lng) * fraction }, hasArrived: false };
}

/** Compass heading in degrees from one point to another. */
export function headingBetween(from: LatLng, to: LatLng): number {
  const radians = Math.atan2(to.lng - from.lng, to.lat - from.lat);
  return (radians * 180) / Math.PI + (radians < 0 ? 360 : 0);
}
