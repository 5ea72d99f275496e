import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustmentEffectiveAt,
  adjustmentStatus,
  currentMultiplier,
  DEMAND_MULTIPLIER_MAX,
  DEMAND_MULTIPLIER_MIN,
  demandLevel,
  effectiveAdjustment,
  estimateOnlineHours,
  pendingAdjustment,
  pricingZoneSchema,
  projectMonthlyCents,
  quoteFare,
  rateAdjustmentRequestSchema,
  zoneQuoteMultiplier,
  zoneRates,
  type RateAdjustmentProposal,
} from '../../src';

describe('zone tiers', () => {
  it('posts tier 1 to 4 rates as 110%, 100%, 90% and 80% of the contract rates, in cents', () => {
    expect([1, 2, 3, 4].map((tier) => zoneRates(tier as 1 | 2 | 3 | 4))).toEqual([
      { baseFare: 275, perMile: 165, perMinute: 22 },
      { baseFare: 250, perMile: 150, perMinute: 20 },
      { baseFare: 225, perMile: 135, perMinute: 18 },
      { baseFare: 200, perMile: 120, perMinute: 16 },
    ]);
    expect(zoneRates(2, 10)).toEqual({ baseFare: 275, perMile: 165, perMinute: 22 });
    expect(() => zoneRates(2, 11)).toThrow(RangeError);
  });

  it('prices the demo sample (5 mi, 18 min) at the contract rates, not the demo $14.90', () => {
    // Demo: $2 base + 5 × $1.50 + 18 × $0.30 = $14.90, no fees. Contract: 250 + 750 + 360 = 1,360, + 40 + 40.
    expect(200 + 5 * 150 + 18 * 30).toBe(1_490);
    expect(quoteFare({ distanceMiles: 5, durationMinutes: 18 })).toMatchObject({ subtotal: 1_360, platformFee: 40, adminFee: 40, totalFare: 1_440 });
    // No tier reproduces it: the demo's base is 80% of ours, its per-minute rate 150%.
    expect(quoteFare({ distanceMiles: 5, durationMinutes: 18, zoneMultiplier: zoneQuoteMultiplier(4, 1) })).toMatchObject({ subtotal: 1_088 });
  });

  it('quotes with the tier factor times the current multiplier', () => {
    expect(zoneQuoteMultiplier(1, 0.95)).toBeCloseTo(1.045, 10);
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5, zoneMultiplier: zoneQuoteMultiplier(1, 1) })).toMatchObject({
      baseFare: 275,
      distanceFare: 330,
      timeFare: 110,
    });
    expect(() => zoneQuoteMultiplier(2, 1.2)).toThrow(RangeError);
  });
});

describe('live demand', () => {
  it.each([
    [0, 0, 1, 'Low'],
    [3, 0, 1, 'Very High'],
    [0, 10, 0.9, 'Low'],
    [2, 10, 0.94, 'Low'],
    [5, 10, 1, 'Medium'],
    [10, 10, 1, 'High'],
    [20, 10, 1, 'Very High'],
  ])('%s open requests and %s idle drivers give %s, %s', (openRequests, idleDrivers, multiplier, level) => {
    expect(currentMultiplier({ openRequests, idleDrivers })).toBe(multiplier);
    expect(demandLevel({ openRequests, idleDrivers })).toBe(level);
  });

  it('keeps the multiplier within 0.9-1.0 whatever the load: demand never raises a price', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (openRequests, idleDrivers) => {
        const multiplier = currentMultiplier({ openRequests, idleDrivers });
        expect(multiplier).toBeGreaterThanOrEqual(DEMAND_MULTIPLIER_MIN);
        expect(multiplier).toBeLessThanOrEqual(DEMAND_MULTIPLIER_MAX);
      }),
    );
  });

  it('never lowers the multiplier when requests grow, nor raises it when idle drivers grow', () => {
    fc.assert(
      fc.property(fc.nat(1_000), fc.nat(1_000), fc.nat(100), (openRequests, idleDrivers, more) => {
        const base = currentMultiplier({ openRequests, idleDrivers });
        expect(currentMultiplier({ openRequests: openRequests + more, idleDrivers })).toBeGreaterThanOrEqual(base);
        expect(currentMultiplier({ openRequests, idleDrivers: idleDrivers + more })).toBeLessThanOrEqual(base);
      }),
    );
  });

  it('refuses negative or fractional counts', () => {
    expect(() => currentMultiplier({ openRequests: -1, idleDrivers: 2 })).toThrow(RangeError);
    expect(() => demandLevel({ openRequests: 1, idleDrivers: 0.5 })).toThrow(RangeError);
  });
});

