import { z } from 'zod';
import { expiringDocumentKinds } from './driver-documents';
import { disputeResolutions } from './payments';

/*
 * In-app notifications (contract §8): the bell of every console. A notification stores what happened
 * (`kind`) and the values fixed at the event (`data`: ids, amounts in cents, names, addresses), never a
 * text: the web app writes the text from its i18n keys per kind, in the language it is shown in.
 * `GET /api/notifications` (paged, newest first), `GET /api/notifications/unread-count`,
 * `POST /api/notifications/:id/read`, `POST /api/notifications/read-all`; pushed live over the socket
 * as `{ type: 'notification', notification }`.
 */

const id = z.string();
const cents = z.number().int();

/** Who ended a cancelled ride, as the notification tells it ('staff': an admin or the territory's licensee). */
export const rideCancellers = ['rider', 'driver', 'staff', 'system'] as const;
export type RideCanceller = (typeof rideCancellers)[number];

/** Each kind with the data its text needs. */
export const notificationDataSchemas = {
  driver_application_approved: z.object({ applicationId: id }),
  /** To the licensee of the territory a new driver signed up to drive in: an application to review (no name kept here). */
  driver_application_received: z.object({ applicationId: id, territoryName: z.string() }),
  driver_application_rejected: z.object({ applicationId: id, notes: z.string().nullable() }),
  licensee_application_approved: z.object({ applicationId: id, territoryName: z.string() }),
  licensee_application_rejected: z.object({ applicationId: id, territoryName: z.string(), notes: z.string().nullable() }),
  /** The fare was captured: what the card paid (the fare less any reward credit). */
  ride_receipt: z.object({ rideId: id, paid: cents, totalFare: cents, dropoffAddress: z.string() }),
  dispute_opened: z.object({ disputeId: id, rideId: id }),
  dispute_resolved: z.object({ disputeId: id, rideId: id, resolution: z.enum(disputeResolutions), refundAmount: cents }),
  /** To the rider: a driver accepted the ride. */
  ride_driver_assigned: z.object({ rideId: id, pickupAddress: z.string() }),
  /** To the rider: the driver started the trip. */
  ride_started: z.object({ rideId: id, dropoffAddress: z.string() }),
  /** To the rider: the driver completed the trip. */
  ride_completed: z.object({ rideId: id, dropoffAddress: z.string() }),
  /** To the rider or the driver of a ride someone else cancelled. */
  ride_cancelled: z.object({ rideId: id, pickupAddress: z.string(), by: z.enum(rideCancellers) }),
  /** To the rider: nobody accepted the ride, the system cancelled it. */
  ride_no_driver: z.object({ rideId: id, pickupAddress: z.string() }),
  /**
   * To the rider, when a scheduled ride's dispatch starts (ADR 034): a driver is being found now, or
   * the ride was cancelled because the rider was on another ride then.
   */
  ride_scheduled_dispatch: z.object({ rideId: id, pickupAddress: z.string(), scheduledAt: z.string(), outcome: z.enum(['dispatching', 'rider_busy']) }),
  /** To a driver or licensee: a payout left for their bank account. */
  payout_sent: z.object({ payoutId: id, amount: cents, lastFour: z.string() }),
  /** To a driver or licensee: the bank transfer failed and the money is back in the available balance. */
  payout_failed: z.object({ payoutId: id, amount: cents, lastFour: z.string(), reason: z.string() }),
  /** To a driver: staff suspended them, with the reason (ADR 031). */
  driver_suspended: z.object({ reason: z.string() }),
  /** To a driver: the suspension was lifted. */
  driver_reinstated: z.object({}),
  /** To a driver, once per document: their licence or insurance expires within 14 days (contract §10). */
  driver_document_expiring: z.object({ documentId: id, kind: z.enum(expiringDocumentKinds), expiresOn: z.string() }),
  /** To a driver: their licence or insurance has expired, so they were taken offline until a valid one is uploaded. */
  driver_document_expired: z.object({ documentId: id, kind: z.enum(expiringDocumentKinds), expiresOn: z.string() }),
  /** To the territory's licensee and every admin: the rider or the driver pressed SOS on a ride (no name kept here; ADR 032). */
  safety_alert: z.object({ alertId: id, rideId: id, role: z.enum(['rider', 'driver']) }),
  /** To the person who asked: local support answered their conversation with the assistant (the answer's opening, to read in the bell). */
  support_answered: z.object({ ticketId: id, conversationId: id, excerpt: z.string() }),
} as const;

export type NotificationKind = keyof typeof notificationDataSchemas;
export const notificationKinds = Object.keys(notificationDataSchemas) as [NotificationKind, ...NotificationKind[]];
export type NotificationData<K extends NotificationKind = NotificationKind> = z.infer<(typeof notificationDataSchemas)[K]>;

const common = { id: z.string(), readAt: z.string().nullable(), createdAt: z.string() };

function variant<K extends NotificationKind>(kind: K) {
  return z.object({ ...common, kind: z.literal(kind), data: notificationDataSchemas[kind] as (typeof notificationDataSchemas)[K] });
}

/** A notification as the API and the socket give it: its kind decides the shape of its data. */
export const notificationSchema = z.discriminatedUnion('kind', [
  variant('driver_application_approved'),
  variant('driver_application_received'),
  variant('driver_application_rejected'),
  variant('licensee_application_approved'),
  variant('licensee_application_rejected'),
  variant('ride_receipt'),
  variant('dispute_opened'),
  variant('dispute_resolved'),
  variant('ride_driver_assigned'),
  variant('ride_started'),
  variant('ride_completed'),
  variant('ride_cancelled'),
  variant('ride_no_driver'),
  variant('ride_scheduled_dispatch'),
  variant('payout_sent'),
  variant('payout_failed'),
  variant('driver_suspended'),
  variant('driver_reinstated'),
  variant('safety_alert'),
  variant('support_answered'),
  variant('driver_document_expiring'),
  variant('driver_document_expired'),
]);
export type Notification = z.infer<typeof notificationSchema>;

/** What a producer writes: the addressee, the kind and its data (the server adds id and times). */
export type NotificationRequest = { [K in NotificationKind]: { userId: string; kind: K; data: NotificationData<K> } }[NotificationKind];

/**
 * `GET /api/notifications/unread-count`. Counted up to UNREAD_COUNT_CAP (the bell shows "99+" past
 * 99), so the count stays one short index range however many a user never reads.
 */
export const UNREAD_COUNT_CAP = 100;
export const unreadCountSchema = z.object({ unread: z.number().int().min(0).max(UNREAD_COUNT_CAP) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
