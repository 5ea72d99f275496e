/**
 * The pricing map's sample: one zone per tier (ZONE_TIERS), the selected zone's load (open requests,
 * idle drivers) giving demandLevel and currentMultiplier, and a licensee adjustment announced some
 * days ago whose effect comes from effectiveAdjustment (7 days' notice). The sample trip is priced
 * in every zone with quoteFare via zoneQuoteMultiplier.
 */
import {
  adjustmentEffectiveAt,
  currentMultiplier,
  demandLevel,
  effectiveAdjustment,
  MAX_RATE_ADJUSTMENT_PERCENT,
  pendingAdjustment,
  RATE_CHANGE_NOTICE_DAYS,
  ZONE_TIERS,
  zoneQuoteMultiplier,
  zoneRates,
  zoneTiers,
  type DemandLevel,
  type ZoneTier,
} from '@coride/domain/community/zones';
import { quoteFareExample, type FareExample } from './fare-example';
import { parseLimited } from './limits';

/** Fictional zones of a sample New York territory, one per tier. */
export const SAMPLE_ZONES: readonly { zip: string; tier: ZoneTier }[] = [
  { zip: '10004', tier: 1 },
  { zip: '10025', tier: 2 },
  { zip: '10471', tier: 3 },
  { zip: '10307', tier: 4 },
];

export const PRICING_LIMITS = {
  openRequests: { min: 0, max: 1000, integer: true, step: '1' },
  idleDrivers: { min: 0, max: 1000, integer: true, step: '1' },
  adjustment: { min: -MAX_RATE_ADJUSTMENT_PERCENT, max: MAX_RATE_ADJUSTMENT_PERCENT, integer: false, step: '0.5' },
  daysSinceAnnounced: { min: 0, max: 60, integer: true, step: '1' },
} as const;
export type PricingField = keyof typeof PRICING_LIMITS;
export type PricingInputs = Record<PricingField, number> & { tier: ZoneTier };
export const DEFAULT_PRICING_INPUTS: PricingInputs = { tier: 2, openRequests: 3, idleDrivers: 12, adjustment: -5, daysSinceAnnounced: 10 };

/** A field's text as a number within its limits (adjustments in steps of 0.5%), or null. */
export function parsePricingField(field: PricingField, text: string): number | null {
  const value = parseLimited(PRICING_LIMITS[field], text);
  return field === 'adjustment' && value !== null && !Number.isInteger(value * 2) ? null : value;
}

export const isZoneTier = (value: number): value is ZoneTier => (zoneTiers as readonly number[]).includes(value);

const DAY_MS = 86_400_000;

export type ZoneRow = {
  zip: string;
  tier: ZoneTier;
  factor: number;
  rates: { baseFare: number; perMile: number; perMinute: number };
  /** The sample trip at the zone's rate (current multiplier 1) with the adjustment in force. */
  fare: FareExample;
};

export type PricingResult = {
  now: Date;
  announcedAt: Date;
  effectiveAt: Date;
  /** The adjustment in force at `now`: the proposal once its notice is over, else 0. */
  adjustmentInForce: number;
  isPending: boolean;
  zones: ZoneRow[];
  live: { tier: ZoneTier; demand: DemandLevel; multiplier: number; quoteMultiplier: number; fare: FareExample };
};

/** Everything the pricing map shows, for a trip of `miles` and `minutes` and the visitor's inputs, at `now`. */
export function pricingSample(input: { miles: number; minutes: number; inputs: PricingInputs; now: Date }): PricingResult {
  const { miles, minutes, inputs, now } = input;
  const announcedAt = new Date(now.getTime() - inputs.daysSinceAnnounced * DAY_MS);
  const proposals = [{ id: 'sample', percent: inputs.adjustment, announcedAt }];
  const adjustmentInForce = effectiveAdjustment(proposals, now).percent;
  const zones = SAMPLE_ZONES.map(({ zip, tier }) => ({
    zip,
    tier,
    factor: ZONE_TIERS[tier].factor,
    rates: zoneRates(tier, adjustmentInForce),
    fare: quoteFareExample({ miles, minutes, zoneMultiplier: zoneQuoteMultiplier(tier, 1), rateAdjustmentPercent: adjustmentInForce }),
  }));
  const load = { openRequests: inputs.openRequests, idleDrivers: inputs.idleDrivers };
  const multiplier = currentMultiplier(load);
  const quoteMultiplier = zoneQuoteMultiplier(inputs.tier, multiplier);
  return {
    now,
    announcedAt,
    effectiveAt: adjustmentEffectiveAt(announcedAt),
    adjustmentInForce,
    isPending: pendingAdjustment(proposals, now) !== null,
    zones,
    live: {
      tier: inputs.tier,
      demand: demandLevel(load),
      multiplier,
      quoteMultiplier,
      fare: quoteFareExample({ miles, minutes, zoneMultiplier: quoteMultiplier, rateAdjustmentPercent: adjustmentInForce }),
    },
  };
}

export { MAX_RATE_ADJUSTMENT_PERCENT, RATE_CHANGE_NOTICE_DAYS };
