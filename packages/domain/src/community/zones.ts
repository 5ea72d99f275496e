import { z } from 'zod';
import { PRICING } from '../pricing';
import { text } from '../text';
import { assertCount, roundTo } from './shared';

/**
 * Pricing zones and licensee rate adjustments (spec §3 "Pricing zone", §4 rate-change flow, §6
 * licensee, §9 "Client-side pricing" zone tiers; contract §2: the quote is × the pickup zone's
 * multiplier and the licensee adjustment). The multiplier handed to quoteFare is
 * zoneQuoteMultiplier(tier, currentMultiplier); the adjustment is effectiveAdjustment(…).percent.
 */

export const zoneTiers = [1, 2, 3, 4] as const;
export type ZoneTier = (typeof zoneTiers)[number];

/**
 * Spec §9: "Zone tiers: 1 downtown/business (high), 2 residential, 3 suburbs, 4 rural/assisted (low)".
 * The spec gives no rates per tier; ours are factors of the contract rates (base 250, 150/mile,
 * 20/minute) so quoteFare, which scales every component by one multiplier, prices them exactly.
 * Tier 2 is the contract's standard rate.
 */
export const ZONE_TIERS: Record<ZoneTier, { label: string; factor: number; justification: string }> = {
  1: { label: 'Downtown / business', factor: 1.1, justification: 'Dense traffic, slower trips and costly waiting in the business district.' },
  2: { label: 'Residential', factor: 1, justification: 'The standard community rate.' },
  3: { label: 'Suburbs', factor: 0.9, justification: 'Faster roads and shorter waits keep trips cheaper.' },
  4: { label: 'Rural / assisted', factor: 0.8, justification: 'Assisted rate so rural riders can afford longer trips.' },
};

/** The zone's posted rates in cents (spec §3 "Pricing zone": baseFare, perMile, perMinute), before demand. */
export function zoneRates(tier: ZoneTier, rateAdjustmentPercent = 0): { baseFare: number; perMile: number; perMinute: number } {
  assertAdjustment(rateAdjustmentPercent);
  const factor = ZONE_TIERS[tier].factor * (1 + rateAdjustmentPercent / 100);
  return {
    baseFare: Math.round(PRICING.baseFare * factor),
    perMile: Math.round(PRICING.perMile * factor),
    perMinute: Math.round(PRICING.perMinute * factor),
  };
}

/**
 * The live multiplier's range. The product promises no surge pricing (spec §1, contract §2), so
 * demand can never raise a price above the zone's rate: the multiplier only goes down, to 0.9, when
 * drivers wait idle with few requests, to fill their time. It is never above 1.
 */
export const DEMAND_MULTIPLIER_MIN = 0.9;
export const DEMAND_MULTIPLIER_MAX = 1;
/** Our choice: at half an open request per idle driver or more, the zone charges its full rate. */
export const FULL_RATE_PRESSURE = 0.5;

export const demandLevels = ['Very High', 'High', 'Medium', 'Low'] as const;
export type DemandLevel = (typeof demandLevels)[number];

export type ZoneLoad = {
  /** Ride requests of the zone still waiting for a driver. */
  openRequests: number;
  /** Online, approved drivers in the zone with no active ride. */
  idleDrivers: number;
};

function validateLoad({ openRequests, idleDrivers }: ZoneLoad): void {
  assertCount('openRequests', openRequests);
  assertCount('idleDrivers', idleDrivers);
}

/**
 * Spec §3: demandLevel Very High, High, Medium, Low. Ours, by open requests per idle driver: 2 or more
 * (or requests and no idle driver) Very High, 1 High, 0.5 Medium, below (or nothing at all) Low.
 */
export function demandLevel(load: ZoneLoad): DemandLevel {
  validateLoad(load);
  if (load.idleDrivers === 0) return load.openRequests > 0 ? 'Very High' : 'Low';
  const pressure = load.openRequests / load.idleDrivers;
  if (pressure >= 2) return 'Very High';
  if (pressure >= 1) return 'High';
  if (pressure >= FULL_RATE_PRESSURE) return 'Medium';
  return 'Low';
}

/**
 * The zone's current multiplier (spec §3 currentMultiplier, refreshed every 30 s by the caller):
 * from 0.9 with idle drivers and no requests, rising linearly to 1 at FULL_RATE_PRESSURE, never
 * more; 1 when there is no idle driver (no discount with nobody to take the ride). 2 decimals.
 */
export function currentMultiplier(load: ZoneLoad): number {
  validateLoad(load);
  if (load.idleDrivers === 0) return DEMAND_MULTIPLIER_MAX;
  const pressure = load.openRequests / load.idleDrivers;
  const value = DEMAND_MULTIPLIER_MIN + (DEMAND_MULTIPLIER_MAX - DEMAND_MULTIPLIER_MIN) * Math.min(1, pressure / FULL_RATE_PRESSURE);
  return Math.min(DEMAND_MULTIPLIER_MAX, Math.max(DEMAND_MULTIPLIER_MIN, roundTo(value, 2)));
}

/** The `zoneMultiplier` for quoteFare: the tier's factor × the current multiplier. */
export function zoneQuoteMultiplier(tier: ZoneTier, current: number): number {
  if (!(current >= DEMAND_MULTIPLIER_MIN && current <= DEMAND_MULTIPLIER_MAX)) {
    throw new RangeError(`current multiplier must be within ${DEMAND_MULTIPLIER_MIN}-${DEMAND_MULTIPLIER_MAX}`);
  }
  return ZONE_TIERS[tier].factor * current;
}

/** Spec §4/§6/§9: a licensee may move local rates by at most ±10%, announced 7 days ahead. */
export const MAX_RATE_ADJUSTMENT_PERCENT = PRICING.maxRateAdjustmentPercent;
export const RATE_CHANGE_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

