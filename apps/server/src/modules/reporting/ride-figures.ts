import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rides } from '../rides/tables';

/**
 * Completed-ride counts and ride revenue per territory. "Revenue" here is what riders were charged
 * for completed rides: the sum of `rides.total_fare` (tips excluded), dated by completion. Money
 * actually captured into escrow is a ledger figure and is named "captured" (reporting/payment-views.ts).
 */
export async function rideTotalsByTerritory(db: Executor, territoryIds: string[], monthStart: Date) {
  if (territoryIds.length === 0) return [];
  return db
    .select({
      territoryId: rides.territoryId,
      totalRides: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      monthlyRides: sql<number>`count(*) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${monthStart})::int`,
      totalRevenue: sql<number>`coalesce(sum(${rides.totalFare}) filter (where ${rides.status} = 'completed'), 0)::int`,
      monthlyRevenue: sql<number>`coalesce(sum(${rides.totalFare}) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${monthStart}), 0)::int`,
      averageRating: sql<number | null>`avg(${rides.rating})::float`,
    })
    .from(rides)
    .where(inArray(rides.territoryId, territoryIds))
    .groupBy(rides.territoryId);
}
