import { z } from 'zod';

/** Every error the API sends has this shape (contract section 4). */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A mailed one-time link (verification, password reset) that is unknown or already used. */
  TOKEN_INVALID: 400,
  /** A mailed one-time link past its lifetime: ask for a new one. */
  TOKEN_EXPIRED: 400,
  /** A scheduled ride's time less than 15 minutes or more than 30 days ahead (ADR 034). */
  SCHEDULE_TOO_SOON: 400,
  SCHEDULE_TOO_FAR: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** REQUIRE_VERIFIED_EMAIL=true and the caller has not confirmed their email yet. */
  EMAIL_NOT_VERIFIED: 403,
  /** Staff suspended the driver (ADR 031): going online and accepting rides are refused until reinstated. */
  DRIVER_SUSPENDED: 403,
  /** Going online with a licence or insurance past its expiry day: upload a valid one first (contract §10). */
  DOCUMENT_EXPIRED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** A zip code given to a territory already belongs to another territory. */
  ZIP_TAKEN: 409,
  /** Account deletion refused (ADR 025): the caller has a ride under way, a dispute open, a territory, or a staff account. */
  ACTIVE_RIDE: 409,
  OPEN_DISPUTE: 409,
  TERRITORY_HELD: 409,
  STAFF_ACCOUNT: 409,
  /** "I've arrived" on a ride that is not accepted (not yet taken, already started or ended; contract §10). */
  RIDE_NOT_ACCEPTED: 409,
  /**
   * Accepting an offer that closed a moment before (contract §10, offers that vanish): another driver
   * took the ride, the rider cancelled it, or the offer ran out. The same reasons as `offer_withdrawn`,
   * so the driver's screen says the same thing whichever arrives first.
   */
  OFFER_TAKEN: 409,
  OFFER_CANCELLED: 409,
  OFFER_EXPIRED: 409,
  /** A ride message sent before a driver took the ride or after it ended (contract §9). */
  RIDE_NOT_ACTIVE: 409,
  /** A rating or tip more than 7 days after the ride ended (contract §10). */
  FEEDBACK_CLOSED: 409,
  /** `POST /api/rides/:id/call` in a deployment without a number-masking service (PHONE_MASKING_URL): message instead (ADR 035). */
  CALLS_NOT_CONFIGURED: 409,
  /** A trip-sharing link the rider turned off, or whose ride ended more than an hour ago (ADR 028). */
  SHARE_LINK_GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A driver document over 5 MB (contract §10). */
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A driver document that is not a JPEG, PNG or PDF by its content, whatever type it was sent as. */
  UNSUPPORTED_FILE_TYPE: 415,
  BUSINESS_RULE: 422,
  /** A pickup, or a driver going online, outside every licensed territory. */
  AREA_NOT_SERVED: 422,
  /** Going online without a position. */
  LOCATION_REQUIRED: 422,
  /** No approved vehicle of the territory fits the ride's options (seats, size, wheelchair access; ADR 033). */
  NO_FITTING_VEHICLE: 422,
  /** A rider already holds the most scheduled rides allowed (ADR 034). */
  TOO_MANY_SCHEDULED_RIDES: 422,
  /** "I've arrived" more than 200 m from the pickup while the driver's position is known (contract §10). */
  TOO_FAR_FROM_PICKUP: 422,
  PAYMENT_METHOD_REQUIRED: 422,
  PAYMENT_DECLINED: 422,
  /** The pickup (or the driver's area) lies in a territory an admin suspended: no new bookings there. */
  TERRITORY_SUSPENDED: 422,
  /** A zip code given to a territory is not among those its licence covers. */
  ZIP_NOT_IN_LICENCE: 422,
  RATE_LIMITED: 429,
  /** A payout was asked for by a payee without a payout account. */
  PAYOUT_ACCOUNT_REQUIRED: 422,
  /** A payout larger than the available balance, or with nothing available. */
  /** The driver gave a wrong ride PIN (contract §9); `fields.triesLeft` says how many remain. */
  WRONG_PIN: 422,
  /** Five wrong ride PINs: the ride can no longer be started, only cancelled. */
  PIN_LOCKED: 422,
  INSUFFICIENT_BALANCE: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** Turns zod issues into the `fields` map: the first message per top-level field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
