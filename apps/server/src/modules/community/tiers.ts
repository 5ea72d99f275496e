import { driverTiers as tierNames, type DriverMetrics, type DriverTier, type DriverTiersResponse, type TierRecomputeResponse } from '@coride/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { judgeCohort, territoryDriverIds } from '../reporting/driver-performance';
import * as repo from './repository';

const asTier = (value: string): DriverTier => ((tierNames as readonly string[]).includes(value) ? (value as DriverTier) : 'Probationary');

/**
 * On demand, a territory's tiers are recomputed at most once in this long. A recompute judges every
 * driver of the territory over 90 days of rides, offers and disputes: without a bound, one caller
 * could keep the database busy. The hourly timer keeps the stored tiers fresh anyway.
 */
export const ON_DEMAND_RECOMPUTE_INTERVAL_MS = 60_000;

type TerritoryOutcome = { drivers: number } | { retryAfterSeconds: number };

/**
 * Stored tiers: every driver of a territory judged together (domain `assignTiers` over the last
 * PERFORMANCE_PERIOD_DAYS) and upserted into driver_tiers with the metrics judged. Runs on a timer
 * (TIER_RECOMPUTE_MS) and on demand for licensees and admins; each territory is judged and written in
 * one transaction, so a reader sees one computation or the previous one, never a mix.
 */
export function createTiersService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  /**
   * Judges and stores one territory, unless another instance is doing it right now (an advisory lock
   * per territory) or, with `minIntervalMs`, it was stored less than that long ago. The last
   * computation's time is the newest driver_tiers.computed_at of the territory: it lives in the
   * database, so the bound holds across every API instance without Redis.
   */
  async function recomputeTerritory(territoryId: string, at: Date, minIntervalMs = 0): Promise<TerritoryOutcome> {
    return db.transaction(async (tx) => {
      const isLocked = await repo.tryTierLock(tx, territoryId);
      // Being computed elsewhere: that computation's time starts the next interval.
      if (!isLocked) return { retryAfterSeconds: Math.max(1, Math.ceil(minIntervalMs / 1000)) };
      if (minIntervalMs > 0) {
        const last = await repo.lastTierComputedAt(tx, territoryId);
        // A stored time ahead of this clock (another instance's clock) counts as just now.
        const waitMs = last ? Math.min(minIntervalMs, last.getTime() + minIntervalMs - at.getTime()) : 0;
        if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) };
      }
      const ids = await territoryDriverIds(tx, territoryId);
      if (ids.length === 0) return { drivers: 0 };
      const judged = await judgeCohort(tx, ids, at);
      for (const member of judged.members) {
        const row = {
          territoryId,
          tier: member.assignment.tier,
          overallScore: member.metrics.overallScore,
          topFraction: member.assignment.topFraction,
          metrics: { ...member.metrics },
          computedAt: at,
        };
        await repo.upsertDriverTier(tx, member.driverId, row);
      }
      return { drivers: judged.members.length };
    });
  }

  const allTerritoryIds = () => repo.allTerritoryIds(db);

  return {
    /** The timer's round: recomputes the given territories (all when omitted), skipping one another instance is recomputing. */
    async recompute(territoryIds?: string[]): Promise<TierRecomputeResponse> {
      const at = now();
      const result: TierRecomputeResponse['territories'] = [];
      for (const territoryId of territoryIds ?? (await allTerritoryIds())) {
        const outcome = await recomputeTerritory(territoryId, at);
        if ('drivers' in outcome) result.push({ territoryId, drivers: outcome.drivers });
      }
      return { computedAt: at.toISOString(), territories: result };
    },

    /**
     * On demand (a licensee's territories, or all for an admin): each territory at most once per
     * ON_DEMAND_RECOMPUTE_INTERVAL_MS. The answer lists the territories recomputed; one recomputed
     * within the interval is left out (its stored tiers stand), and when none could be recomputed the
     * request is refused with 429 and Retry-After (the shortest wait).
     */
    async recomputeOnDemand(territoryIds?: string[]): Promise<TierRecomputeResponse> {
      const at = now();
      const result: TierRecomputeResponse['territories'] = [];
      let shortestWait: number | undefined;
      for (const territoryId of territoryIds ?? (await allTerritoryIds())) {
        const outcome = await recomputeTerritory(territoryId, at, ON_DEMAND_RECOMPUTE_INTERVAL_MS);
        if ('drivers' in outcome) result.push({ territoryId, drivers: outcome.drivers });
        else shortestWait = Math.min(shortestWait ?? Infinity, outcome.retryAfterSeconds);
      }
      if (result.length === 0 && shortestWait !== undefined) {
        throw new AppError('RATE_LIMITED', `These driver tiers were recomputed less than a minute ago. Try again in ${shortestWait} s.`, undefined, {
          'Retry-After': String(shortestWait),
        });
      }
      return { computedAt: at.toISOString(), territories: result };
    },

    /** The stored tiers of a territory's current drivers, best score first. */
    async list(territoryId: string): Promise<DriverTiersResponse> {
      const rows = await repo.storedTiersOfTerritory(db, territoryId);
      const newest = rows.reduce<Date | null>((latest, row) => (latest === null || row.computedAt > latest ? row.computedAt : latest), null);
      return {
        territoryId,
        computedAt: newest?.toISOString() ?? null,
        drivers: rows.map((row) => ({
          driverId: row.driverId,
          name: `${row.firstName} ${row.lastName.charAt(0)}.`,
          tier: asTier(row.tier),
          overallScore: row.overallScore,
          topFraction: row.topFraction,
          metrics: row.metrics as DriverMetrics,
          computedAt: row.computedAt.toISOString(),
        })),
      };
    },
  };
}

export type TiersService = ReturnType<typeof createTiersService>;
