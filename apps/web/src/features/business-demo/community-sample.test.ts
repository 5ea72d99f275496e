import { describe, expect, it } from 'vitest';
import { communitySample, DEFAULT_REWARD_COUNTS, parseActionCount, pointsFor } from './community-sample';
import { quoteFareExample } from './fare-example';

const fare = quoteFareExample({ miles: 5, minutes: 12.5 });
const zero = { rate_driver: 0, detailed_review: 0, route_suggestion: 0, safety_report: 0, community_feedback: 0, referral: 0 };

describe('pointsFor', () => {
  it('uses the spec points: rate 2, review 5, route 10, safety 15, feedback 8, referral 50', () => {
    expect(pointsFor({ rate_driver: 1, detailed_review: 1, route_suggestion: 1, safety_report: 1, community_feedback: 1, referral: 1 }).total).toBe(90);
    // 12 × 2 + 3 × 5 + 10 + 2 × 8 + 50
    expect(pointsFor(DEFAULT_REWARD_COUNTS).total).toBe(115);
  });
});

describe('communitySample', () => {
  it('redeems 100 points for a $5 credit: the rider pays $5 less, the driver still gets the whole subtotal', () => {
    const sample = communitySample({ counts: DEFAULT_REWARD_COUNTS, option: 'credit_5', fare });
    expect(sample.redemption).toMatchObject({ ok: true, pointsSpent: 100, balanceAfter: 15 });
    expect(sample.credited).toMatchObject({ creditApplied: 500, riderPays: 1324 - 500, creditLeft: 0 });
    expect(sample.credited!.split.driver).toBe(1250);
  });

  it('refuses a reward the points do not cover, and non-credit rewards change no fare', () => {
    const short = communitySample({ counts: DEFAULT_REWARD_COUNTS, option: 'credit_25', fare });
    expect(short.redemption).toEqual({ ok: false, code: 'INSUFFICIENT_POINTS', needed: 500, balance: 115 });
    expect(short.credited).toBeNull();
    const priority = communitySample({ counts: { ...zero, referral: 3 }, option: 'priority_booking', fare });
    expect(priority.redemption).toMatchObject({ ok: true, balanceAfter: 0, effect: { type: 'priority_booking' } });
    expect(priority.credited).toBeNull();
  });

  it('ranks the visitor among the sample riders, ties to whoever got there first', () => {
    const sample = communitySample({ counts: DEFAULT_REWARD_COUNTS, option: 'credit_1', fare });
    // 212, 164, 120 (Jan 12), 120 (Jan 22), you 115, 96, 60, 18
    expect(sample.champions.map((c) => c.userId)).toEqual(['r1', 'r2', 'r4', 'r3', 'you', 'r5', 'r6', 'r7']);
    expect(sample.yourRank).toMatchObject({ rank: 5, prizeCents: 2000, title: 'top_5' });
    expect(sample.champions[0]).toMatchObject({ prizeCents: 5000, title: 'top_contributor' });
    // 212 points tie with Grace, who got there first.
    expect(communitySample({ counts: { ...zero, referral: 4, rate_driver: 6 }, option: 'credit_1', fare }).yourRank!.rank).toBe(2);
    expect(communitySample({ counts: zero, option: 'credit_1', fare }).yourRank).toBeNull();
  });

  it('validates action counts', () => {
    expect(parseActionCount('3')).toBe(3);
    expect(parseActionCount('3.5')).toBeNull();
    expect(parseActionCount('101')).toBeNull();
    expect(parseActionCount('')).toBeNull();
  });
});
