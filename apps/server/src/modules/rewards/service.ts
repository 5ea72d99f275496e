import { randomBytes } from 'node:crypto';
import {
  monthlyChampions,
  pointsForRating,
  redeem,
  REDEMPTION_OPTIONS,
  REWARD_POINTS,
  type ChampionCandidate,
  type RedeemResponse,
  type RedemptionOptionId,
  type RewardAction,
} from '@coride/domain';
import {
  shortName,
  submissionPoints,
  type ChampionsBoard,
  type CreateSubmissionRequest,
  type RewardsOverview,
  type Submission,
} from '@coride/domain/community/submissions';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { communityChampions, communitySubmissions, driverProfiles, rewardCreditUses, rewardCredits, rewardEvents, rewardPerks, rides, territories, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthenticatedUser } from '../accounts/service';

const DAY_MS = 86_400_000;
const RECENT_EVENTS = 20;

/** 'YYYY-MM' of a date (UTC). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** [start, end) of a 'YYYY-MM' month (UTC). */
export function monthRange(month: string): { start: Date; end: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, mon - 1, 1)), end: new Date(Date.UTC(year, mon, 1)) };
}

/** The month before the one `date` is in. */
export function previousMonth(date: Date): string {
  return monthOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)));
}

type RideForBooking = { id: string; riderId: string; totalFare: number };

export type RewardsService = ReturnType<typeof createRewardsService>;

/**
 * Rider rewards (docs/community-economics.md §4): points earned when things really happen, written to
 * the append-only reward_events with an idempotency key (each earning happens once), redemptions
 * under a lock (no double spend), ride credit and priority applied at the next booking, community
 * submissions reviewed by the territory's licensee, referrals, and the monthly champions.
 */