describe('licensee rate adjustments', () => {
  const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 10, n, hour));
  const proposal = (id: string, percent: number, announcedAt: Date, withdrawnAt?: Date): RateAdjustmentProposal => ({
    id,
    percent,
    announcedAt,
    withdrawnAt: withdrawnAt ?? null,
  });

  it('takes effect exactly 7 days after it is announced', () => {
    const proposals = [proposal('p1', 5, day(1, 9))];
    expect(adjustmentEffectiveAt(day(1, 9))).toEqual(day(8, 9));
    expect(effectiveAdjustment(proposals, new Date(day(8, 9).getTime() - 1))).toEqual({ percent: 0, proposal: null });
    expect(effectiveAdjustment(proposals, day(8, 9))).toEqual({ percent: 5, proposal: proposals[0] });
    expect(pendingAdjustment(proposals, day(3))).toBe(proposals[0]);
    expect(pendingAdjustment(proposals, day(9))).toBeNull();
  });

  it('replaces the previous adjustment with the latest one in force; they never add up', () => {
    const proposals = [proposal('p1', -10, day(1)), proposal('p2', 4, day(5)), proposal('p3', 8, day(20))];
    expect(effectiveAdjustment(proposals, day(10)).percent).toBe(-10);
    expect(effectiveAdjustment(proposals, day(12)).percent).toBe(4);
    expect(effectiveAdjustment(proposals, day(30)).percent).toBe(8);
    expect(proposals.map((p) => adjustmentStatus(p, proposals, day(12)))).toEqual(['superseded', 'in_effect', 'scheduled']);
  });

  it('ignores a proposal withdrawn during its notice, but not one withdrawn after it took effect', () => {
    const early = [proposal('p1', 6, day(1), day(3))];
    const late = [proposal('p1', 6, day(1), day(10))];
    expect(effectiveAdjustment(early, day(20)).percent).toBe(0);
    expect(adjustmentStatus(early[0]!, early, day(20))).toBe('withdrawn');
    expect(effectiveAdjustment(late, day(20)).percent).toBe(6);
  });

  it('picks the greater id between two announced at the same instant', () => {
    expect(effectiveAdjustment([proposal('a', 2, day(1)), proposal('b', 3, day(1))], day(9)).percent).toBe(3);
    expect(effectiveAdjustment([proposal('b', 3, day(1)), proposal('a', 2, day(1))], day(9)).percent).toBe(3);
  });

  it('accepts ±10% in steps of 0.5 with a justification', () => {
    const justification = 'Community survey: 72% asked for cheaper off-peak rides downtown.';
    expect(rateAdjustmentRequestSchema.safeParse({ percent: -7.5, justification }).success).toBe(true);
    expect(rateAdjustmentRequestSchema.safeParse({ percent: 10.5, justification }).success).toBe(false);
    expect(rateAdjustmentRequestSchema.safeParse({ percent: 2.25, justification }).success).toBe(false);
    expect(rateAdjustmentRequestSchema.safeParse({ percent: 5, justification: 'because' }).success).toBe(false);
  });

  it('always applies a proposal whose notice is over, within ±10%, and the latest of them', () => {
    const proposalArb = fc.record({
      percent: fc.integer({ min: -20, max: 20 }).map((half) => half / 2),
      day: fc.integer({ min: 1, max: 28 }),
      withdrawnAfter: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(proposalArb, { maxLength: 12 }), fc.integer({ min: 1, max: 40 }), (raw, nowDay) => {
        const proposals = raw.map((entry, i) =>
          proposal(
            `p${String(i).padStart(2, '0')}`,
            entry.percent,
            day(entry.day),
            entry.withdrawnAfter === undefined ? undefined : day(entry.day + entry.withdrawnAfter),
          ),
        );
        const now = day(nowDay);
        const { percent, proposal: chosen } = effectiveAdjustment(proposals, now);
        expect(Math.abs(percent)).toBeLessThanOrEqual(10);
        if (chosen) {
          expect(adjustmentEffectiveAt(chosen.announcedAt).getTime()).toBeLessThanOrEqual(now.getTime());
          for (const other of proposals) {
            if (adjustmentStatus(other, proposals, now) === 'in_effect') expect(other).toBe(chosen);
            if (adjustmentStatus(other, proposals, now) === 'superseded') expect(other.announcedAt.getTime()).toBeLessThanOrEqual(chosen.announcedAt.getTime());
          }
        } else {
          expect(percent).toBe(0);
        }
      }),
    );
  });

  it('describes a pricing zone', () => {
    const rates = zoneRates(1, -5);
    const zone = pricingZoneSchema.parse({
      zoneId: 'z1',
      zoneName: 'Midtown',
      tier: 1,
      ...rates,
      currentMultiplier: currentMultiplier({ openRequests: 2, idleDrivers: 10 }),
      demandLevel: demandLevel({ openRequests: 2, idleDrivers: 10 }),
      activeDrivers: 14,
      averageWaitTime: 4,
      justification: 'Dense traffic, slower trips and costly waiting in the business district.',
      rateAdjustmentPercent: -5,
      pendingAdjustment: null,
      updatedAt: '2026-11-12T10:00:00.000Z',
    });
    expect(zone).toMatchObject({ baseFare: 261, perMile: 157, perMinute: 21, currentMultiplier: 0.94 });
    expect(pricingZoneSchema.safeParse({ ...zone, currentMultiplier: 1.5 }).success).toBe(false);
  });
});

describe('earnings estimates', () => {
  it('projects a month as 4.33 weeks and estimates half an hour online per ride (spec §9)', () => {
    expect(projectMonthlyCents(100_000)).toBe(433_000);
    expect(estimateOnlineHours(9)).toBe(4.5);
  });
});
