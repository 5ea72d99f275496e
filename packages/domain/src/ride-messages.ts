import { z } from 'zod';
import { text } from './text';

/** The longest message rider and driver may send each other (contract §9). */
export const MAX_RIDE_MESSAGE_LENGTH = 500;

/** `POST /api/rides/:id/messages`: trimmed, 1 to 500 characters, one line or several. */
export const rideMessageRequestSchema = z.object({
  text: text({ multiline: true, error: 'Write a message' })
    .min(1, 'Write a message')
    .max(MAX_RIDE_MESSAGE_LENGTH, `A message is at most ${MAX_RIDE_MESSAGE_LENGTH} characters`),
});
export type RideMessageRequest = z.infer<typeof rideMessageRequestSchema>;

/** One message of a ride's thread; `from` says which side wrote it (never a phone number or email). */
export const rideMessageSchema = z.object({
  id: z.string(),
  rideId: z.string(),
  from: z.enum(['rider', 'driver']),
  text: z.string(),
  sentAt: z.string(),
});
export type RideMessage = z.infer<typeof rideMessageSchema>;

/** `POST /api/rides/:id/rate-rider`: the driver's rating of the rider, after completion, once. */
export const rateRiderRequestSchema = z.object({
  rating: z.number({ error: 'Rating must be 1 to 5' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  comment: text({ multiline: true }).max(500, 'Comment is too long').optional(),
});
export type RateRiderRequest = z.infer<typeof rateRiderRequestSchema>;

export const riderRatingSchema = z.object({ rideId: z.string(), rating: z.number().int(), comment: z.string().nullable() });
export type RiderRating = z.infer<typeof riderRatingSchema>;

/** A rider's rating before any driver rated them. */
export const DEFAULT_RIDER_RATING = 5;

/** Low-rated people of a licensee's territory: an average under 4.0 over at least 3 ratings. */
export const LOW_RATING_THRESHOLD = 4;
export const LOW_RATING_MIN_COUNT = 3;

export const lowRatedPersonSchema = z.object({
  userId: z.string(),
  role: z.enum(['rider', 'driver']),
  name: z.string(),
  averageRating: z.number(),
  ratings: z.number().int(),
});
export type LowRatedPerson = z.infer<typeof lowRatedPersonSchema>;

/**
 * `POST /api/rides/:id/call`: the masked number that rings the other side of the ride through the
 * number-masking service (ADR 035); neither side's own number is ever in it.
 */
export const rideCallSchema = z.object({ number: z.string() });
export type RideCall = z.infer<typeof rideCallSchema>;
