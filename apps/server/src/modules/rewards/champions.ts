import { monthlyChampions, type ChampionCandidate } from '@coride/domain';
import { shortName, type ChampionsBoard } from '@coride/domain/community/submissions';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthenticatedUser } from '../accounts/service';
import type { RewardsContext } from './context';
import * as repo from './repository';

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

/** The monthly community champions: the board of a finished month, decided once, prizes paid as ride credit. */
export function createChampions(ctx: RewardsContext) {
  const { db, now } = ctx;

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
        const existing = await repo.championRanksOf(tx, month);
        if (existing.length > 0) return { month, created: false, champions: existing.length };
        const earned = await repo.riderPointsEarnedBetween(tx, start, end);
        const candidates: ChampionCandidate[] = earned.map((row) => ({
          userId: row.userId,
          points: Number(row.points),
          lastEarnedAt: new Date(row.lastEarnedAt).toISOString(),
        }));
        const board = monthlyChampions(candidates);
        if (board.length === 0) return { month, created: false, champions: 0 };
        await repo.insertChampions(
          tx,
          board.map((c) => ({ month, rank: c.rank, userId: c.userId, points: c.points, prizeCents: c.prizeCents, createdAt: at })),
        );
        const prizes = board.filter((c) => c.prizeCents > 0);
        await repo.insertCredits(
          tx,
          prizes.map((c) => ({ userId: c.userId, source: 'champion' as const, amount: c.prizeCents, remaining: c.prizeCents, createdAt: at })),
        );
        return { month, created: true, champions: board.length };
      });
    } catch (error) {
      // Another instance stored the board first.
      if (isUniqueViolation(error)) return { month, created: false, champions: (await repo.championRanksOf(db, month)).length };
      throw error;
    }
  }

  return {
    runChampions,

    /** The month-end job: decides the previous month once it is over (idempotent). */
    async runDueChampions(): Promise<{ month: string; created: boolean; champions: number }> {
      return runChampions(previousMonth(now()));
    },

    async champions(user: AuthenticatedUser, month: string | undefined): Promise<ChampionsBoard> {
      let chosen = month;
      if (!chosen) chosen = (await repo.latestChampionMonth(db)) ?? previousMonth(now());
      const rows = await repo.championsWithNames(db, chosen);
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
