import type { AdminDashboard, LicenseeMetrics, PlatformStats, TerritorySummary } from '@coride/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { driverApplications, licenseeApplications } from '../applications/tables';
import { rides } from '../rides/tables';
import { territories as territoryTable } from '../territories/tables';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { PaymentViews } from './payment-views';
import type { TerritoriesService } from '../territories/service';
import { rideTotalsByTerritory } from './ride-figures';

const pendingStatuses = ['pending', 'under_review'] as const;
const monthStartOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

export type DashboardReports = ReturnType<typeof createDashboardReports>;

/** The admin dashboard and platform statistics, and the licensee's territory list and metrics (reporting: the read model that joins across modules; what "revenue" means is in ./analytics.ts). */
export function createDashboardReports(deps: {
  db: Database;
  index: DriverLocationIndex;
  paymentViews: PaymentViews;
  territories: TerritoriesService;
  now: () => Date;
}) {
  const { db, index, paymentViews, territories, now } = deps;
  return {
    async adminDashboard(): Promise<AdminDashboard> {
      const [rideFigures] = await db
        .select({
          activeRides: sql<number>`count(*) filter (where ${rides.status} in ('requested', 'accepted', 'in_progress'))::int`,
          satisfaction: sql<number | null>`avg(${rides.rating})::float`,
        })
        .from(rides);
      const [drivers] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(driverApplications)
        .where(inArray(driverApplications.status, [...pendingStatuses]));
      const [licensees] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(licenseeApplications)
        .where(inArray(licenseeApplications.status, [...pendingStatuses]));
      return {
        activeRides: rideFigures?.activeRides ?? 0,
        onlineDrivers: await index.countOnline(),
        // What riders paid into escrow today, from the ledger.
        dailyRevenue: await paymentViews.capturedToday(),
        customerSatisfaction: rideFigures?.satisfaction == null ? null : Math.round(rideFigures.satisfaction * 10) / 10,
        pendingDriverApplications: drivers?.count ?? 0,
        pendingLicenseeApplications: licensees?.count ?? 0,
      };
    },

    async platformStats(): Promise<PlatformStats> {
      const [people] = await db
        .select({
          riders: sql<number>`count(*) filter (where ${users.role} = 'customer')::int`,
          drivers: sql<number>`count(*) filter (where ${users.role} = 'driver')::int`,
          licensees: sql<number>`count(*) filter (where ${users.role} = 'licensee')::int`,
        })
        .from(users);
      const [approved] = await db.select({ count: sql<number>`count(*) filter (where ${driverProfiles.isApproved})::int` }).from(driverProfiles);
      const ledger = await paymentViews.ledgerTotals();
      const [territoryCount] = await db.select({ count: sql<number>`count(*)::int` }).from(territoryTable);
      const [rideFigures] = await db
        .select({
          total: sql<number>`count(*)::int`,
          completed: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
          cancelled: sql<number>`count(*) filter (where ${rides.status} = 'cancelled')::int`,
        })
        .from(rides);
      return {
        riders: people?.riders ?? 0,
        drivers: people?.drivers ?? 0,
        approvedDrivers: approved?.count ?? 0,
        licensees: people?.licensees ?? 0,
        territories: territoryCount?.count ?? 0,
        totalRides: rideFigures?.total ?? 0,
        completedRides: rideFigures?.completed ?? 0,
        cancelledRides: rideFigures?.cancelled ?? 0,
        // The platform's revenue is money: captured less refunded, from the ledger.
        totalRevenue: ledger.captured - ledger.refunded,
        ledger,
        dailyRevenue: await paymentViews.dailyRevenue(14),
      };
    },

    /** The licensee's territories with their ride revenue (./ride-figures.ts) and ledger commission. */
    async licenseeTerritories(licenseeId: string): Promise<TerritorySummary[]> {
      const owned = await territories.listForLicensee(licenseeId);
      const ids = owned.map((t) => t.territory.id);
      const totals = await rideTotalsByTerritory(db, ids, monthStartOf(now()));
      const commission = await paymentViews.licenseeCommission(licenseeId, ids);
      const online = await Promise.all(owned.map(({ territory }) => index.countOnline(territory.id)));
      return owned.map(({ territory, zipCodes }, i) => {
        const t = totals.find((x) => x.territoryId === territory.id);
        return {
          id: territory.id,
          territoryName: territory.name,
          zipCodes,
          activeDrivers: online[i]!,
          totalRides: t?.totalRides ?? 0,
          monthlyRevenue: t?.monthlyRevenue ?? 0,
          totalRevenue: t?.totalRevenue ?? 0,
          commission: commission.byTerritory.get(territory.id) ?? 0,
          isApproved: territory.isApproved,
        };
      });
    },

    async licenseeMetrics(licenseeId: string): Promise<LicenseeMetrics> {
      const territoryIds = await territories.access.licenseeTerritoryIds(licenseeId);
      const totals = await rideTotalsByTerritory(db, territoryIds, monthStartOf(now()));
      // Commission is what the ledger credited to the licensee's account (released from escrow).
      const commission = await paymentViews.licenseeCommission(licenseeId, territoryIds);
      const sum = (pick: (t: (typeof totals)[number]) => number) => totals.reduce((acc, t) => acc + pick(t), 0);
      const rated = totals.filter((t) => t.averageRating !== null);
      const [pending] = territoryIds.length
        ? await db
            .select({ count: sql<number>`count(*)::int` })
            .from(driverApplications)
            .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
            .where(and(inArray(driverProfiles.territoryId, territoryIds), inArray(driverApplications.status, [...pendingStatuses])))
        : [{ count: 0 }];
      return {
        monthlyRevenue: sum((t) => t.monthlyRevenue),
        monthlyCommission: commission.monthly,
        activeDrivers: (await Promise.all(territoryIds.map((id) => index.countOnline(id)))).reduce((acc, n) => acc + n, 0),
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
    },
  };
}
