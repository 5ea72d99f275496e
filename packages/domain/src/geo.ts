import { z } from 'zod';
import { text } from './text';

export const latLngSchema = z.object({
  lat: z.number({ error: 'Latitude is required' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  lng: z.number({ error: 'Longitude is required' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
});
export type LatLng = z.infer<typeof latLngSchema>;

export const locationSchema = latLngSchema.extend({
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300, 'Address is too long'),
});
export type Location = z.infer<typeof locationSchema>;

/** A place a request sends: the address is free text, so it refuses control characters (responses use locationSchema). */
export const locationRequestSchema = latLngSchema.extend({
  address: text({ error: 'Address is required' }).min(1, 'Address is required').max(300, 'Address is too long'),
});

const EARTH_RADIUS_MILES = 3958.7613;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Streets are not straight: without a router, road distance is the great-circle distance times this. */
export const ROAD_FACTOR = 1.3;
/** The spec's estimate: 2.5 minutes per mile (24 mph average in town). */
export const MINUTES_PER_MILE = 2.5;

/** Offline route estimate: road miles and minutes, rounded to 0.1 mile and 1 minute. */
export function estimateRoute(from: LatLng, to: LatLng): { distanceMiles: number; durationMinutes: number } {
  const distanceMiles = Math.round(haversineMiles(from, to) * ROAD_FACTOR * 10) / 10;
  return { distanceMiles, durationMinutes: Math.max(1, Math.round(distanceMiles * MINUTES_PER_MILE)) };
}
