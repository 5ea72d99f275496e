import { describe, expect, it } from 'vitest';
import { bookingHref, hasBookingPrefill, parseBookingSearch } from './booking-href';

const penn = { address: 'Penn Station, New York, NY 10001', lat: 40.7506, lng: -73.9935 };
const times = { address: 'Times Square, New York, NY 10036', lat: 40.758, lng: -73.9855 };

describe('bookingHref', () => {
  it('is the plain booking page when no place is given', () => {
    expect(bookingHref({})).toBe('/ride');
  });

  it('round-trips both places through the query string', () => {
    const href = bookingHref({ pickup: penn, dropoff: times });
    expect(href.startsWith('/ride?')).toBe(true);
    expect(parseBookingSearch(href.slice('/ride?'.length))).toEqual({ pickup: penn, dropoff: times });
  });

  it('can carry only a destination (a favorite place)', () => {
    const search = bookingHref({ dropoff: times }).split('?')[1]!;
    expect(parseBookingSearch(search)).toEqual({ pickup: null, dropoff: times });
    expect(hasBookingPrefill(search)).toBe(true);
  });
});

describe('parseBookingSearch', () => {
  it('ignores malformed or out-of-range coordinates and empty addresses', () => {
    expect(parseBookingSearch('from=Somewhere&fromLat=abc&fromLng=1')).toEqual({ pickup: null, dropoff: null });
    expect(parseBookingSearch('to=Far&toLat=95&toLng=1').dropoff).toBeNull();
    expect(parseBookingSearch('to=&toLat=40&toLng=-73').dropoff).toBeNull();
    expect(parseBookingSearch('toLat=&toLng=').dropoff).toBeNull();
    expect(hasBookingPrefill('')).toBe(false);
  });
});
