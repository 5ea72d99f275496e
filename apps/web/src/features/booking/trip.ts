import type { LatLng, Location } from '@coride/domain';

/** One end of the trip as the rider is setting it: the typed text and, once found, the place. */
export type TripStop = { text: string; location: Location | null };
export type StopKind = 'pickup' | 'dropoff';
export type TripDraft = Record<StopKind, TripStop>;

export const emptyStop: TripStop = { text: '', location: null };

export function stopAt(location: Location | null): TripStop {
  return location ? { text: location.address, location } : emptyStop;
}

/** Favorites with these names (any case) feed the Home and Work buttons. */
export const HOME_NAME = 'Home';
export const WORK_NAME = 'Work';

export function isNamed(name: string, wanted: string): boolean {
  return name.trim().toLowerCase() === wanted.toLowerCase();
}

/** The spec's default map centre (New York), used until /api/config answers or if it cannot. */
export const DEFAULT_CENTER: LatLng = { lat: 40.758, lng: -73.9855 };
