import { describe, expect, it } from 'vitest';
import { splitTotal } from '@coride/domain/money';
import { quoteFareExample } from './fare-example';
import { buildTerritory, DEFAULT_TERRITORY_INPUTS, parseTerritoryField, SAMPLE_DRIVERS, sampleCohort } from './territory-sample';

const fare = quoteFareExample({ miles: 5, minutes: 12.5 });

describe('sampleCohort', () => {
  it('gives the sample drivers tiers from assignTiers: every tier is represented', () => {
    const cohort = sampleCohort(null);
    expect(cohort.map((d) => d.tier)).toEqual(['Platinum', 'Gold', 'Silver', 'Silver', 'Silver', 'Bronze', 'Probationary', 'Probationary']);
    // Under 20 rides: on trial and not ranked.
    expect(cohort.find((d) => d.id === 'd8')).toMatchObject({ tier: 'Probationary', topFraction: null });
    // Amara: rating 495 / 100 = 4.95, completion 620 / 622 = 99.7%.
    expect(cohort[0]!.metrics).toMatchObject({ customerRating: 4.95, completionRate: 99.7, communityEngagement: 4.5 });
  });
});

describe('buildTerritory', () => {
  const territory = buildTerritory({ you: null, fare, inputs: DEFAULT_TERRITORY_INPUTS });

  it('prices every ride like the sample fare and splits the month to the cent', () => {
    const rides = SAMPLE_DRIVERS.reduce((sum, d) => sum + d.monthlyRides, 0);
    expect(territory.rides).toBe(rides);
    expect(territory.paid).toBe(rides * 1324);
    expect(territory.money).toEqual({
      driver: rides * 1250,
      platformSoftware: rides * 37,
      corporateAdmin: rides * 16,
      globalCsr: rides * 3,
      licensee: rides * 15,
      localCsr: rides * 3,
    });
    expect(splitTotal(territory.money)).toBe(territory.paid);
    // 2% of subtotals into the pool; the licensee gives 5% of its commission, rounded down.
    expect(territory.funding.rideContribution).toBe(Math.floor(rides * 1250 * 0.02));
    expect(territory.funding.licenseeContribution).toBe(Math.floor(rides * 15 * 0.05));
  });

  it('charges $1,000 per 10 zip codes and computes health and retention', () => {
    expect(territory.licenseFee).toBe(100_000);
    // Drivers' ratings: 4.95, 4.88, 4.72, 4.66, 4.52, 4.2, 3.9, 5 → 4.60; safety 4.97, 4.82, 4.7, 4.68, 4.6, 4.4, 3.6, 4.9 → 4.58
    expect(territory.health).toMatchObject({ customerRating: 4.8, driverRating: 4.6, safetyScore: 4.58 });
    // (4.8 + 4.6 + 4.58) / 3 = 4.66 → 93.2, green
    expect(territory.health).toMatchObject({ average: 4.66, score: 93.2, colour: 'green' });
    expect(territory.retention).toEqual({ percent: 90, performingWell: true });
  });

  it('colours health by the spec bands 4.5 / 4 / 3.5 of the average', () => {
    const colour = (riderRating: number) => buildTerritory({ you: null, fare, inputs: { ...DEFAULT_TERRITORY_INPUTS, riderRating } }).health;
    // average = (r + 4.6 + 4.58) / 3
    expect(colour(4.32)).toMatchObject({ average: 4.5, colour: 'green' });
    expect(colour(4.3)).toMatchObject({ average: 4.49, colour: 'yellow' });
    expect(colour(2.82)).toMatchObject({ average: 4, colour: 'yellow' });
    expect(colour(2.8)).toMatchObject({ average: 3.99, colour: 'orange' });
    expect(colour(1.32)).toMatchObject({ average: 3.5, colour: 'orange' });
    expect(colour(1.3)).toMatchObject({ average: 3.49, colour: 'red' });
  });

  it('says retention of exactly 85% is not "performing well", refuses more survivors than starters, and counts the visitor', () => {
    expect(buildTerritory({ you: null, fare, inputs: { ...DEFAULT_TERRITORY_INPUTS, activeAtStart: 20, stillActive: 17 } }).retention).toEqual({
      percent: 85,
      performingWell: false,
    });
    expect(() => buildTerritory({ you: null, fare, inputs: { ...DEFAULT_TERRITORY_INPUTS, activeAtStart: 2, stillActive: 3 } })).toThrow(RangeError);
    expect(buildTerritory({ you: null, fare, inputs: { ...DEFAULT_TERRITORY_INPUTS, zipCodes: 10 } }).licenseFee).toBe(100_000);
    const you = sampleCohort(null)[0]!;
    expect(buildTerritory({ you: { metrics: you.metrics, monthlyRides: 100 }, fare, inputs: DEFAULT_TERRITORY_INPUTS }).rides).toBe(territory.rides + 100);
  });

  it('validates its fields', () => {
    expect(parseTerritoryField('zipCodes', '11')).toBeNull();
    expect(parseTerritoryField('zipCodes', '0')).toBeNull();
    expect(parseTerritoryField('riderRating', '4.75')).toBe(4.75);
  });
});
