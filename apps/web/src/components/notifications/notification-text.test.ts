import type { Notification } from '@coride/domain/notifications';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/notifications.json';
import { notificationHref, notificationText, relativeTime, unreadBadge } from './notification-text';

const base = { id: 'n1', readAt: null, createdAt: '2026-11-20T12:00:00.000Z' };
const keyExists = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) !== undefined;

describe('a notification’s text', () => {
  it('names a title and body English has for every kind and variant', () => {
    const samples: Notification[] = [
      { ...base, kind: 'driver_application_approved', data: { applicationId: 'a' } },
      { ...base, kind: 'driver_application_rejected', data: { applicationId: 'a', notes: null } },
      { ...base, kind: 'licensee_application_approved', data: { applicationId: 'a', territoryName: 'Midtown' } },
      { ...base, kind: 'licensee_application_rejected', data: { applicationId: 'a', territoryName: 'Midtown', notes: 'Taken' } },
      { ...base, kind: 'ride_receipt', data: { rideId: 'r', paid: 1234, totalFare: 1500, dropoffAddress: 'Penn Station' } },
      { ...base, kind: 'dispute_opened', data: { disputeId: 'd', rideId: 'r' } },
      { ...base, kind: 'dispute_resolved', data: { disputeId: 'd', rideId: 'r', resolution: 'refund_partial', refundAmount: 300 } },
      { ...base, kind: 'dispute_resolved', data: { disputeId: 'd', rideId: 'r', resolution: 'release', refundAmount: 0 } },
      { ...base, kind: 'ride_driver_assigned', data: { rideId: 'r', pickupAddress: 'Times Square' } },
      { ...base, kind: 'ride_started', data: { rideId: 'r', dropoffAddress: 'Penn Station' } },
      { ...base, kind: 'ride_completed', data: { rideId: 'r', dropoffAddress: 'Penn Station' } },
      ...(['rider', 'driver', 'staff', 'system'] as const).map((by): Notification => ({
        ...base,
        kind: 'ride_cancelled',
        data: { rideId: 'r', pickupAddress: 'Times Square', by },
      })),
      { ...base, kind: 'ride_no_driver', data: { rideId: 'r', pickupAddress: 'Times Square' } },
      ...(['rider', 'driver'] as const).map((role): Notification => ({ ...base, kind: 'safety_alert', data: { alertId: 's', rideId: 'r', role } })),
      { ...base, kind: 'support_answered', data: { ticketId: 't', conversationId: 'c', excerpt: 'Hola Riley' } },
      ...(['driver_document_expiring', 'driver_document_expired'] as const).flatMap((kind) =>
        (['licence', 'insurance'] as const).map((documentKind): Notification => ({
          ...base,
          kind,
          data: { documentId: 'd', kind: documentKind, expiresOn: '2026-12-01' },
        })),
      ),
    ];
    for (const sample of samples) {
      const text = notificationText(sample);
      expect(keyExists(text.titleKey), text.titleKey).toBe(true);
      expect(keyExists(text.bodyKey), text.bodyKey).toBe(true);
    }
  });

  it('carries the values its text needs: the money in cents, the address, the cancelling party, the notes', () => {
    expect(notificationText({ ...base, kind: 'ride_receipt', data: { rideId: 'r', paid: 1234, totalFare: 1500, dropoffAddress: 'Penn Station' } })).toEqual({
      titleKey: 'kinds.ride_receipt.title',
      bodyKey: 'kinds.ride_receipt.body',
      values: { address: 'Penn Station' },
      amountCents: 1234,
    });
    expect(notificationText({ ...base, kind: 'ride_cancelled', data: { rideId: 'r', pickupAddress: 'Times Square', by: 'driver' } })).toMatchObject({
      bodyKey: 'kinds.ride_cancelled.driver',
      values: { address: 'Times Square' },
    });
    expect(
      notificationText({ ...base, kind: 'dispute_resolved', data: { disputeId: 'd', rideId: 'r', resolution: 'refund_full', refundAmount: 900 } }),
    ).toMatchObject({
      bodyKey: 'kinds.dispute_resolved.refund',
      amountCents: 900,
    });
    // A refund of nothing reads as no refund, whatever the resolution's name.
    expect(
      notificationText({ ...base, kind: 'dispute_resolved', data: { disputeId: 'd', rideId: 'r', resolution: 'refund_partial', refundAmount: 0 } }).bodyKey,
    ).toBe('kinds.dispute_resolved.release');
    // A person's answer is read in the bell as they wrote it.
    expect(notificationText({ ...base, kind: 'support_answered', data: { ticketId: 't', conversationId: 'c', excerpt: 'Hola Riley, ¿en qué…' } }).notes).toBe(
      'Hola Riley, ¿en qué…',
    );
    expect(notificationText({ ...base, kind: 'driver_application_rejected', data: { applicationId: 'a', notes: 'Licence expired' } }).notes).toBe(
      'Licence expired',
    );
    expect(notificationText({ ...base, kind: 'driver_application_rejected', data: { applicationId: 'a', notes: '' } }).notes).toBeUndefined();
  });

  it('takes a rider’s ride under way to the ride page and anything else to the reader’s console', () => {
    const assigned: Notification = { ...base, kind: 'ride_driver_assigned', data: { rideId: 'r', pickupAddress: 'x' } };
    expect(notificationHref(assigned, 'customer')).toBe('/ride');
    expect(notificationHref({ ...base, kind: 'ride_completed', data: { rideId: 'r', dropoffAddress: 'x' } }, 'customer')).toBe('/dashboard');
    expect(notificationHref({ ...base, kind: 'ride_cancelled', data: { rideId: 'r', pickupAddress: 'x', by: 'rider' } }, 'driver')).toBe('/driver-dashboard');
    expect(notificationHref({ ...base, kind: 'driver_application_approved', data: { applicationId: 'a' } }, 'driver')).toBe('/driver-dashboard');
  });

  it('shows 99+ past 99 unread, and how long ago in the largest whole unit', () => {
    expect([0, 7, 99, 100].map(unreadBadge)).toEqual(['0', '7', '99', '99+']);
    const now = new Date('2026-11-20T12:00:00Z');
    expect(relativeTime('2026-11-20T11:59:30Z', now)).toEqual({ value: -30, unit: 'second' });
    expect(relativeTime('2026-11-20T11:15:00Z', now)).toEqual({ value: -45, unit: 'minute' });
    expect(relativeTime('2026-11-20T07:00:00Z', now)).toEqual({ value: -5, unit: 'hour' });
    expect(relativeTime('2026-11-18T12:00:00Z', now)).toEqual({ value: -2, unit: 'day' });
    expect(relativeTime('2026-10-30T12:00:00Z', now)).toEqual({ value: -3, unit: 'week' });
  });
});
