import { z } from 'zod';
import type { RideMessage } from './ride-messages';
import { driverSuspensionSchema, ownSuspensionSchema, type OwnSuspension } from './driver-suspension';
import type { SafetyAlert } from './safety';
import { haversineMiles, latLngSchema, locationRequestSchema, locationSchema, type LatLng } from './geo';
import type { SupportTicket } from './assistant';
import { hasSomeField, NOTHING_TO_CHANGE_MESSAGE } from './patch';
import type { Notification } from './notifications';
import type { Dispute } from './payments';
import { fareBreakdownSchema } from './pricing';
import { rideOptionsRequestShape, rideOptionsSchema } from './ride-options';
import { rideStatuses } from './ride-state';
import { text } from './text';

/** The trip and its options (ADR 033: seats, vehicle size, wheelchair access; each optional, with defaults). */
export const quoteRequestSchema = z.object({ pickupLocation: locationRequestSchema, dropoffLocation: locationRequestSchema, ...rideOptionsRequestShape });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteResponseSchema = fareBreakdownSchema.extend({
  ...rideOptionsSchema.shape,
  /** Booking with this id charges exactly this price while it is valid. */
  quoteId: z.string(),
  expiresAt: z.string(),
  territoryName: z.string(),
  /** How the price was made (docs/community-economics.md §5): the pickup zone's tier, tier factor × live multiplier, licensee adjustment in force. */
  zoneTier: z.number().int().min(1).max(4),
  zoneMultiplier: z.number(),
  rateAdjustmentPercent: z.number(),
  /** A licensee rate change announced for the pickup's territory and not yet in force (7 days' notice). */
  rateNotice: z.object({ percent: z.number(), effectiveAt: z.string(), justification: z.string() }).nullable(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** The spec's payload plus the quote to honour; distance and duration from the client are ignored. */
export const bookRideRequestSchema = quoteRequestSchema.extend({
  quoteId: z.uuid().optional(),
  /** Book for later (ADR 034): an ISO date-time 15 minutes to 30 days ahead; the ride starts `scheduled`. */
  scheduledAt: z.iso.datetime({ offset: true, error: 'Choose a valid pickup time' }).optional(),
  distance: z.number().optional(),
  duration: z.number().optional(),
});
export type BookRideRequest = z.infer<typeof bookRideRequestSchema>;

export const rideDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.number().nullable(),
  vehicleColor: z.string(),
  vehicleModel: z.string(),
  vehiclePlate: z.string(),
  /**
   * A masked number that reaches the driver through the number-masking service (PHONE_MASKING_URL),
   * or null: the driver's own phone never leaves the server (contract §9).
   */
  maskedPhone: z.string().nullable(),
  currentLocation: latLngSchema.nullable(),
});
export type RideDriver = z.infer<typeof rideDriverSchema>;

export const rideSchema = fareBreakdownSchema.extend({
  id: z.string(),
  /** Seats, vehicle size and wheelchair access the ride was booked with (ADR 033). */
  ...rideOptionsSchema.shape,
  status: z.enum(rideStatuses),
  pickupLocation: locationSchema,
  dropoffLocation: locationSchema,
  tip: z.number().int(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  requestedAt: z.string(),
  /** The pickup time of a ride booked for later (ADR 034); null for a ride booked for now. */
  scheduledAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** When the assigned driver said they were at the pickup (contract §10); null until then. */
  arrivedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['rider', 'driver', 'system', 'admin', 'licensee']).nullable(),
  /** Minutes until pickup (accepted) or drop-off (in progress), from the driver's last position. */
  etaMinutes: z.number().nullable(),
  territoryId: z.string(),
  /** The rider as the driver sees them: first name and the drivers' average rating of them (5.0 before any); never a phone or email. */
  rider: z.object({ id: z.string(), firstName: z.string(), rating: z.number() }),
  driver: rideDriverSchema.nullable(),
  /** Reward credit applied to the fare at booking (cents): the card is charged totalFare − creditApplied. */
  creditApplied: z.number().int().optional(),
  /** Booked with a priority-booking reward (dispatched first, to a wider first batch). */
  priority: z.boolean().optional(),
  /** The rider's optional safety rating of the driver (1-5). */
  safetyRating: z.number().int().nullable().optional(),
  /** The ride's 4-digit PIN (contract §9): only in the ride as its rider reads it, never to a driver. */
  pin: z.string().optional(),
});
export type Ride = z.infer<typeof rideSchema>;

/**
 * How long a completed ride the rider has not rated stays on their ride page (/ride) after a reload
 * or a later visit (contract §10). Rating and tipping stay open longer, from the rides list.
 */
export const RIDE_PAGE_KEEPS_ENDED_MS = 24 * 60 * 60 * 1000;

/**
 * `GET /api/rides/active`: the active ride (requested, accepted, in progress), and for a rider without
 * one the ride that just finished and still waits for its rating (RIDE_PAGE_KEEPS_ENDED_MS).
 */
export const activeRideResponseSchema = z.object({ ride: rideSchema.nullable(), awaitingRating: rideSchema.nullable() });
export type ActiveRideResponse = z.infer<typeof activeRideResponseSchema>;

/** The driver starts the ride with the PIN the rider tells them (contract §9). */
export const startRideRequestSchema = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the 4-digit PIN'),
});
export type StartRideRequest = z.infer<typeof startRideRequestSchema>;
/** How near the pickup a driver must be to say they have arrived (contract §10), when their position is known. */
export const ARRIVAL_RADIUS_METERS = 200;
const METERS_PER_MILE = 1609.344;

