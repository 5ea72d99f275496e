import { apiErrorSchema, idParamsSchema, licenseeDriverSchema, licenseeMetricsSchema, territorySummarySchema } from '@coride/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/client';
import { driverApplications, driverProfiles, rides } from '../../db/schema';
import { currentUser, requireRole } from '../../plugins/auth';
import type { ApplicationsService } from '../applications/service';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { DriversService } from '../drivers/service';
import type { TerritoriesService } from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
/** The licensee's share of each ride's subtotal (contract section 2), until the ledger posts it. */
const LICENSEE_COMMISSION_RATE = 0.0125;

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
      totalSubtotal: sql<number>`coalesce(sum(${rides.subtotal}) filter (where ${rides.status} = 'completed'), 0)::int`,
      monthlySubtotal: sql<number>`coalesce(sum(${rides.subtotal}) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${monthStart}), 0)::int`,
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
  now: () => Date;
}) {
  const { db, territories, drivers, applications, index, now } = deps;
  return async (app: AppInstance) => {
    app.get(
      '/api/licensee/territories',
      { onRequest: requireRole('licensee'), schema: { response: { 200: z.array(territorySummarySchema), ...errors } } },
      async (request) => {
        const owned = await territories.listForLicensee(currentUser(request).id);
        const totals = await rideTotals(db, owned.map((t) => t.territory.id), monthStartOf(now()));
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
            commission: Math.round((t?.totalSubtotal ?? 0) * LICENSEE_COMMISSION_RATE),
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
      const territoryIds = await territories.territoryIdsOfLicensee(currentUser(request).id);
      const totals = await rideTotals(db, territoryIds, monthStartOf(now()));
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
        monthlyCommission: Math.round(sum((t) => t.monthlySubtotal) * LICENSEE_COMMISSION_RATE),
        activeDrivers: territoryIds.reduce((acc, id) => acc + index.countOnline(id), 0),
        monthlyRides: sum((t) => t.monthlyRides),
        totalRevenue: sum((t) => t.totalRevenue),
        totalCommission: Math.round(sum((t) => t.totalSubtotal) * LICENSEE_COMMISSION_RATE),
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