export function createRewardsService(deps: { db: Database; now: () => Date; log: Pick<FastifyBaseLogger, 'info' | 'warn'> }) {
  const { db, now, log } = deps;

  /** Appends one points event; false when this key already earned (nothing happens). */
  async function award(tx: Executor, event: { userId: string; action: RewardAction | 'redemption'; points: number; key: string; rideId?: string; at?: Date }): Promise<boolean> {
    const [created] = await tx
      .insert(rewardEvents)
      .values({ userId: event.userId, action: event.action, points: event.points, rideId: event.rideId ?? null, idempotencyKey: event.key, createdAt: event.at ?? now() })
      .onConflictDoNothing({ target: rewardEvents.idempotencyKey })
      .returning({ id: rewardEvents.id });
    return Boolean(created);
  }

  async function pointsBalance(tx: Executor, userId: string): Promise<{ points: number; lifetime: number }> {
    const [row] = await tx
      .select({
        points: sql<number>`coalesce(sum(${rewardEvents.points}), 0)::int`,
        lifetime: sql<number>`coalesce(sum(${rewardEvents.points}) filter (where ${rewardEvents.points} > 0), 0)::int`,
      })
      .from(rewardEvents)
      .where(eq(rewardEvents.userId, userId));
    return { points: Number(row?.points ?? 0), lifetime: Number(row?.lifetime ?? 0) };
  }

  async function creditLeft(tx: Executor, userId: string): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${rewardCredits.remaining}), 0)::int` })
      .from(rewardCredits)
      .where(eq(rewardCredits.userId, userId));
    return Number(row?.cents ?? 0);
  }

  async function activePerks(tx: Executor, userId: string, at: Date) {
    return tx
      .select()
      .from(rewardPerks)
      .where(and(eq(rewardPerks.userId, userId), gt(rewardPerks.expiresAt, at)))
      .orderBy(asc(rewardPerks.expiresAt));
  }

  /** The rider's referral code, created on first use (unique; a collision tries again). */
  async function referralCodeOf(userId: string): Promise<string> {
    const [user] = await db.select({ code: users.referralCode, firstName: users.firstName }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    if (user.code) return user.code;
    const prefix = user.firstName.normalize('NFD').replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase() || 'RIDE';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
      try {
        const [set] = await db.update(users).set({ referralCode: code }).where(and(eq(users.id, userId), isNull(users.referralCode))).returning({ code: users.referralCode });
        if (set?.code) return set.code;
        const [again] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
        if (again?.code) return again.code;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('UNAVAILABLE', 'Could not create a referral code; try again');
  }

  // --- submissions -------------------------------------------------------------------------------

  async function submissionViews(where: SQL | undefined): Promise<Submission[]> {
    const rows = await db
      .select({ submission: communitySubmissions, firstName: users.firstName, lastName: users.lastName, role: users.role, territoryName: territories.name })
      .from(communitySubmissions)
      .innerJoin(users, eq(users.id, communitySubmissions.userId))
      .leftJoin(territories, eq(territories.id, communitySubmissions.territoryId))
      .where(where)
      .orderBy(desc(communitySubmissions.createdAt))
      .limit(200);
    return rows.map(({ submission, firstName, lastName, role, territoryName }) => ({
      id: submission.id,
      kind: submission.kind,
      text: submission.text,
      status: submission.status,
      author: shortName(firstName, lastName),
      authorRole: role === 'driver' ? 'driver' : 'customer',
      territoryId: submission.territoryId,
      territoryName: territoryName ?? null,
      points: role === 'customer' ? submissionPoints(submission.kind) : 0,
      createdAt: submission.createdAt.toISOString(),
      reviewedAt: submission.reviewedAt?.toISOString() ?? null,
    }));
  }

  /** The territory a submission is for: a driver's own, a rider's latest ride's. */
  async function territoryOfAuthor(user: AuthenticatedUser): Promise<string | null> {
    if (user.role === 'driver') {
      const [profile] = await db.select({ territoryId: driverProfiles.territoryId }).from(driverProfiles).where(eq(driverProfiles.userId, user.id));
      return profile?.territoryId ?? null;
    }
    const [ride] = await db.select({ territoryId: rides.territoryId }).from(rides).where(eq(rides.riderId, user.id)).orderBy(desc(rides.requestedAt)).limit(1);
    return ride?.territoryId ?? null;
  }

  // --- champions ---------------------------------------------------------------------------------

  /**
   * Decides a finished month's champions once: ranks riders by points earned in the month
   * (domain monthlyChampions), stores the board and grants the prizes as ride credit. Running it again
   * (or on two instances at once) changes nothing: the board's unique keys refuse a second one.
   */
  async function runChampions(month: string): Promise<{ month: string; created: boolean; champions: number }> {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new AppError('VALIDATION_FAILED', 'Month must be YYYY-MM', { month: 'Month must be YYYY-MM' });
    const { start, end } = monthRange(month);
    const at = now();
    if (end > at) throw new AppError('CONFLICT', 'This month is not over yet');
    try {
      return await db.transaction(async (tx) => {
        const existing = await tx.select({ rank: communityChampions.rank }).from(communityChampions).where(eq(communityChampions.month, month));
        if (existing.length > 0) return { month, created: false, champions: existing.length };
        const earned = await tx
          .select({
            userId: rewardEvents.userId,
            points: sql<number>`sum(${rewardEvents.points})::int`,
            lastEarnedAt: sql<Date | string>`max(${rewardEvents.createdAt})`,
          })
          .from(rewardEvents)
          .innerJoin(users, eq(users.id, rewardEvents.userId))
          .where(and(gt(rewardEvents.points, 0), gte(rewardEvents.createdAt, start), lt(rewardEvents.createdAt, end), eq(users.role, 'customer')))
          .groupBy(rewardEvents.userId);
        const candidates: ChampionCandidate[] = earned.map((row) => ({ userId: row.userId, points: Number(row.points), lastEarnedAt: new Date(row.lastEarnedAt).toISOString() }));
        const board = monthlyChampions(candidates);
        if (board.length === 0) return { month, created: false, champions: 0 };
        await tx.insert(communityChampions).values(board.map((c) => ({ month, rank: c.rank, userId: c.userId, points: c.points, prizeCents: c.prizeCents, createdAt: at })));
        const prizes = board.filter((c) => c.prizeCents > 0);
        if (prizes.length) await tx.insert(rewardCredits).values(prizes.map((c) => ({ userId: c.userId, source: 'champion' as const, amount: c.prizeCents, remaining: c.prizeCents, createdAt: at })));
        return { month, created: true, champions: board.length };
      });
    } catch (error) {
      // Another instance stored the board first.
      if (isUniqueViolation(error)) return { month, created: false, champions: (await db.select().from(communityChampions).where(eq(communityChampions.month, month))).length };
      throw error;
    }
  }

  /**
   * A cancelled ride gives its credit back (the fare was never charged), exactly once per credit
   * use; its priority perk comes back too when no driver ever accepted the ride (it gave nothing).
   * The ride's creditApplied stays as a record of what was held.
   */
async function restoreForRide(rideId: string): Promise<number> {
    return db.transaction(async (tx) => {
      const [ride] = await tx.select({ status: rides.status, acceptedAt: rides.acceptedAt }).from(rides).where(eq(rides.id, rideId)).for('update');
      if (!ride || ride.status !== 'cancelled') return 0;
      const uses = await tx
        .update(rewardCreditUses)
        .set({ restoredAt: now() })
        .where(and(eq(rewardCreditUses.rideId, rideId), isNull(rewardCreditUses.restoredAt)))
        .returning();
      for (const use of uses) await tx.update(rewardCredits).set({ remaining: sql`${rewardCredits.remaining} + ${use.amount}` }).where(eq(rewardCredits.id, use.creditId));
      if (!ride.acceptedAt) await tx.update(rewardPerks).set({ usedRideId: null }).where(eq(rewardPerks.usedRideId, rideId));
      return uses.reduce((sum, use) => sum + use.amount, 0);
    });
  }

  return {
    award,
    monthOf,

    /** Rating a completed ride: 2 points, +5 for a detailed review; once per ride (keys of the ride). */
    async awardRating(tx: Executor, ride: { id: string; riderId: string }, comment: string | undefined): Promise<void> {
      for (const { action, points } of pointsForRating(comment)) await award(tx, { userId: ride.riderId, action, points, rideId: ride.id, key: `${action}:${ride.id}` });
    },

    /** A rider's first completed ride earns their referrer 50 points (once per referred rider). */
    async onRideCompleted(rideId: string): Promise<void> {
      const [row] = await db
        .select({ riderId: rides.riderId, status: rides.status, referredBy: users.referredBy })
        .from(rides)
        .innerJoin(users, eq(users.id, rides.riderId))
        .where(eq(rides.id, rideId));
      if (!row || row.status !== 'completed' || !row.referredBy) return;
      const [first] = await db
        .select({ id: rides.id })
        .from(rides)
        .where(and(eq(rides.riderId, row.riderId), eq(rides.status, 'completed')))
        .orderBy(asc(rides.completedAt), asc(rides.id))
        .limit(1);
      if (first?.id !== rideId) return;
      await award(db, { userId: row.referredBy, action: 'referral', points: REWARD_POINTS.referral, rideId, key: `referral:${row.riderId}` });
    },

    async overview(user: AuthenticatedUser): Promise<RewardsOverview> {
      const at = now();
      const { points, lifetime } = await pointsBalance(db, user.id);
      const perks = await activePerks(db, user.id, at);
      const recent = await db
        .select()
        .from(rewardEvents)
        .where(eq(rewardEvents.userId, user.id))
        .orderBy(desc(rewardEvents.createdAt), desc(rewardEvents.id))
        .limit(RECENT_EVENTS);
      const champion = perks.filter((p) => p.perk === 'champion_status').at(-1);
      const [referred] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.referredBy, user.id));
      return {
        points,
        lifetimePoints: lifetime,
        rideCreditCents: await creditLeft(db, user.id),
        priorityBookings: perks.filter((p) => p.perk === 'priority_booking' && !p.usedRideId).length,
        championUntil: champion?.expiresAt.toISOString() ?? null,
        options: REDEMPTION_OPTIONS.map((o) => ({ id: o.id, points: o.points, effect: o.effect, affordable: points >= o.points })),
        recent: recent.map((e) => ({ action: e.action as RewardAction | 'redemption', points: e.points, at: e.createdAt.toISOString() })),
        referral: { code: await referralCodeOf(user.id), points: REWARD_POINTS.referral, referredCount: Number(referred?.count ?? 0) },
      };
    },

    /**
     * Spends points in one transaction: the rider's row is locked first, so concurrent redemptions
     * of one rider run one after the other and the second sees the first's spending.
     */
    async redeem(user: AuthenticatedUser, optionId: RedemptionOptionId): Promise<RedeemResponse> {
      const at = now();
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const { points } = await pointsBalance(tx, user.id);
        const result = redeem(points, optionId);
        if (!result.ok) {
          throw new AppError('BUSINESS_RULE', `You need ${result.needed} points for this reward; you have ${result.balance}.`, { optionId: 'Not enough points' });
        }
        await award(tx, { userId: user.id, action: 'redemption', points: -result.pointsSpent, key: `redeem:${randomBytes(12).toString('hex')}`, at });
        const { effect } = result;
        if (effect.type === 'ride_credit') {
          await tx.insert(rewardCredits).values({ userId: user.id, source: 'redemption', amount: effect.cents, remaining: effect.cents, createdAt: at });
        } else if (effect.type === 'priority_booking') {
          const expiresAt = new Date(at.getTime() + effect.validDays * DAY_MS);
          await tx.insert(rewardPerks).values(Array.from({ length: effect.rides }, () => ({ userId: user.id, perk: 'priority_booking' as const, grantedAt: at, expiresAt })));
        } else {
          // A second champion status extends the badge from the end of the current one.
          const [current] = await tx
            .select({ expiresAt: sql<Date | string | null>`max(${rewardPerks.expiresAt})` })
            .from(rewardPerks)
            .where(and(eq(rewardPerks.userId, user.id), eq(rewardPerks.perk, 'champion_status'), gt(rewardPerks.expiresAt, at)));
          const from = current?.expiresAt ? new Date(current.expiresAt) : at;
          await tx.insert(rewardPerks).values({ userId: user.id, perk: 'champion_status', grantedAt: at, expiresAt: new Date(from.getTime() + effect.days * DAY_MS) });
        }
        return { balance: result.balanceAfter, effect };
      });
    },

    /** What the next booking would get: the credit (up to the fare) and whether it is a priority booking. */
    async pending(riderId: string): Promise<{ creditCents: number; priority: boolean }> {
      const at = now();
      const perks = await activePerks(db, riderId, at);
      return { creditCents: await creditLeft(db, riderId), priority: perks.some((p) => p.perk === 'priority_booking' && !p.usedRideId) };
    },

    /**
     * In the booking's transaction: takes min(credit, totalFare) from the rider's credits, oldest
     * first (rows locked), records which credit paid what, and uses one unexpired priority perk.
     */
    async applyAtBooking(tx: Executor, ride: RideForBooking): Promise<{ creditApplied: number; priority: boolean }> {
      const at = now();
      const credits = await tx
        .select()
        .from(rewardCredits)
        .where(and(eq(rewardCredits.userId, ride.riderId), gt(rewardCredits.remaining, 0)))
        .orderBy(asc(rewardCredits.createdAt), asc(rewardCredits.id))
        .for('update');
      let due = ride.totalFare;
      let creditApplied = 0;
      for (const credit of credits) {
        if (due === 0) break;
        const take = Math.min(due, credit.remaining);
        await tx.update(rewardCredits).set({ remaining: sql`${rewardCredits.remaining} - ${take}` }).where(eq(rewardCredits.id, credit.id));
        await tx.insert(rewardCreditUses).values({ rideId: ride.id, creditId: credit.id, amount: take });
        due -= take;
        creditApplied += take;
      }
      const [perk] = await tx
        .select()
        .from(rewardPerks)
        .where(and(eq(rewardPerks.userId, ride.riderId), eq(rewardPerks.perk, 'priority_booking'), isNull(rewardPerks.usedRideId), gt(rewardPerks.expiresAt, at)))
        .orderBy(asc(rewardPerks.expiresAt))
        .limit(1)
        .for('update');
      if (perk) await tx.update(rewardPerks).set({ usedRideId: ride.id }).where(eq(rewardPerks.id, perk.id));
      if (creditApplied > 0 || perk) await tx.update(rides).set({ creditApplied, priority: Boolean(perk) }).where(eq(rides.id, ride.id));
      return { creditApplied, priority: Boolean(perk) };
    },

    restoreForRide,

    /** Background: gives back the credit of rides cancelled by the system (no drivers) or whose cancel crashed midway. */
    async restoreCancelled(): Promise<number> {
      const due = await db
        .selectDistinct({ rideId: rewardCreditUses.rideId })
        .from(rewardCreditUses)
        .innerJoin(rides, eq(rides.id, rewardCreditUses.rideId))
        .where(and(isNull(rewardCreditUses.restoredAt), eq(rides.status, 'cancelled')))
        .limit(100);
      let restored = 0;
      for (const { rideId } of due) restored += await restoreForRide(rideId);
      return restored;
    },

    // --- submissions ---

    async submit(user: AuthenticatedUser, request: CreateSubmissionRequest): Promise<Submission> {
      if (user.role !== 'customer' && user.role !== 'driver') throw new AppError('FORBIDDEN', 'Only riders and drivers send community submissions');
      const territoryId = await territoryOfAuthor(user);
      const [created] = await db.insert(communitySubmissions).values({ userId: user.id, territoryId, kind: request.kind, text: request.text.trim(), createdAt: now() }).returning();
      return (await submissionViews(eq(communitySubmissions.id, created!.id)))[0]!;
    },

    async ownSubmissions(user: AuthenticatedUser): Promise<Submission[]> {
      return submissionViews(eq(communitySubmissions.userId, user.id));
    },

    /** A licensee sees the submissions of their own territories; the admin sees all. */
    async submissionsToReview(user: AuthenticatedUser, territoryIds: string[] | 'all'): Promise<Submission[]> {
      if (territoryIds === 'all') return submissionViews(undefined);
      return territoryIds.length ? submissionViews(inArray(communitySubmissions.territoryId, territoryIds)) : [];
    },

    /**
     * Accepts or rejects a pending submission once (the update only lands on a pending row). An
     * accepted rider submission earns its points in the same transaction (keyed by the submission).
     */
    async review(user: AuthenticatedUser, id: string, decision: 'accepted' | 'rejected', territoryIds: string[] | 'all'): Promise<Submission> {
      const [row] = await db.select().from(communitySubmissions).where(eq(communitySubmissions.id, id));
      if (!row || (territoryIds !== 'all' && (!row.territoryId || !territoryIds.includes(row.territoryId)))) throw notFound('Submission');
      const at = now();
      await db.transaction(async (tx) => {
        const [reviewed] = await tx
          .update(communitySubmissions)
          .set({ status: decision, reviewedBy: user.id, reviewedAt: at })
          .where(and(eq(communitySubmissions.id, id), eq(communitySubmissions.status, 'pending')))
          .returning();
        if (!reviewed) throw new AppError('CONFLICT', 'This submission was already reviewed');
        if (decision !== 'accepted') return;
        const [author] = await tx.select({ role: users.role }).from(users).where(eq(users.id, reviewed.userId));
        if (author?.role === 'customer') await award(tx, { userId: reviewed.userId, action: reviewed.kind, points: submissionPoints(reviewed.kind), key: `submission:${reviewed.id}`, at });
      });
      log.info({ submissionId: id, decision }, 'community submission reviewed');
      return (await submissionViews(eq(communitySubmissions.id, id)))[0]!;
    },

    // --- champions ---

    runChampions,

    /** The month-end job: decides the previous month once it is over (idempotent). */
    async runDueChampions(): Promise<{ month: string; created: boolean; champions: number }> {
      return runChampions(previousMonth(now()));
    },

    async champions(user: AuthenticatedUser, month: string | undefined): Promise<ChampionsBoard> {
      let chosen = month;
      if (!chosen) {
        const [latest] = await db.select({ month: communityChampions.month }).from(communityChampions).orderBy(desc(communityChampions.month)).limit(1);
        chosen = latest?.month ?? previousMonth(now());
      }
      const rows = await db
        .select({ champion: communityChampions, firstName: users.firstName, lastName: users.lastName })
        .from(communityChampions)
        .innerJoin(users, eq(users.id, communityChampions.userId))
        .where(eq(communityChampions.month, chosen))
        .orderBy(asc(communityChampions.rank));
      return {
        month: chosen,
        champions: rows.map(({ champion, firstName, lastName }) => ({
          rank: champion.rank,
          name: shortName(firstName, lastName),
          points: champion.points,
          title: champion.rank === 1 ? 'top_contributor' : champion.rank <= 5 ? 'top_5' : 'top_20',
          prizeCents: champion.prizeCents,
          badge: true,
          isMe: champion.userId === user.id,
        })),
      };
    },
  };
}
