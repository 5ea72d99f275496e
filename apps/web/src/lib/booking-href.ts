import { locationSchema, type Location } from '@coride/domain/geo';

/**
 * The link into /ride with places filled in (Rebook, a favorite's Book Ride). The dashboard writes
 * it and the booking page reads it, so the format lives here, shared by both.
 */
export type BookingPrefill = { pickup: Location | null; dropoff: Location | null };

const fields = { pickup: 'from', dropoff: 'to' } as const;

export function bookingHref({ pickup, dropoff }: Partial<BookingPrefill>): string {
  const params = new URLSearchParams();
  for (const [key, location] of [
    [fields.pickup, pickup],
    [fields.dropoff, dropoff],
  ] as const) {
    if (!location) continue;
    params.set(key, location.address);
    params.set(`${key}Lat`, String(location.lat));
    params.set(`${key}Lng`, String(location.lng));
  }
  const query = params.toString();
  return query ? `/ride?${query}` : '/ride';
}

/** Reads the places back from a query string; anything missing or malformed is simply not prefilled. */
export function parseBookingSearch(search: string): BookingPrefill {
  const params = new URLSearchParams(search);
  const read = (key: string): Location | null => {
    const lat = params.get(`${key}Lat`);
    const lng = params.get(`${key}Lng`);
    if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null;
    const parsed = locationSchema.safeParse({ address: params.get(key) ?? '', lat: Number(lat), lng: Number(lng) });
    return parsed.success ? parsed.data : null;
  };
  return { pickup: read(fields.pickup), dropoff: read(fields.dropoff) };
}

export function hasBookingPrefill(search: string): boolean {
  const { pickup, dropoff } = parseBookingSearch(search);
  return pickup !== null || dropoff !== null;
}
