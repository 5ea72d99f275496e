import { apiErrorSchema, idParamsSchema, licenseeDriverSchema, licenseeMetricsSchema, territorySummarySchema } from '@coride/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { Database } from '../../db/client';
import { driverApplications, driverProfiles, rides } from '../../db/schema';
import { currentUser, requireRole } from '../../plugins/auth';
import type { ApplicationsService } from '../applications/service';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { DriversService } from '../drivers/service';
import type { PaymentViews } from '../payments/views';
import type { TerritoriesService } from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
function monthStartOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** Revenue and rides per territory from completed rides. */
async function rideTotals(db: Database, territoryIds: string[], monthStart: Date) {
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

export function licenseeRoutes(deps: {
  db: Database;
  territories: TerritoriesService;
  drivers: DriversService;
  applications: ApplicationsService;
  index: DriverLocationIndex;
  paymentViews: PaymentViews;
  now: () => Date;
}) {
  const { db, territories, drivers, applications, index, paymentViews, now } = deps;
  return async (app: AppInstance) => {
    app.get(
      '/api/licensee/territories',
      { onRequest: requireRole('licensee'), schema: { response: { 200: z.array(territorySummarySchema), ...errors } } },
      async (request) => {
        const licenseeId = currentUser(request).id;
        const owned = await territories.listForLicensee(licenseeId);
        const ids = owned.map((t) => t.territory.id);
        const totals = await rideTotals(db, ids, monthStartOf(now()));
        const commission = await paymentViews.licenseeCommission(licenseeId, ids);
        return owned.map(({ territory, zipCodes }) => {
          const t = totals.find((x) => x.territoryId === territory.id);
          return {
            id: territory.id,
            territoryName: territory.name,
            zipCodes,
            activeDrivers: index.countOnline(territory.id),
            totalRides: t?.totalRides ?? 0,
            monthlyRevenue: t?.monthlyRevenue ?? 0,
            totalRevenue: t?.totalRevenue ?? 0,
            commission: commission.byTerritory.get(territory.id) ?? 0,
            isApproved: territory.isApproved,
          };
        });
      },
    );

    app.get(
      '/api/licensee/drivers',
      { onRequest: requireRole('licensee'), schema: { response: { 200: z.array(licenseeDriverSchema), ...errors } } },
      async (request) => drivers.driversOfTerritories(await territories.territoryIdsOfLicensee(currentUser(request).id), monthStartOf(now())),
    );

    app.get('/api/licensee/metrics', { onRequest: requireRole('licensee'), schema: { response: { 200: licenseeMetricsSchema, ...errors } } }, async (request) => {
      const licenseeId = currentUser(request).id;
      const territoryIds = await territories.territoryIdsOfLicensee(licenseeId);
      const totals = await rideTotals(db, territoryIds, monthStartOf(now()));
      // Commission is what the ledger credited to the licensee's account (released from escrow).
      const commission = await paymentViews.licenseeCommission(licenseeId, territoryIds);
      const sum = (pick: (t: (typeof totals)[number]) => number) => totals.reduce((acc, t) => acc + pick(t), 0);
      const rated = totals.filter((t) => t.averageRating !== null);
      const [pending] = territoryIds.length
        ? await db
            .select({ count: sql<number>`count(*)::int` })
            .from(driverApplications)
            .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
            .where(and(inArray(driverProfiles.territoryId, territoryIds), inArray(driverApplications.status, ['pending', 'under_review'])))
        : [{ count: 0 }];
      return {
        monthlyRevenue: sum((t) => t.monthlyRevenue),
        monthlyCommission: commission.monthly,
        activeDrivers: territoryIds.reduce((acc, id) => acc + index.countOnline(id), 0),
        monthlyRides: sum((t) => t.monthlyRides),
        totalRevenue: sum((t) => t.totalRevenue),
        totalCommission: commission.total,
        pendingCommission: commission.pending,
        openDisputes: commission.openDisputes,
        averageRating: rated.length ? Math.round((rated.reduce((acc, t) => acc + t.averageRating!, 0) / rated.length) * 10) / 10 : null,
        totalRides: sum((t) => t.totalRides),
        territories: territoryIds.length,
        pendingDriverApplications: pending?.count ?? 0,
      };
    });

    app.post(
      '/api/licensee/drivers/:id/approve',
      { onRequest: requireRole('licensee'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await applications.approveDriverByLicensee(currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
