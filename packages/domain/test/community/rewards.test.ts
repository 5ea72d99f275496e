import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRideCredit,
  CHAMPION_PRIZES,
  monthlyChampions,
  pointsForRating,
  quoteFare,
  redeem,
  redeemRequestSchema,
  REDEMPTION_OPTIONS,
  REWARD_POINTS,
  rewardsBalanceSchema,
  splitFare,
  splitTotal,
  type ChampionCandidate,
} from '../../src';

describe('points', () => {
  it('awards the spec table exactly', () => {
    expect(REWARD_POINTS).toEqual({ rate_driver: 2, detailed_review: 5, route_suggestion: 10, safety_report: 15, community_feedback: 8, referral: 50 });
  });

  it('gives 2 for a rating and 5 more for a detailed review of 50 characters or more', () => {
    expect(pointsForRating()).toEqual([{ action: 'rate_driver', points: 2 }]);
    expect(pointsForRating('Great driver, thanks!')).toEqual([{ action: 'rate_driver', points: 2 }]);
    expect(pointsForRating('Careful driving, clean car, took the quicker bridge.')).toEqual([
      { action: 'rate_driver', points: 2 },
      { action: 'detailed_review', points: 5 },
    ]);
  });
});

describe('redemptions', () => {
  it('offers the spec options: 25 -> $1, 100 -> $5, 150 priority booking, 300 champion status, 500 -> $25', () => {
    expect(REDEMPTION_OPTIONS.map((option) => [option.points, option.effect])).toEqual([
      [25, { type: 'ride_credit', cents: 100 }],
      [100, { type: 'ride_credit', cents: 500 }],
      [150, { type: 'priority_booking', rides: 1, validDays: 30 }],
      [300, { type: 'champion_status', days: 30 }],
      [500, { type: 'ride_credit', cents: 2_500 }],
    ]);
  });

  it('spends the points, and refuses when the balance is short', () => {
    expect(redeem(130, 'credit_5')).toEqual({ ok: true, option: 'credit_5', pointsSpent: 100, balanceAfter: 30, effect: { type: 'ride_credit', cents: 500 } });
    expect(redeem(499, 'credit_25')).toEqual({ ok: false, code: 'INSUFFICIENT_POINTS', needed: 500, balance: 499 });
    expect(redeemRequestSchema.safeParse({ optionId: 'credit_1000' }).success).toBe(false);
  });

  it('never leaves a negative balance', () => {
    fc.assert(
      fc.property(fc.nat(2_000), fc.constantFrom(...REDEMPTION_OPTIONS.map((option) => option.id)), (balance, optionId) => {
        const result = redeem(balance, optionId);
        if (result.ok) expect(result.balanceAfter).toBeGreaterThanOrEqual(0);
        else expect(balance).toBeLessThan(result.needed);
      }),
    );
  });
});

describe('applyRideCredit', () => {
  // The spec's sample figures: total $20.88, driver earnings $19.70 (a 1,970 subtotal plus 59 + 59 of fees).
  const sample = { subtotal: 1_970, platformFee: 59, adminFee: 59, totalFare: 2_088 };

  it('takes a $5 credit off the $20.88 sample fare and still pays the driver $19.70', () => {
    const credited = applyRideCredit(sample, 500);
    expect(credited).toMatchObject({ creditApplied: 500, riderPays: 1_588, creditLeft: 0 });
    expect(credited.split.driver).toBe(1_970);
    expect(credited.capture).toEqual([
      { account: 'rider', cents: -1_588 },
      { account: 'platformSoftware', cents: -500 },
      { account: 'escrow', cents: 2_088 },
    ]);
  });

  it('never makes the rider pay less than zero: the rest of the credit stays', () => {
    expect(applyRideCredit(sample, 5_000)).toMatchObject({ creditApplied: 2_088, riderPays: 0, creditLeft: 2_912 });
  });

  it('refuses a fare whose total is not subtotal + fees', () => {
    expect(() => applyRideCredit({ ...sample, totalFare: 2_000 }, 100)).toThrow(RangeError);
  });

  it('never touches the driver share, and the rider and the platform pay exactly the fare', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.nat(10_000),
        (distanceMiles, durationMinutes, credit) => {
          const fare = quoteFare({ distanceMiles, durationMinutes });
          const credited = applyRideCredit(fare, credit);
          expect(credited.split).toEqual(splitFare(fare));
          expect(credited.split.driver).toBe(fare.subtotal);
          expect(splitTotal(credited.split)).toBe(fare.totalFare);
          expect(credited.riderPays).toBeGreaterThanOrEqual(0);
          expect(credited.riderPays + credited.creditApplied).toBe(fare.totalFare);
          expect(credited.creditApplied + credited.creditLeft).toBe(credit);
          expect(credited.capture.reduce((sum, entry) => sum + entry.cents, 0)).toBe(0);
        },
      ),
    );
  });
});

