import {
  addSplits,
  emptySplit,
  splitFare,
  type CardBrand,
  type DailyRevenue,
  type DriverEarnings,
  type LedgerTotals,
  type PaymentHistoryItem,
  type Receipt,
} from '@coride/domain';
import { and, desc, eq, gte, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { charges, disputes, ledgerAccounts, ledgerEntries, ledgerTransactions, paymentMethods } from '../payments/tables';
import { rides } from '../rides/tables';
import { notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import { accounts, balance } from '../payments/ledger';
import type { PaymentsService } from '../payments/service';
import { remainingSplit } from '../payments/service';
import { priceColumns } from '../rides/repository';

const DAY_MS = 86_400_000;

function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Monday 00:00 UTC of the week holding `at`. */
function weekStart(at: Date): Date {
  const day = dayStart(at);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** A jsonb split's part as an integer (0 when the split is null). */
const part = (column: typeof charges.split | typeof charges.refundedSplit, payee: string) => sql`coalesce((${column}->>${payee})::bigint, 0)`;
const remainingPart = (payee: string) => sql`(${part(charges.split, payee)} - ${part(charges.refundedSplit, payee)})`;

/**
 * Money read models (receipts, history, earnings, commission, ledger totals): a read model joining across
 * modules (payments' charges and ledger with rides, payment methods, disputes); writes nothing.
 * Everything here is computed from the ledger and the escrow sub-ledger (charges).
 */
export function createPaymentViews({ db, payments, now }: { db: Database; payments: PaymentsService; now: () => Date }) {
  async function methodsById(ids: string[]) {
    if (ids.length === 0) return new Map<string, { brand: CardBrand; lastFour: string }>();
    const rows = await db
      .select({ id: paymentMethods.id, brand: paymentMethods.brand, lastFour: paymentMethods.lastFour })
      .from(paymentMethods)
      .where(inArray(paymentMethods.id, ids));
    return new Map(rows.map((row) => [row.id, { brand: row.brand as CardBrand, lastFour: row.lastFour }]));
  }

  return {
    async receipt(user: AuthenticatedUser, rideId: string): Promise<Receipt> {
      const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
      const allowed =
        ride && (user.role === 'admin' || (user.role === 'customer' && ride.riderId === user.id) || (user.role === 'driver' && ride.driverId === user.id));
      if (!ride || !allowed) throw notFound('Ride');
      const rows = await payments.chargesOfRides([rideId]);
      const dispute = await payments.disputeOfRide(rideId);
      const isDisputed = dispute?.status === 'open';
      const fare = rows.find((c) => c.kind === 'fare');
      const captured = rows.filter((c) => c.status === 'captured');
      const refunded = captured.reduce((sum, c) => sum + c.refunded, 0);
      const methods = await methodsById(fare ? [fare.paymentMethodId] : []);
      // Before the capture, the split shown is the one the capture will post.
      const split = captured.length ? captured.reduce((sum, c) => addSplits(sum, remainingSplit(c)), emptySplit()) : splitFare(ride, ride.tip);
      const disputeDeadline = ride.completedAt ? new Date(ride.completedAt.getTime() + payments.settings.disputeWindowMs) : null;
      return {
        rideId,
        completedAt: ride.completedAt?.toISOString() ?? null,
        pickupAddress: ride.pickupAddress,
        dropoffAddress: ride.dropoffAddress,
        ...priceColumns(ride),
        tip: ride.tip,
        refunded,
        paid: captured.reduce((sum, c) => sum + c.amount, 0) - refunded,
        creditApplied: ride.creditApplied,
        currency: 'USD',
        paymentMethod: fare ? (methods.get(fare.paymentMethodId) ?? null) : null,
        split,
        escrow: fare ? payments.escrowState(fare, isDisputed) : 'authorized',
        releaseAfter: fare?.releaseAfter?.toISOString() ?? null,
        charges: rows.map((c) => payments.toCharge(c, isDisputed)),
        dispute,
        disputeUntil: !dispute && ride.status === 'completed' && disputeDeadline && disputeDeadline > now() ? disputeDeadline.toISOString() : null,
      };
    },

    /** The rider's completed rides with what was charged, newest first. */
    async history(rider: AuthenticatedUser, limit = 20): Promise<PaymentHistoryItem[]> {
      const rideRows = await db
        .select()
        .from(rides)
        .where(and(eq(rides.riderId, rider.id), eq(rides.status, 'completed')))
        .orderBy(desc(rides.completedAt))
        .limit(limit);
      const rows = await payments.chargesOfRides(rideRows.map((r) => r.id));
      const openDisputes = rideRows.length
        ? await db
            .select({ rideId: disputes.rideId })
            .from(disputes)
            .where(
              and(
                inArray(
                  disputes.rideId,
                  rideRows.map((r) => r.id),
                ),
                eq(disputes.status, 'open'),
              ),
            )
        : [];
      const methods = await methodsById([...new Set(rows.map((c) => c.paymentMethodId))]);
      return rideRows.map((ride) => {
        const of = rows.filter((c) => c.rideId === ride.id);
        const fare = of.find((c) => c.kind === 'fare');
        const captured = of.filter((c) => c.status === 'captured');
        const refunded = captured.reduce((sum, c) => sum + c.refunded, 0);
        return {
          rideId: ride.id,
          completedAt: ride.completedAt?.toISOString() ?? null,
          pickupAddress: ride.pickupAddress,
          dropoffAddress: ride.dropoffAddress,
          totalFare: ride.totalFare,
          tip: ride.tip,
          refunded,
          paid: captured.reduce((sum, c) => sum + c.amount, 0) - refunded,
          creditApplied: ride.creditApplied,
          escrow: fare
            ? payments.escrowState(
                fare,
                openDisputes.some((d) => d.rideId === ride.id),
              )
            : 'authorized',
          releaseAfter: fare && !fare.releasedAt ? (fare.releaseAfter?.toISOString() ?? null) : null,
          paymentMethod: fare ? (methods.get(fare.paymentMethodId) ?? null) : null,
        };
      });
    },

    async driverEarnings(driver: AuthenticatedUser): Promise<DriverEarnings> {
      const at = now();
      const today = dayStart(at);
      const week = weekStart(at);
      const driverPart = remainingPart('driver');
      const [totals] = await db
        .select({
          today: sql<number>`coalesce(sum(${driverPart}) filter (where ${charges.capturedAt} >= ${today}), 0)::bigint`,
          week: sql<number>`coalesce(sum(${driverPart}) filter (where ${charges.capturedAt} >= ${week}), 0)::bigint`,
          todayRides: sql<number>`count(*) filter (where ${charges.kind} = 'fare' and ${charges.capturedAt} >= ${today})::int`,
          weekRides: sql<number>`count(*) filter (where ${charges.kind} = 'fare' and ${charges.capturedAt} >= ${week})::int`,
          pending: sql<number>`coalesce(sum(${driverPart}) filter (where ${charges.releasedAt} is null), 0)::bigint`,
          tips: sql<number>`coalesce(sum(${driverPart}) filter (where ${charges.kind} = 'tip'), 0)::bigint`,
          lifetime: sql<number>`coalesce(sum(${driverPart}), 0)::bigint`,
          nextReleaseAt: sql<Date | string | null>`min(${charges.releaseAfter}) filter (where ${charges.releasedAt} is null)`,
        })
        .from(charges)
        .innerJoin(rides, eq(rides.id, charges.rideId))
        .where(and(eq(rides.driverId, driver.id), eq(charges.status, 'captured')));
      const recentRides = await db
        .select()
        .from(rides)
        .where(and(eq(rides.driverId, driver.id), eq(rides.status, 'completed')))
        .orderBy(desc(rides.completedAt))
        .limit(5);
      const recentCharges = await payments.chargesOfRides(recentRides.map((r) => r.id));
      const next = totals?.nextReleaseAt;
      return {
        today: Number(totals?.today ?? 0),
        week: Number(totals?.week ?? 0),
        todayRides: totals?.todayRides ?? 0,
        weekRides: totals?.weekRides ?? 0,
        pending: Number(totals?.pending ?? 0),
        released: await balance(db, accounts.driver(driver.id)),
        tips: Number(totals?.tips ?? 0),
        lifetime: Number(totals?.lifetime ?? 0),
        nextReleaseAt: next ? new Date(next).toISOString() : null,
        recent: recentRides.map((ride) => {
          const fare = recentCharges.find((c) => c.rideId === ride.id && c.kind === 'fare');
          const tip = recentCharges.find((c) => c.rideId === ride.id && c.kind === 'tip');
          return {
            rideId: ride.id,
            completedAt: ride.completedAt?.toISOString() ?? null,
            pickupAddress: ride.pickupAddress,
            dropoffAddress: ride.dropoffAddress,
            fare: fare?.status === 'captured' ? remainingSplit(fare).driver : ride.subtotal,
            tip: tip ? remainingSplit(tip).driver : 0,
            escrow: fare ? payments.escrowState(fare, false) : 'authorized',
            releaseAfter: fare?.releaseAfter?.toISOString() ?? null,
          };
        }),
      };
    },

    /** The licensee's commission from the ledger: this month's postings, the balance, and what escrow still holds. */
    async licenseeCommission(licenseeId: string, territoryIds: string[]) {
      const account = accounts.licensee(licenseeId);
      const [month] = await db
        .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(and(eq(ledgerEntries.accountId, account), gte(ledgerTransactions.postedAt, monthStart(now()))));
      const byTerritory = await db
        .select({ territoryId: rides.territoryId, sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(rides, eq(rides.id, ledgerTransactions.rideId))
        .where(eq(ledgerEntries.accountId, account))
        .groupBy(rides.territoryId);
      const [pending] = territoryIds.length
        ? await db
            .select({ sum: sql<number>`coalesce(sum(${remainingPart('licensee')}), 0)::bigint` })
            .from(charges)
            .innerJoin(rides, eq(rides.id, charges.rideId))
            .where(and(inArray(rides.territoryId, territoryIds), eq(charges.status, 'captured'), isNull(charges.releasedAt)))
        : [{ sum: 0 }];
      const [open] = territoryIds.length
        ? await db
            .select({ count: sql<number>`count(*)::int` })
            .from(disputes)
            .where(and(inArray(disputes.territoryId, territoryIds), eq(disputes.status, 'open')))
        : [{ count: 0 }];
      return {
        monthly: Number(month?.sum ?? 0),
        total: await balance(db, account),
        pending: Number(pending?.sum ?? 0),
        openDisputes: open?.count ?? 0,
        byTerritory: new Map(byTerritory.map((row) => [row.territoryId, Number(row.sum)])),
      };
    },

    async ledgerTotals(): Promise<LedgerTotals> {
      const sumOf = async (kind: 'capture' | 'release' | 'refund' | 'clawback', accountFilter: SQL, sign: 1 | -1) => {
        const [row] = await db
          .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(and(eq(ledgerTransactions.kind, kind), accountFilter));
        return sign * Number(row?.sum ?? 0);
      };
      const balancesByKind = await db
        .select({ kind: ledgerAccounts.kind, sum: sql<number>`coalesce(sum(${ledgerAccounts.balance}), 0)::bigint` })
        .from(ledgerAccounts)
        .groupBy(ledgerAccounts.kind);
      const kindBalance = (...kinds: string[]) => balancesByKind.filter((row) => kinds.includes(row.kind)).reduce((sum, row) => sum + Number(row.sum), 0);
      const [open] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(disputes)
        .where(eq(disputes.status, 'open'));
      const riderAccounts = like(ledgerEntries.accountId, 'rider:%');
      return {
        captured: await sumOf('capture', eq(ledgerEntries.accountId, accounts.escrow), 1),
        inEscrow: kindBalance('escrow'),
        released: await sumOf('release', eq(ledgerEntries.accountId, accounts.escrow), -1),
        refunded: (await sumOf('refund', riderAccounts, 1)) + (await sumOf('clawback', riderAccounts, 1)),
        platformRevenue: kindBalance('platform_software', 'corporate_admin'),
        driverEarnings: kindBalance('driver'),
        licenseeCommission: kindBalance('licensee'),
        csrFunds: kindBalance('global_csr', 'local_csr'),
        openDisputes: open?.count ?? 0,
      };
    },

    /** Money credited to each payee group per UTC day (releases less clawbacks), the last `days` days, oldest first. */
    async dailyRevenue(days = 14): Promise<DailyRevenue[]> {
      const from = new Date(dayStart(now()).getTime() - (days - 1) * DAY_MS);
      const group = sql<string>`case
        when ${ledgerAccounts.kind} in ('platform_software', 'corporate_admin') then 'platform'
        when ${ledgerAccounts.kind} = 'licensee' then 'licensees'
        when ${ledgerAccounts.kind} in ('global_csr', 'local_csr') then 'csr'
        else 'drivers' end`;
      const day = sql<string>`to_char(${ledgerTransactions.postedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, group, sum: sql<number>`sum(${ledgerEntries.amount})::bigint` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            gte(ledgerTransactions.postedAt, from),
            or(eq(ledgerTransactions.kind, 'release'), eq(ledgerTransactions.kind, 'clawback')),
            inArray(ledgerAccounts.kind, ['platform_software', 'corporate_admin', 'licensee', 'global_csr', 'local_csr', 'driver']),
          ),
        )
        .groupBy(day, group);
      return Array.from({ length: days }, (_, i) => {
        const key = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        const of = (name: string) => Number(rows.find((row) => row.day === key && row.group === name)?.sum ?? 0);
        return { day: key, platform: of('platform'), licensees: of('licensees'), csr: of('csr'), drivers: of('drivers') };
      });
    },

    /** What riders paid into escrow today (captures), from the ledger. */
    async capturedToday(): Promise<number> {
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(and(eq(ledgerTransactions.kind, 'capture'), eq(ledgerEntries.accountId, accounts.escrow), gte(ledgerTransactions.postedAt, dayStart(now()))));
      return Number(row?.sum ?? 0);
    },
  };
}

export type PaymentViews = ReturnType<typeof createPaymentViews>;