function assertAdjustment(percent: number): void {
  if (!(Math.abs(percent) <= MAX_RATE_ADJUSTMENT_PERCENT)) throw new RangeError(`rate adjustment must be within ±${MAX_RATE_ADJUSTMENT_PERCENT}%`);
}

/** A proposal takes effect exactly 7 days after it is announced (not earlier, and not at the licensee's pick). */
export function adjustmentEffectiveAt(announcedAt: Date): Date {
  return new Date(announcedAt.getTime() + RATE_CHANGE_NOTICE_DAYS * DAY_MS);
}

/** What a licensee sends (spec §4: "community survey or input, licensee proposal with justification"). */
export const rateAdjustmentRequestSchema = z.object({
  percent: z
    .number({ error: 'Enter the adjustment in percent' })
    .min(-MAX_RATE_ADJUSTMENT_PERCENT, `Adjustments are limited to ±${MAX_RATE_ADJUSTMENT_PERCENT}%`)
    .max(MAX_RATE_ADJUSTMENT_PERCENT, `Adjustments are limited to ±${MAX_RATE_ADJUSTMENT_PERCENT}%`)
    .multipleOf(0.5, 'Use steps of 0.5%'),
  justification: text({ multiline: true }).min(30, 'Explain the change in at least 30 characters').max(2000, 'Justification is too long'),
  communityInput: text({ multiline: true }).max(2000, 'Community input is too long').optional(),
});
export type RateAdjustmentRequest = z.infer<typeof rateAdjustmentRequestSchema>;

export const rateAdjustmentStatuses = ['scheduled', 'in_effect', 'superseded', 'withdrawn'] as const;
export type RateAdjustmentStatus = (typeof rateAdjustmentStatuses)[number];

export const rateAdjustmentProposalSchema = rateAdjustmentRequestSchema.extend({
  // The character check guards what comes in; a response must still show a row stored before it.
  justification: z.string().trim().min(30).max(2000),
  communityInput: z.string().trim().max(2000).optional(),
  id: z.string(),
  territoryId: z.string(),
  announcedAt: z.string(),
  effectiveAt: z.string(),
  withdrawnAt: z.string().nullable(),
  status: z.enum(rateAdjustmentStatuses),
});
export type RateAdjustmentProposalView = z.infer<typeof rateAdjustmentProposalSchema>;

/** What effectiveAdjustment needs of a stored proposal (of one territory). */
export type RateAdjustmentProposal = { id: string; percent: number; announcedAt: Date; withdrawnAt?: Date | null };

/** Withdrawn in time: only before it took effect (after that, undoing it is a new proposal with notice). */
const isWithdrawn = (proposal: RateAdjustmentProposal) =>
  proposal.withdrawnAt != null && proposal.withdrawnAt.getTime() < adjustmentEffectiveAt(proposal.announcedAt).getTime();

const latestFirst = (a: RateAdjustmentProposal, b: RateAdjustmentProposal) =>
  b.announcedAt.getTime() - a.announcedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The adjustment in force at `now` for one territory: of the proposals not withdrawn in time whose
 * 7 days of notice are over, the most recently announced (same instant: the greater id). An
 * adjustment replaces the previous one; they never add up. 0 when none applies.
 */
export function effectiveAdjustment<P extends RateAdjustmentProposal>(proposals: readonly P[], now: Date): { percent: number; proposal: P | null } {
  const inForce = proposals
    .filter((proposal) => !isWithdrawn(proposal) && adjustmentEffectiveAt(proposal.announcedAt).getTime() <= now.getTime())
    .sort(latestFirst)[0];
  if (!inForce) return { percent: 0, proposal: null };
  assertAdjustment(inForce.percent);
  return { percent: inForce.percent, proposal: inForce };
}

/** The announced change riders and drivers are being warned about, if any (latest announced, not yet in force). */
export function pendingAdjustment<P extends RateAdjustmentProposal>(proposals: readonly P[], now: Date): P | null {
  return (
    proposals
      .filter(
        (proposal) =>
          !isWithdrawn(proposal) && proposal.announcedAt.getTime() <= now.getTime() && adjustmentEffectiveAt(proposal.announcedAt).getTime() > now.getTime(),
      )
      .sort(latestFirst)[0] ?? null
  );
}

/** The status of each proposal at `now`, for the licensee's list. */
export function adjustmentStatus(proposal: RateAdjustmentProposal, all: readonly RateAdjustmentProposal[], now: Date): RateAdjustmentStatus {
  if (isWithdrawn(proposal)) return 'withdrawn';
  if (adjustmentEffectiveAt(proposal.announcedAt).getTime() > now.getTime()) return 'scheduled';
  return effectiveAdjustment(all, now).proposal?.id === proposal.id ? 'in_effect' : 'superseded';
}

/** A pricing zone as the pricing map shows it (spec §3 "Pricing zone"); money in cents. */
export const pricingZoneSchema = z.object({
  zoneId: z.string(),
  zoneName: z.string(),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** The zone's rates including the licensee adjustment in force, before the current multiplier. */
  baseFare: z.number().int(),
  perMile: z.number().int(),
  perMinute: z.number().int(),
  currentMultiplier: z.number().min(DEMAND_MULTIPLIER_MIN).max(DEMAND_MULTIPLIER_MAX),
  demandLevel: z.enum(demandLevels),
  activeDrivers: z.number().int(),
  /** Minutes. */
  averageWaitTime: z.number(),
  justification: z.string(),
  rateAdjustmentPercent: z.number(),
  pendingAdjustment: rateAdjustmentProposalSchema.nullable(),
  updatedAt: z.string(),
});
export type PricingZone = z.infer<typeof pricingZoneSchema>;
