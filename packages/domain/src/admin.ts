import { z } from 'zod';
import { dailyRevenueSchema, ledgerTotalsSchema } from './payments';

/*
 * The admin's figures. Kept apart from rides.ts so the booking page, which imports the ride schemas,
 * does not carry the ledger's.
 */

export const adminDashboardSchema = z.object({
  activeRides: z.number().int(),
  onlineDrivers: z.number().int(),
  dailyRevenue: z.number().int(),
  customerSatisfaction: z.number().nullable(),
  pendingDriverApplications: z.number().int(),
  pendingLicenseeApplications: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const platformStatsSchema = z.object({
  riders: z.number().int(),
  drivers: z.number().int(),
  approvedDrivers: z.number().int(),
  licensees: z.number().int(),
  territories: z.number().int(),
  totalRides: z.number().int(),
  completedRides: z.number().int(),
  cancelledRides: z.number().int(),
  /** Everything riders paid (captured fares and tips, less refunds), from the ledger. */
  totalRevenue: z.number().int(),
  ledger: ledgerTotalsSchema,
  /** The last 14 days of released money per payee group, oldest first. */
  dailyRevenue: z.array(dailyRevenueSchema),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;
