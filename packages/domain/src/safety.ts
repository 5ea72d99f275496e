import { z } from 'zod';
import { latLngSchema } from './geo';
import { pageQuerySchema } from './paging';
import { text } from './text';

export * from './safety-rules';

/*
 * SOS (contract §9, ADR 032): the rider or the driver of a ride under way raises an urgent safety alert.
 * It goes live (`safety_alert`) to the territory's licensee and every admin, into their bell, and by
 * mail with the trip link to the raiser's emergency contacts. Staff acknowledge it, then resolve it
 * with a note.
 */

/** `POST /api/rides/:id/sos`: where the raiser is, when the device could tell. */
export const sosRequestSchema = z.object({ location: latLngSchema.optional() });
export type SosRequest = z.infer<typeof sosRequestSchema>;

/** `POST /api/safety/alerts/:id/resolve`: what was done, for the record. */
export const resolveSafetyAlertSchema = z.object({
  note: text({ multiline: true, error: 'Say how the alert was resolved' })
    .min(1, 'Say how the alert was resolved')
    .max(1000, 'The note is at most 1000 characters'),
});
export type ResolveSafetyAlertRequest = z.infer<typeof resolveSafetyAlertSchema>;

export const safetyAlertStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type SafetyAlertStatus = (typeof safetyAlertStatuses)[number];

/**
 * A safety alert as staff see it (and as its raiser gets it back): the ride, who raised it (first name
 * and initial, their side of the ride), where, and what staff did. No phone number or email of anyone.
 */
export const safetyAlertSchema = z.object({
  id: z.string(),
  rideId: z.string(),
  territoryId: z.string().nullable(),
  raisedBy: z.object({ id: z.string(), name: z.string(), role: z.enum(['rider', 'driver']) }),
  /** Where the raiser was: the device's position, else the driver's last known one; null when neither was known. */
  location: latLngSchema.nullable(),
  locationSource: z.enum(['device', 'driver_last_known']).nullable(),
  rideStatus: z.string(),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  status: z.enum(safetyAlertStatuses),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** How many of the raiser's emergency contacts were mailed the trip link. */
  contactsMailed: z.number().int(),
});
export type SafetyAlert = z.infer<typeof safetyAlertSchema>;

/** `GET /api/safety/alerts?limit=&before=&status=`: open (not resolved yet) or every alert (default), newest first. */
export const safetyAlertListQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'all'], { error: 'Status must be open or all' }).default('all') });
export type SafetyAlertListQuery = z.infer<typeof safetyAlertListQuerySchema>;
