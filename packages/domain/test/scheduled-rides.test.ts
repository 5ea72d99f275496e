import { describe, expect, it } from 'vitest';
import { activeRideStatuses, checkScheduledAt, dispatchStartOf, isActiveRideStatus, isDispatchDue, isScheduledRideStatus, nextRideStatus } from '../src';

const now = new Date('2026-12-01T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('the scheduled state of a ride', () => {
  it('is moved to requested only by the system (its dispatch starting)', () => {
    expect(nextRideStatus('scheduled', 'dispatch', 'system')).toEqual({ ok: true, status: 'requested' });
    expect(nextRideStatus('scheduled', 'dispatch', 'rider').ok).toBe(false);
    expect(nextRideStatus('scheduled', 'dispatch', 'staff').ok).toBe(false);
    expect(nextRideStatus('requested', 'dispatch', 'system').ok).toBe(false);
  });

  it('may be cancelled by the rider, the system and staff, never by a driver', () => {
    expect(nextRideStatus('scheduled', 'cancel', 'rider')).toEqual({ ok: true, status: 'cancelled' });
    expect(nextRideStatus('scheduled', 'cancel', 'system')).toEqual({ ok: true, status: 'cancelled' });
    expect(nextRideStatus('scheduled', 'cancel', 'staff')).toEqual({ ok: true, status: 'cancelled' });
    expect(nextRideStatus('scheduled', 'cancel', 'driver')).toEqual({ ok: false, reason: 'A scheduled ride cannot be cancelled by the driver' });
  });

  it('cannot be accepted, started or completed before its dispatch', () => {
    for (const command of ['accept', 'start', 'complete'] as const) expect(nextRideStatus('scheduled', command, 'driver').ok).toBe(false);
  });

  it('is not active: no driver, no hold, the rider may ride now', () => {
    expect(isActiveRideStatus('scheduled')).toBe(false);
    expect(activeRideStatuses).not.toContain('scheduled');
    expect(isScheduledRideStatus('scheduled')).toBe(true);
    expect(isScheduledRideStatus('requested')).toBe(false);
  });

  it('leaves the other transitions as they were', () => {
    expect(nextRideStatus('requested', 'accept', 'driver')).toEqual({ ok: true, status: 'accepted' });
    expect(nextRideStatus('requested', 'cancel', 'rider')).toEqual({ ok: true, status: 'cancelled' });
    expect(nextRideStatus('in_progress', 'cancel', 'rider').ok).toBe(false);
  });
});

describe('checkScheduledAt', () => {
  it('takes 15 minutes to 30 days ahead, both included', () => {
    expect(checkScheduledAt(later(15), now)).toEqual({ ok: true });
    expect(checkScheduledAt(later(20), now)).toEqual({ ok: true });
    expect(checkScheduledAt(later(30 * 24 * 60), now)).toEqual({ ok: true });
  });

  it('refuses nearer than 15 minutes (or the past) as SCHEDULE_TOO_SOON and beyond 30 days as SCHEDULE_TOO_FAR', () => {
    expect(checkScheduledAt(later(14), now)).toMatchObject({ ok: false, code: 'SCHEDULE_TOO_SOON' });
    expect(checkScheduledAt(later(-60), now)).toMatchObject({ ok: false, code: 'SCHEDULE_TOO_SOON' });
    expect(checkScheduledAt(new Date(Number.NaN), now)).toMatchObject({ ok: false, code: 'SCHEDULE_TOO_SOON' });
    expect(checkScheduledAt(later(30 * 24 * 60 + 1), now)).toMatchObject({ ok: false, code: 'SCHEDULE_TOO_FAR' });
    expect(checkScheduledAt(later(31 * 24 * 60), now)).toMatchObject({ ok: false, code: 'SCHEDULE_TOO_FAR' });
  });
});

describe('dispatch of a scheduled ride', () => {
  it('starts the lead time before the ride, not a moment earlier', () => {
    const at = later(60);
    expect(dispatchStartOf(at, 10)).toEqual(later(50));
    expect(isDispatchDue(at, later(49), 10)).toBe(false);
    expect(isDispatchDue(at, later(50), 10)).toBe(true);
    expect(isDispatchDue(at, later(70), 10)).toBe(true);
  });
});
