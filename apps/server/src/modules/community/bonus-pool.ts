import {
  nextPayoutDate,
  POOL_PROTECTIONS,
  quintileSummaries,
  runBonusPool,
  type BonusPoolRunResult,
  type BonusPoolRunSummary,
  type FeeAccount,
} from '@coride/domain';
import { DEFAULT_PEAK_TIME_ZONE } from '@coride/domain/community/peak-hours';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { monthlyIncome, poolDrivers } from '../reporting/pool-inputs';
import * as repo from './repository';
import { balance, feeAccount, post, type Posting } from '../payments/ledger';

/** The pool account of a territory (docs/money.md). */
export const bonusPoolAccount = (territoryId: string) => `bonus_pool:${territoryId}`;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** [start, end) of a "YYYY-MM" month, UTC. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new AppError('VALIDATION_FAILED', 'A month as YYYY-MM', { month: 'A month as YYYY-MM' });
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);
/** The month before the one `now` is in. */
export const previousMonth = (now: Date) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));

export type StoredRun = { territoryId: string; month: string; funding: number; paid: number; surplus: number; summary: BonusPoolRunSummary };

/**
 * The month-end bonus pool: for each territory and month, computes the domain's runBonusPool from
 * the ledger and the rides, and in ONE database transaction posts the funding (fee accounts → pool)
 * and the payout (pool → drivers), keyed by territory and month, and inserts the run (unique
 * territory + month). A per-territory advisory lock serialises runs, so two runs at once, or twice,
 * post once; the reserve is the pool account's balance, i.e. what earlier months left.
 */
export function createBonusPoolService(deps: { db: Database; now: () => Date; log: FastifyBaseLogger; peakTimeZone?: string }) {
  const { db, now, log } = deps;
  const peakTimeZone = deps.peakTimeZone ?? DEFAULT_PEAK_TIME_ZONE;

  async function runTerritory(territory: { id: string; licenseeId: string }, month: string): Promise<BonusPoolRunResult['runs'][number]> {
    const { start, end } = monthBounds(month);
    const at = now();
    return db.transaction(async (tx) => {
      await repo.lockBonusPool(tx, territory.id);
      const existing = await repo.findBonusPoolRun(tx, territory.id, month);
      if (existing) return { territoryId: territory.id, posted: false, funding: existing.funding, paid: existing.paid, surplus: existing.surplus };

      const income = await monthlyIncome(tx, territory.id, territory.licenseeId, start, end);
      const { inputs, lines } = await poolDrivers(tx, territory.id, start, end, peakTimeZone);
      const pool = bonusPoolAccount(territory.id);
      const reserve = Math.max(0, await balance(tx, pool));
      const run = runBonusPool({ income, reserve, drivers: inputs });

      const toPosting = (entry: (typeof run.postings.funding)[number]): Posting => ({
        accountId:
          entry.account === 'bonusPool'
            ? pool
            : entry.account.startsWith('driver:')
              ? entry.account
              : feeAccount(entry.account as FeeAccount, { territoryId: territory.id, licenseeId: territory.licenseeId }),
        amount: entry.cents,
      });
      await post(tx, {
        key: `bonus_funding:${territory.id}:${month}`,
        kind: 'bonus_funding',
        at,
        memo: `bonus pool ${month} funded from fees`,
        postings: run.postings.funding.map(toPosting),
      });
      await post(tx, {
        key: `bonus_payout:${territory.id}:${month}`,
        kind: 'bonus_payout',
        at,
        memo: `bonus pool ${month} paid to drivers`,
        postings: run.postings.payout.map(toPosting),
      });

      const summary: BonusPoolRunSummary = {
        month,
        territoryId: territory.id,
        computedAt: at.toISOString(),
        monthlyRideRevenue: income.rideSubtotals,
        rideContribution: run.funding.rideContribution,
        licenseeContribution: run.funding.licenseeContribution,
        platformContribution: run.funding.platformContribution,
        totalMonthlyFunding: run.funding.total,
        fundingDebits: { ...run.funding.debits },
        lastMonthPayout: run.paidOut,
        nextPayoutDate: nextPayoutDate(start).toISOString(),
        monthlySurplus: run.surplus,
        reserve: run.reserveIn,
        sustainabilityRatio: run.coverageRatio,
        sustainabilityScore: run.sustainabilityScore,
        coverage: run.coverage,
        quintiles: quintileSummaries(run),
        protections: POOL_PROTECTIONS,
        targetPayout: run.targetPayout,
        scaledDown: run.scaledDown,
        drivers: run.drivers.map((payout) => ({
          ...lines.get(payout.driverId)!,
          quintile: payout.quintile,
          target: payout.target,
          paid: payout.paid,
          total: payout.total,
        })),
      };
      await repo.insertBonusPoolRun(tx, {
        territoryId: territory.id,
        month,
        funding: run.funding.total,
        reserveIn: run.reserveIn,
        paid: run.paidOut,
        surplus: run.surplus,
        summary,
        createdAt: at,
      });
      return { territoryId: territory.id, posted: true, funding: run.funding.total, paid: run.paidOut, surplus: run.surplus };
    });
  }

  async function run(month: string, territoryIds?: string[]): Promise<BonusPoolRunResult> {
    const { end } = monthBounds(month);
    if (end > now()) throw new AppError('CONFLICT', `The month ${month} is not over yet: its pool runs from ${end.toISOString()}`);
    // Every territory (one created later gets an empty run: nothing released, nobody paid).
    const list = await repo.territoriesWithLicensee(db, territoryIds);
    const runs: BonusPoolRunResult['runs'] = [];
    for (const territory of list) runs.push(await runTerritory(territory, month));
    return { month, runs };
  }

  return {
    run,

    /** The previous month's pools of the territories that have not run yet (on the settlement tick). */
    async runDue(): Promise<number> {
      const month = previousMonth(now());
      const missing = await repo.territoryIdsWithoutRun(db, month);
      if (missing.length === 0) return 0;
      const result = await run(month, missing);
      const posted = result.runs.filter((r) => r.posted).length;
      if (posted > 0) log.info({ month, territories: posted }, 'bonus pools run');
      return posted;
    },

    /** The stored run of a territory and month; undefined when it has not run. */
    async stored(territoryId: string, month: string): Promise<StoredRun | undefined> {
      const row = await repo.findBonusPoolRun(db, territoryId, month);
      return row ? { territoryId, month, funding: row.funding, paid: row.paid, surplus: row.surplus, summary: row.summary as BonusPoolRunSummary } : undefined;
    },

    /** The month of the newest stored run of a territory, if any. */
    async latestMonth(territoryId: string): Promise<string | undefined> {
      return repo.latestRunMonth(db, territoryId);
    },
  };
}

export type BonusPoolService = ReturnType<typeof createBonusPoolService>;
