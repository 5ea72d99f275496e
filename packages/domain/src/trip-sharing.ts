import { z } from 'zod';
import { latLngSchema } from './geo';

/** A trip-sharing link (contract §9, ADR 028): it works until revoked, or until 1 hour after the ride ended. */
export const tripShareLinkSchema = z.object({
  url: z.string(),
  /** When the link stops working; null while the ride is under way (it then ends 1 hour after the ride). */
  expiresAt: z.string().nullable(),
});
export type TripShareLink = z.infer<typeof tripShareLinkSchema>;

export const tripShareTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** What a shared link shows, to anyone holding it: nothing else (no addresses, no rider, no phone). */
export const sharedTripSchema = z.object({
  status: z.enum(['requested', 'accepted', 'in_progress', 'completed', 'cancelled']),
  driverFirstName: z.string().nullable(),
  vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), plate: z.string() }).nullable(),
  /** The driver's live position while the ride is under way; null otherwise. */
  driverLocation: latLngSchema.nullable(),
  /** Minutes to the pickup (accepted) or the drop-off (in progress). */
  etaMinutes: z.number().nullable(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

/** How long a shared link keeps working after the ride ended. */
export const SHARED_TRIP_AFTER_END_MS = 60 * 60_000;
