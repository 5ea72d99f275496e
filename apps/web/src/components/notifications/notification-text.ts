import type { Notification } from '@coride/domain/notifications';
import type { Role } from '@coride/domain/roles';

/*
 * What a notification says, from its kind and the values fixed at the event: the keys of the
 * `notifications` namespace and their values (money still in cents: the caller formats it in the
 * reader's language). Apart from React so it is tested on its own.
 */

export type NotificationText = {
  /** `notifications:` keys of the title and the body. */
  titleKey: string;
  bodyKey: string;
  values: Record<string, string | number>;
  /** A money value of `values` (in cents) the caller formats as currency. */
  amountCents?: number;
  /** The reviewer's notes, shown under the body as they were written. */
  notes?: string;
};

export function notificationText(notification: Notification): NotificationText {
  const base = `kinds.${notification.kind}`;
  const text = (body: string, values: Record<string, string | number> = {}) => ({ titleKey: `${base}.title`, bodyKey: `${base}.${body}`, values });
  switch (notification.kind) {
    case 'driver_application_approved':
      return text('body');
    case 'driver_application_received':
      return text('body', { territory: notification.data.territoryName });
    case 'driver_application_rejected':
      return { ...text('body'), ...(notification.data.notes ? { notes: notification.data.notes } : {}) };
    case 'licensee_application_approved':
      return text('body', { territory: notification.data.territoryName });
    case 'licensee_application_rejected':
      return {
        ...text('body', { territory: notification.data.territoryName }),
        ...(notification.data.notes ? { notes: notification.data.notes } : {}),
      };
    case 'ride_receipt':
      return { ...text('body', { address: notification.data.dropoffAddress }), amountCents: notification.data.paid };
    case 'dispute_opened':
      return text('body');
    case 'dispute_resolved':
      return notification.data.resolution === 'release' || notification.data.refundAmount === 0
        ? text('release')
        : { ...text('refund'), amountCents: notification.data.refundAmount };
    case 'ride_driver_assigned':
      return text('body', { address: notification.data.pickupAddress });
    case 'ride_started':
    case 'ride_completed':
      return text('body', { address: notification.data.dropoffAddress });
    case 'ride_cancelled':
      return text(notification.data.by, { address: notification.data.pickupAddress });
    case 'ride_no_driver':
      return text('body', { address: notification.data.pickupAddress });
    case 'ride_scheduled_dispatch':
      return text(notification.data.outcome, { address: notification.data.pickupAddress });
    case 'payout_sent':
      return { ...text('body', { lastFour: notification.data.lastFour }), amountCents: notification.data.amount };
    case 'payout_failed':
      return { ...text('body', { lastFour: notification.data.lastFour, reason: notification.data.reason }), amountCents: notification.data.amount };
    case 'driver_suspended':
      // The reason as staff wrote it, shown under the body like a reviewer's notes (ADR 031).
      return { ...text('body'), notes: notification.data.reason };
    case 'driver_reinstated':
      return text('body');
    case 'safety_alert':
      return text(notification.data.role);
    case 'driver_document_expiring':
    case 'driver_document_expired':
      // One text per document kind (licence, insurance), with its expiry day (ISO, the same in every language).
      return text(notification.data.kind, { date: notification.data.expiresOn });
    case 'support_answered':
      // The answer's opening as the person from local support wrote it; the whole answer is in the chat.
      return { ...text('body'), notes: notification.data.excerpt };
  }
}

/**
 * Where reading a notification takes its reader: a rider's ride under way to the ride page, anything
 * else to the reader's console (where the application, receipt, dispute or ride is).
 */
export function notificationHref(notification: Notification, role: Role): string {
  if (role === 'customer' && (notification.kind === 'ride_driver_assigned' || notification.kind === 'ride_started')) return '/ride';
  if (role === 'customer' && notification.kind === 'ride_scheduled_dispatch' && notification.data.outcome === 'dispatching') return '/ride';
  const consoles: Record<Role, string> = { customer: '/dashboard', driver: '/driver-dashboard', licensee: '/licensee-dashboard', admin: '/admin-dashboard' };
  return consoles[role];
}

/** The badge's text: the count, or "99+" past 99. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** How long ago, in the largest whole unit: for Intl.RelativeTimeFormat (a negative value is the past). */
export function relativeTime(iso: string, now: Date): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return { value: seconds, unit: 'second' };
  if (abs < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (abs < 86_400) return { value: Math.round(seconds / 3600), unit: 'hour' };
  if (abs < 7 * 86_400) return { value: Math.round(seconds / 86_400), unit: 'day' };
  return { value: Math.round(seconds / (7 * 86_400)), unit: 'week' };
}
