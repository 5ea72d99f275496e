import { z } from 'zod';
import { feeCents, PRICING } from './pricing-rules';
import { vehicleSizeMultiplier, type RideVehicleSize } from './ride-options';

export { feeCents, PRICING } from './pricing-rules';

export const fareBreakdownSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  baseFare: z.number().int(),
  distanceFare: z.number().int(),
  timeFare: z.number().int(),
  subtotal: z.number().int(),
  platformFee: z.number().int(),
  adminFee: z.number().int(),
  totalFare: z.number().int(),
  currency: z.literal('USD'),
});
export type FareBreakdown = z.infer<typeof fareBreakdownSchema>;

export type QuoteInput = {
  distanceMiles: number;
  durationMinutes: number;
  /** The pickup zone's multiplier (1 when zones do not apply). */
  zoneMultiplier?: number;
  /** The territory's licensee rate adjustment in percent, -10..10. */
  rateAdjustmentPercent?: number;
  /** The vehicle size the rider asked for (ADR 033): a bigger vehicle scales every component. */
  vehicleSize?: RideVehicleSize;
};

/**
 * Upfront price of a ride. Each component is scaled by the zone multiplier, the licensee's
 * adjustment and the requested vehicle size's multiplier, and rounded to the cent, so the breakdown shown always adds up to the subtotal.
 */
export function quoteFare({ distanceMiles, durationMinutes, zoneMultiplier = 1, rateAdjustmentPercent = 0, vehicleSize = 'any' }: QuoteInput): FareBreakdown {
  if (!(distanceMiles >= 0) || !(durationMinutes >= 0)) throw new RangeError('distance and duration must be non-negative numbers');
  if (Math.abs(rateAdjustmentPercent) > PRICING.maxRateAdjustmentPercent) {
    throw new RangeError(`rate adjustment must be within ±${PRICING.maxRateAdjustmentPercent}%`);
  }
  const factor = zoneMultiplier * (1 + rateAdjustmentPercent / 100) * vehicleSizeMultiplier(vehicleSize);
  const baseFare = Math.round(PRICING.baseFare * factor);
  const distanceFare = Math.round(PRICING.perMile * distanceMiles * factor);
  const timeFare = Math.round(PRICING.perMinute * durationMinutes * factor);
  const subtotal = baseFare + distanceFare + timeFare;
  // Fees round down (the rider's favour): 3% + 3% never exceed 6% of the subtotal, so the driver's
  // share of what the rider pays stays at or above 94% even on the smallest fare (docs/money.md).
  const platformFee = feeCents(subtotal, PRICING.platformFeeRate);
  const adminFee = feeCents(subtotal, PRICING.adminFeeRate);
  return {
    distance: distanceMiles,
    duration: durationMinutes,
    baseFare,
    distanceFare,
    timeFare,
    subtotal,
    platformFee,
    adminFee,
    totalFare: subtotal + platformFee + adminFee,
    currency: 'USD',
  };
}
