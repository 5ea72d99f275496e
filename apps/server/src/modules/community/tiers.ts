import { driverTiers as tierNames, type DriverMetrics, type DriverTier, type DriverTiersResponse, type TierRecomputeResponse } from '@coride/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { driverProfiles, driverTiers, territories, users } from '../../db/schema';
import { judgeCohort, territoryDriverIds } from '../drivers/performance';

const asTier = (value: string): DriverTier => ((tierNames as readonly string[]).includes(value) ? (value as DriverTier) : 'Probationary');

/**
 * Stored tiers: every driver of a territory judged together (domain `assignTiers` over the last
 * PERFORMANCE_PERIOD_DAYS) and upserted into driver_tiers with the metrics judged. Runs on a timer
 * (TIER_RECOMPUTE_MS) and on demand; each territory is written in one transaction, so a reader sees
 * one computation or the previous one, never a mix.
 */
export function createTiersService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function recomputeTerritory(territoryId: string, at: Date): Promise<number> {
    const ids = await territoryDriverIds(db, territoryId);
    if (ids.length === 0) return 0;
    const judged = await judgeCohort(db, ids, at);
    await db.transaction(async (tx) => {
      for (const member of judged.members) {
        const row = {
          territoryId,
          tier: member.assignment.tier,
          overallScore: member.metrics.overallScore,
          topFraction: member.assignment.topFraction,
          metrics: { ...member.metrics },
          computedAt: at,
        };
        await tx
          .insert(driverTiers)
          .values({ driverId: member.driverId, ...row })
          .onConflictDoUpdate({ target: driverTiers.driverId, set: row });
      }
    });
    return judged.members.length;
  }

  return {
    recomputeTerritory,

    /** Recomputes the given territories (all when omitted). */
    async recompute(territoryIds?: string[]): Promise<TierRecomputeResponse> {
      const at = now();
      const ids = territoryIds ?? (await db.select({ id: territories.id }).from(territories)).map((row) => row.id);
      const result: TierRecomputeResponse['territories'] = [];
      for (const territoryId of ids) result.push({ territoryId, drivers: await recomputeTerritory(territoryId, at) });
      return { computedAt: at.toISOString(), territories: result };
    },

    /** The stored tiers of a territory's current drivers, best score first. */
    async list(territoryId: string): Promise<DriverTiersResponse> {
      const rows = await db
        .select({
          driverId: driverTiers.driverId,
          firstName: users.firstName,
          lastName: users.lastName,
          tier: driverTiers.tier,
          overallScore: driverTiers.overallScore,
          topFraction: driverTiers.topFraction,
          metrics: driverTiers.metrics,
          computedAt: driverTiers.computedAt,
        })
        .from(driverTiers)
        .innerJoin(users, eq(users.id, driverTiers.driverId))
        .innerJoin(driverProfiles, eq(driverProfiles.userId, driverTiers.driverId))
        .where(and(eq(driverTiers.territoryId, territoryId), eq(driverProfiles.territoryId, territoryId), eq(driverProfiles.isApproved, true)))
        .orderBy(desc(driverTiers.overallScore), sql`${users.lastName}, ${users.firstName}, ${driverTiers.driverId}`);
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
