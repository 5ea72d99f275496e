import { adminDashboardSchema, apiErrorSchema, platformStatsSchema } from '@coride/domain';
import { inArray, sql } from 'drizzle-orm';
import type { AppInstance } from '../../lib/app-instance';
import type { Database } from '../../db/client';
import { driverApplications, driverProfiles, licenseeApplications, rides, territories, users } from '../../db/schema';
import { requireRole } from '../../plugins/auth';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { PaymentViews } from '../payments/views';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

export function adminRoutes(db: Database, index: DriverLocationIndex, paymentViews: PaymentViews, now: () => Date) {
  return async (app: AppInstance) => {
    app.get('/api/admin/dashboard', { onRequest: requireRole('admin'), schema: { response: { 200: adminDashboardSchema, ...errors } } }, async () => {
      const dayStart = new Date(now());
      dayStart.setUTCHours(0, 0, 0, 0);
      const [rideFigures] = await db
        .select({
          activeRides: sql<number>`count(*) filter (where ${rides.status} in ('requested', 'accepted', 'in_progress'))::int`,
          satisfaction: sql<number | null>`avg(${rides.rating})::float`,
        })
        .from(rides);
      const pendingStatuses = ['pending', 'under_review'] as const;
      const [drivers] = await db.select({ count: sql<number>`count(*)::int` }).from(driverApplications).where(inArray(driverApplications.status, [...pendingStatuses]));
      const [licensees] = await db.select({ count: sql<number>`count(*)::int` }).from(licenseeApplications).where(inArray(licenseeApplications.status, [...pendingStatuses]));
      return {
        activeRides: rideFigures?.activeRides ?? 0,
        onlineDrivers: index.countOnline(),
        // What riders paid into escrow today, from the ledger.
        dailyRevenue: await paymentViews.capturedToday(),
        customerSatisfaction: rideFigures?.satisfaction == null ? null : Math.round(rideFigures.satisfaction * 10) / 10,
        pendingDriverApplications: drivers?.count ?? 0,
        pendingLicenseeApplications: licensees?.count ?? 0,
      };
    });

    app.get('/api/admin/platform-stats', { onRequest: requireRole('admin'), schema: { response: { 200: platformStatsSchema, ...errors } } }, async () => {
      const [people] = await db
        .select({
          riders: sql<number>`count(*) filter (where ${users.role} = 'customer')::int`,
          drivers: sql<number>`count(*) filter (where ${users.role} = 'driver')::int`,
          licensees: sql<number>`count(*) filter (where ${users.role} = 'licensee')::int`,
        })
        .from(users);
      const [approved] = await db.select({ count: sql<number>`count(*) filter (where ${driverProfiles.isApproved})::int` }).from(driverProfiles);
      const ledger = await paymentViews.ledgerTotals();
      const [territoryCount] = await db.select({ count: sql<number>`count(*)::int` }).from(territories);
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
        totalRevenue: ledger.captured - ledger.refunded,
        ledger,
        dailyRevenue: await paymentViews.dailyRevenue(14),
      };
    });
  };
}
