import type { RideStatus } from '@coride/domain/ride-state';
import { describe, expect, it } from 'vitest';
import { activeRidesOf, elapsedSince, lastChangedAt } from './active-rides';

type TestRide = { id: string; status: RideStatus; requestedAt: string; acceptedAt: string | null; startedAt: string | null };

const ride = (id: string, status: RideStatus, requestedAt: string, acceptedAt: string | null = null, startedAt: string | null = null): TestRide => ({
  id,
  status,
  requestedAt,
  acceptedAt,
  startedAt,
});

describe('lastChangedAt', () => {
  it('is the start of a ride in progress, the acceptance of an accepted one and the request of a waiting one', () => {
    expect(lastChangedAt(ride('a', 'in_progress', '2026-05-01T10:00:00Z', '2026-05-01T10:02:00Z', '2026-05-01T10:09:00Z'))).toBe('2026-05-01T10:09:00Z');
    expect(lastChangedAt(ride('b', 'accepted', '2026-05-01T10:00:00Z', '2026-05-01T10:02:00Z'))).toBe('2026-05-01T10:02:00Z');
    expect(lastChangedAt(ride('c', 'requested', '2026-05-01T10:00:00Z'))).toBe('2026-05-01T10:00:00Z');
  });
});

describe('activeRidesOf', () => {
  it('keeps only the rides staff may cancel: requested, accepted and in progress', () => {
    const rides = [
      ride('done', 'completed', '2026-05-01T08:00:00Z', '2026-05-01T08:01:00Z', '2026-05-01T08:05:00Z'),
      ride('gone', 'cancelled', '2026-05-01T08:30:00Z'),
      ride('waiting', 'requested', '2026-05-01T09:00:00Z'),
      ride('coming', 'accepted', '2026-05-01T09:10:00Z', '2026-05-01T09:11:00Z'),
      ride('riding', 'in_progress', '2026-05-01T09:20:00Z', '2026-05-01T09:21:00Z', '2026-05-01T09:25:00Z'),
    ];
    expect(activeRidesOf(rides).map((r) => r.id)).toEqual(['waiting', 'coming', 'riding']);
  });

  it('puts the ride that has gone longest without a change first, however recently it was booked', () => {
    // Newest first, as GET /api/rides answers: the stuck trip was booked last but started long ago.
    const rides = [
      ride('stuck-trip', 'in_progress', '2026-05-01T09:00:00Z', '2026-05-01T09:01:00Z', '2026-05-01T09:05:00Z'),
      ride('fresh-request', 'requested', '2026-05-01T11:58:00Z'),
      ride('old-booking-just-accepted', 'accepted', '2026-05-01T08:00:00Z', '2026-05-01T11:50:00Z'),
    ];
    expect(activeRidesOf(rides).map((r) => r.id)).toEqual(['stuck-trip', 'old-booking-just-accepted', 'fresh-request']);
  });

  it('leaves the list it was given in its order', () => {
    const rides = [ride('b', 'requested', '2026-05-01T10:00:00Z'), ride('a', 'requested', '2026-05-01T09:00:00Z')];
    activeRidesOf(rides);
    expect(rides.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('elapsedSince', () => {
  const now = Date.parse('2026-05-03T12:00:00Z');

  it('counts in the largest whole unit, as a time in the past', () => {
    expect(elapsedSince('2026-05-01T11:00:00Z', now)).toEqual({ value: -2, unit: 'day' });
    expect(elapsedSince('2026-05-03T08:59:00Z', now)).toEqual({ value: -3, unit: 'hour' });
    expect(elapsedSince('2026-05-03T11:15:30Z', now)).toEqual({ value: -44, unit: 'minute' });
  });

  it('reads under a minute, or a clock slightly ahead of this one, as this minute', () => {
    expect(elapsedSince('2026-05-03T11:59:30Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(elapsedSince('2026-05-03T12:00:20Z', now)).toEqual({ value: 0, unit: 'minute' });
  });
});