/** Whether a driver at `driver` may say they are at the pickup: no known position is taken at their word. */
export function isNearPickup(pickup: LatLng, driver: LatLng | null | undefined): boolean {
  if (!driver) return true;
  return haversineMiles(pickup, driver) * METERS_PER_MILE <= ARRIVAL_RADIUS_METERS;
}

/** Wrong PINs allowed before the ride can only be cancelled. */
export const MAX_PIN_ATTEMPTS = 5;

export const cancelRideRequestSchema = z.object({ reason: text({ multiline: true }).max(300, 'Reason is too long').optional() });
/** An admin or the territory's licensee cancelling an active ride (a stuck one) must say why: it is kept on the ride. */
export const staffCancelRideRequestSchema = z.object({
  reason: text({ multiline: true }).min(3, 'Say why the ride is cancelled').max(300, 'Reason is too long'),
});
export type StaffCancelRideRequest = z.infer<typeof staffCancelRideRequestSchema>;
export const rateRideRequestSchema = z.object({
  rating: z.number({ error: 'Rating must be 1 to 5' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  comment: text({ multiline: true }).max(1000, 'Comment is too long').optional(),
  /** Optional: how safe the rider felt with the driver (1-5). */
  safetyRating: z.number().int('Safety rating must be 1 to 5').min(1, 'Safety rating must be 1 to 5').max(5, 'Safety rating must be 1 to 5').optional(),
});
export const tipRideRequestSchema = z.object({
  amount: z
    .number({ error: 'Tip must be an amount in cents' })
    .int('Tip must be whole cents')
    .min(1, 'Tip must be at least 1 cent')
    .max(100_000, 'Tip is too large'),
});

export const driverStatusRequestSchema = z.object({
  status: z.enum(['online', 'offline'], { error: 'Status must be online or offline' }),
  location: latLngSchema.optional(),
});

export const riderStatsSchema = z.object({
  /** The drivers' average rating of the rider (one decimal), or null before any driver rated them: never an invented 5.0. */
  rating: z.number().nullable(),
  totalRides: z.number().int(),
  totalSpent: z.number().int(),
  monthlyRides: z.number().int(),
});
export type RiderStats = z.infer<typeof riderStatsSchema>;

export const favoriteLocationSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), lat: z.number(), lng: z.number() });
export type FavoriteLocation = z.infer<typeof favoriteLocationSchema>;
export const createFavoriteRequestSchema = z.object({
  name: text().min(1, 'Name is required').max(60, 'Name is too long'),
  address: text().min(1, 'Address is required').max(300, 'Address is too long'),
  lat: latLngSchema.shape.lat,
  lng: latLngSchema.shape.lng,
});
/** Any of the fields; an empty body is refused (400) like every PATCH, rather than being an update of nothing. */
export const updateFavoriteRequestSchema = createFavoriteRequestSchema.partial().refine(hasSomeField, NOTHING_TO_CHANGE_MESSAGE);