describe('monthlyChampions', () => {
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;

  it('gives $50 to the top contributor, $20 to ranks 2-5 and a badge to the top 20', () => {
    const candidates = Array.from({ length: 25 }, (_, i) => ({ userId: `u${String(i).padStart(2, '0')}`, points: 500 - i * 10, lastEarnedAt: at(1) }));
    const board = monthlyChampions(candidates);
    expect(board).toHaveLength(20);
    expect(board.slice(0, 6).map((champion) => [champion.rank, champion.userId, champion.title, champion.prizeCents])).toEqual([
      [1, 'u00', 'top_contributor', 5_000],
      [2, 'u01', 'top_5', 2_000],
      [3, 'u02', 'top_5', 2_000],
      [4, 'u03', 'top_5', 2_000],
      [5, 'u04', 'top_5', 2_000],
      [6, 'u05', 'top_20', 0],
    ]);
    expect(board.every((champion) => champion.badge)).toBe(true);
    expect(board.reduce((sum, champion) => sum + champion.prizeCents, 0)).toBe(CHAMPION_PRIZES.topContributorCents + 4 * CHAMPION_PRIZES.top5Cents);
  });

  it('breaks ties by who got there first, then by user id, and leaves out riders without points', () => {
    const board = monthlyChampions([
      { userId: 'b', points: 40, lastEarnedAt: at(9) },
      { userId: 'c', points: 40, lastEarnedAt: at(3) },
      { userId: 'a', points: 40, lastEarnedAt: at(9) },
      { userId: 'z', points: 0, lastEarnedAt: at(1) },
    ]);
    expect(board.map((champion) => champion.userId)).toEqual(['c', 'a', 'b']);
  });

  it('gives the same board whatever the input order', () => {
    const candidate = fc.record({ points: fc.nat(60), day: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 40 }), fc.integer(), (raw, seed) => {
        const candidates: ChampionCandidate[] = raw.map((entry, i) => ({ userId: `u${i}`, points: entry.points, lastEarnedAt: at(entry.day) }));
        const shuffled = [...candidates].sort((a, b) => ((a.userId.length * seed + a.points) % 7) - ((b.userId.length * seed + b.points) % 7));
        const board = monthlyChampions(candidates);
        expect(monthlyChampions(shuffled)).toEqual(board);
        expect(board.map((champion) => champion.rank)).toEqual(board.map((_, i) => i + 1));
        for (let i = 1; i < board.length; i += 1) expect(board[i]!.points).toBeLessThanOrEqual(board[i - 1]!.points);
      }),
    );
  });

  it('describes a balance', () => {
    expect(
      rewardsBalanceSchema
        .parse({
          points: 130,
          lifetimePoints: 230,
          rideCreditCents: 500,
          priorityBookings: 0,
          championUntil: null,
          options: REDEMPTION_OPTIONS.map((option) => ({ ...option, affordable: option.points <= 130 })),
          recent: [{ action: 'referral', points: 50, at: at(2) }],
        })
        .options.filter((option) => option.affordable),
    ).toHaveLength(2);
  });
});