/** WebSocket messages (contract section 5): one JSON object each, `type` at the top level. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('location_update'), location: latLngSchema.extend({ heading: z.number().optional() }) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type OfferWithdrawnReason = 'taken' | 'expired' | 'cancelled' | 'suspended';

export type ServerMessage =
  | { type: 'auth_ok'; userId: string; role: string }
  | { type: 'error'; error: string; code: string }
  | { type: 'ride_request'; ride: Ride; estimatedEarning: number; expiresAt: string }
  /** To each other driver holding the offer: it left (another took it, the rider cancelled, it expired; or this driver was suspended). */
  | { type: 'offer_withdrawn'; rideId: string; reason: OfferWithdrawnReason }
  | { type: 'ride_accepted'; ride: Ride; driver: RideDriver }
  | { type: 'driver_location'; driverId: string; rideId: string; location: { lat: number; lng: number; heading?: number }; etaMinutes: number | null }
  /** To the rider: the driver is at the pickup (contract §10). */
  | { type: 'driver_arrived'; ride: Ride }
  | { type: 'ride_started'; ride: Ride }
  | { type: 'ride_completed'; ride: Ride }
  | { type: 'ride_cancelled'; ride: Ride; reason: string }
  | { type: 'dispute_opened'; dispute: Dispute }
  | { type: 'dispute_resolved'; dispute: Dispute }
  /** A person answered the user's support ticket (also stored in the conversation). */
  | { type: 'support_answer'; ticketId: string; conversationId: string; answer: string }
  /** A conversation was handed to people: sent to the territory's licensee (or the admins). */
  | { type: 'ticket_opened'; ticket: SupportTicket }
  /** A new in-app notification of the user (also in `GET /api/notifications`). */
  | { type: 'notification'; notification: Notification }
  /** A message of the ride's thread, to its rider and its driver (contract §9). */
  | { type: 'ride_message'; message: RideMessage }
  /** An SOS on a ride: to the territory's licensee and every admin (contract §9, ADR 032). */
  | { type: 'safety_alert'; alert: SafetyAlert }
  /** To the driver: staff suspended them (taken offline; ADR 031), or lifted it. */
  | { type: 'driver_suspended'; suspension: OwnSuspension }
  | { type: 'driver_reinstated' }
  | { type: 'pong' };

export const driverMeSchema = z.object({
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.string(),
  vehicleColor: z.string(),
  vehiclePlate: z.string(),
  seatCount: z.number(),
  vehicleSize: z.string(),
  /** Declared at sign-up (ADR 033): only such vehicles are offered rides that ask for wheelchair access. */
  wheelchairAccessible: z.boolean(),
  vehicleAge: z.string(),
  driveArea: z.string(),
  isApproved: z.boolean(),
  applicationStatus: z.enum(['pending', 'under_review', 'approved', 'rejected']),
  territoryName: z.string().nullable(),
  status: z.enum(['online', 'offline']),
  currentLocation: latLngSchema.nullable(),
  rating: z.number().nullable(),
  totalRides: z.number().int(),
  today: z.object({
    rides: z.number().int(),
    earnings: z.number().int(),
    /** Seconds online since midnight UTC, from the stored online sessions (a running one counts up to now). */
    onlineSeconds: z.number().int(),
  }),
  /** Set while staff have the driver suspended (ADR 031): the console shows why and keeps Online off. */
  suspension: ownSuspensionSchema.nullable(),
});
export type DriverMe = z.infer<typeof driverMeSchema>;

export const driverOfferSchema = z.object({ ride: rideSchema, estimatedEarning: z.number().int(), expiresAt: z.string() });
export type DriverOffer = z.infer<typeof driverOfferSchema>;

export const territorySummarySchema = z.object({
  id: z.string(),
  territoryName: z.string(),
  zipCodes: z.array(z.string()),
  activeDrivers: z.number().int(),
  totalRides: z.number().int(),
  monthlyRevenue: z.number().int(),
  totalRevenue: z.number().int(),
  commission: z.number().int(),
  isApproved: z.boolean(),
});
export type TerritorySummary = z.infer<typeof territorySummarySchema>;

export const licenseeDriverSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  vehicle: z.string(),
  rating: z.number().nullable(),
  totalRides: z.number().int(),
  monthlyEarnings: z.number().int(),
  status: z.enum(['active', 'inactive']),
  isOnline: z.boolean(),
  /** Set while the driver is suspended (ADR 031). */
  suspension: driverSuspensionSchema.nullable(),
});
export type LicenseeDriver = z.infer<typeof licenseeDriverSchema>;

export const licenseeMetricsSchema = z.object({
  monthlyRevenue: z.number().int(),
  monthlyCommission: z.number().int(),
  activeDrivers: z.number().int(),
  monthlyRides: z.number().int(),
  totalRevenue: z.number().int(),
  totalCommission: z.number().int(),
  /** The licensee's 1.25% of rides still held in escrow: commission that has not been released yet. */
  pendingCommission: z.number().int(),
  openDisputes: z.number().int(),
  averageRating: z.number().nullable(),
  totalRides: z.number().int(),
  territories: z.number().int(),
  pendingDriverApplications: z.number().int(),
});
export type LicenseeMetrics = z.infer<typeof licenseeMetricsSchema>;

export const geocodeQuerySchema = z.object({ q: text().min(1, 'Type an address').max(300, 'Address is too long') });
export const reverseGeocodeQuerySchema = z.object({ lat: z.coerce.number().min(-90).max(90), lng: z.coerce.number().min(-180).max(180) });

export const availabilitySchema = z.object({
  isServed: z.boolean(),
  territoryName: z.string().nullable(),
  onlineDrivers: z.number().int(),
  /** Minutes for the nearest online driver to reach the point (a road estimate), or null with none near. */
  pickupEtaMinutes: z.number().int().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;
