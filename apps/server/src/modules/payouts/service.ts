import {
  isoWeekBounds,
  isoWeekOf,
  type CreatePayoutRequest,
  type PageQuery,
  type Payout,
  type PayoutAccount,
  type PayoutAccountRequest,
  type PayoutOverview,
  type PayoutStatement,
} from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError, forbidden } from '../../lib/app-error';
import { toPage, type Page } from '../../lib/paging';
import type { AuthenticatedUser } from '../accounts/service';
import type { MailService } from '../mail/service';
import { noNotifications, type NotifyPort } from '../notifications/service';
import { accounts as ledgerIds, balance, post } from '../payments/ledger';
import { TransferFailed, type PayoutProvider } from './provider';
import * as repo from './repository';
import type { PayoutAccountRow, PayoutRow } from './tables';

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/** Money on its way to a bank: debited from the payee, not yet confirmed by the provider. */
export const PAYOUTS_IN_TRANSIT = 'payouts_in_transit';
/** Money that left the marketplace for the payees' banks (the counterpart of the riders' sources). */
export const PAYOUTS_EXTERNAL = 'payouts_external';

/** A pending payout is asked about again by the job once it is this old (its first answer never came). */
const PENDING_RETRY_AFTER_MS = 60_000;
/** Payees paid per weekly round at most (the next round, an interval later, takes the rest). */
const WEEKLY_BATCH = 200;

type Payee = { id: string; role: AuthenticatedUser['role'] };

/** The ledger account a payee's released money is in (payments/ledger.ts). */
export function payeeLedgerAccount(payee: Payee): string {
  if (payee.role === 'driver') return ledgerIds.driver(payee.id);
  if (payee.role === 'licensee') return ledgerIds.licensee(payee.id);
  throw forbidden('Only drivers and licensees are paid out');
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    trigger: row.trigger,
    lastFour: row.lastFour,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

function toAccount(row: PayoutAccountRow): PayoutAccount {
  return { accountHolder: row.accountHolder, lastFour: row.lastFour, provider: row.provider, updatedAt: row.updatedAt.toISOString() };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Payouts (contract §8, ADR 024): released money, the balance of the payee's ledger account, goes to
 * their bank account. A payout is three steps, each keyed so a retry repeats nothing:
 * 1. one database transaction locks the payee's payout account, checks the amount against the
 *    balance, inserts the payout (pending) and posts `payout:<id>` (payee -> in transit);
 * 2. the provider's transfer, with the idempotency key `payout:<id>`;
 * 3. one transaction records the answer: sent (`payout_paid:<id>`, in transit -> external, with the
 *    "payout sent" mail and notification) or failed (`payout_return:<id>`, in transit -> payee, the
 *    money is available again, and a notification). An unknown outcome (provider unreachable) stays
 *    pending and the job asks again with the same key.
 */
export function createPayoutsService(deps: {
  db: Database;
  provider: PayoutProvider;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  mail?: Pick<MailService, 'enqueueToUser'>;
  notifications?: NotifyPort;
}) {
  const { db, provider, now, log } = deps;
  const notifications = deps.notifications ?? noNotifications;
  const mail = deps.mail ?? { enqueueToUser: async () => false };

  /** Where a payee's console is (the mail's link). */
  const consolePath = (role: string) => (role === 'licensee' ? '/licensee-dashboard' : '/driver-dashboard');

  async function recordSent(payout: PayoutRow, transferId: string, role: string): Promise<PayoutRow> {
    const told = notifications.batch();
    const result = await db.transaction(async (tx) => {
      const sent = await repo.markSent(tx, payout.id, { providerRef: transferId, sentAt: now() });
      if (!sent) return repo.findPayout(tx, payout.id);
      await post(tx, {
        key: `payout_paid:${payout.id}`,
        kind: 'payout_paid',
        at: now(),
        memo: `payout ${payout.id} sent to the bank account ending ${payout.lastFour}`,
        postings: [
          { accountId: PAYOUTS_IN_TRANSIT, amount: -payout.amount },
          { accountId: PAYOUTS_EXTERNAL, amount: payout.amount },
        ],
      });
      await mail.enqueueToUser(tx, payout.payeeId, {
        dedupeKey: `payout-sent:${payout.id}`,
        template: 'payout-sent',
        data: { amount: payout.amount, lastFour: payout.lastFour, path: consolePath(role) },
      });
      await told.notify(tx, {
        userId: payout.payeeId,
        kind: 'payout_sent',
        data: { payoutId: payout.id, amount: payout.amount, lastFour: payout.lastFour },
        dedupeKey: `payout-sent:${payout.id}`,
      });
      return sent;
    });
    told.publish();
    return result ?? payout;
  }

  async function recordFailed(payout: PayoutRow, reason: string): Promise<PayoutRow> {
    const told = notifications.batch();
    const result = await db.transaction(async (tx) => {
      const failed = await repo.markFailed(tx, payout.id, { failureReason: reason, failedAt: now() });
      if (!failed) return repo.findPayout(tx, payout.id);
      await post(tx, {
        key: `payout_return:${payout.id}`,
        kind: 'payout_return',
        at: now(),
        memo: `payout ${payout.id} failed: ${reason}`,
        postings: [
          { accountId: PAYOUTS_IN_TRANSIT, amount: -payout.amount },
          { accountId: payout.ledgerAccount, amount: payout.amount },
        ],
      });
      await told.notify(tx, {
        userId: payout.payeeId,
        kind: 'payout_failed',
        data: { payoutId: payout.id, amount: payout.amount, lastFour: payout.lastFour, reason },
        dedupeKey: `payout-failed:${payout.id}`,
      });
      return failed;
    });
    told.publish();
    return result ?? payout;
  }

  /** Steps 2 and 3: the transfer and its outcome. An unknown outcome leaves the payout pending. */
  async function transfer(payout: PayoutRow, role: string): Promise<PayoutRow> {
    let transferId: string;
    try {
      ({ id: transferId } = await provider.transfer({
        destination: payout.providerToken,
        amount: payout.amount,
        idempotencyKey: `payout:${payout.id}`,
        description: `CoRide payout ${payout.id}`,
      }));
    } catch (error) {
      if (error instanceof TransferFailed) return recordFailed(payout, error.message);
      log.warn({ err: error, payoutId: payout.id }, 'payout transfer outcome unknown: it will be asked again');
      return payout;
    }
    return recordSent(payout, transferId, role);
  }

  /**
   * Step 1 in one transaction under the payee's account lock. Undefined when there is nothing to do
   * for a weekly payout (none due, or paid already this week).
   */
  async function debit(
    payee: Payee,
    request: { amount?: number | undefined; trigger: 'manual' | 'weekly'; week?: string; idempotencyKey?: string | undefined },
  ): Promise<{ payout: PayoutRow; isNew: boolean } | undefined> {
    const ledgerAccount = payeeLedgerAccount(payee);
    return db.transaction(async (tx) => {
      const account = await repo.lockAccount(tx, payee.id);
      if (!account) throw new AppError('PAYOUT_ACCOUNT_REQUIRED', 'Add a payout account before cashing out');
      // Under the lock: a concurrent retry with the same key, or a second weekly round, is seen here.
      if (request.idempotencyKey) {
        const existing = await repo.findByIdempotencyKey(tx, payee.id, request.idempotencyKey);
        if (existing) return { payout: existing, isNew: false };
      }
      if (request.week && (await repo.findWeekly(tx, payee.id, request.week))) return undefined;
      const available = await balance(tx, ledgerAccount);
      const amount = request.amount ?? available;
      if (available <= 0) {
        if (request.trigger === 'weekly') return undefined;
        throw new AppError('INSUFFICIENT_BALANCE', 'There is no released money to pay out yet');
      }
      if (amount > available) {
        throw new AppError('INSUFFICIENT_BALANCE', `You can cash out at most ${money(available)}`, {
          amount: `At most ${money(available)} is available`,
        });
      }
      const at = now();
      const payout = await repo.insertPayout(tx, {
        payeeId: payee.id,
        ledgerAccount,
        amount,
        status: 'pending',
        trigger: request.trigger,
        week: request.week ?? null,
        idempotencyKey: request.idempotencyKey ?? null,
        provider: account.provider,
        providerToken: account.providerToken,
        lastFour: account.lastFour,
        createdAt: at,
      });
      await post(tx, {
        key: `payout:${payout.id}`,
        kind: 'payout',
        at,
        memo: `${request.trigger} payout ${payout.id}`,
        postings: [
          { accountId: ledgerAccount, amount: -amount },
          { accountId: PAYOUTS_IN_TRANSIT, amount },
        ],
      });
      return { payout, isNew: true };
    });
  }

  async function assertPayee(payee: Payee) {
    payeeLedgerAccount(payee);
  }

  return {
    async overview(payee: Payee): Promise<PayoutOverview> {
      const account = await repo.findAccount(db, payee.id);
      return { account: account ? toAccount(account) : null, available: await balance(db, payeeLedgerAccount(payee)) };
    },

    /** Adds or replaces the payee's payout account: the bank account goes to the provider, the token stays here. */
    async saveAccount(payee: Payee, input: PayoutAccountRequest): Promise<PayoutOverview> {
      await assertPayee(payee);
      const email = (await repo.readEmail(db, payee.id)) ?? '';
      let destination: { token: string; lastFour: string };
      try {
        destination = await provider.createDestination({ ...input, payeeId: payee.id, email });
      } catch (error) {
        if (error instanceof TransferFailed) throw new AppError('BUSINESS_RULE', `The bank account was refused: ${error.message}`);
        throw error;
      }
      await repo.upsertAccount(db, {
        userId: payee.id,
        provider: provider.name,
        providerToken: destination.token,
        accountHolder: input.accountHolder,
        lastFour: destination.lastFour,
        updatedAt: now(),
      });
      return this.overview(payee);
    },

    /** `POST /api/payouts`: the amount (default: all of it) of the available balance, now. */
    async requestPayout(payee: Payee, request: CreatePayoutRequest, idempotencyKey: string | undefined): Promise<{ payout: Payout; isNew: boolean }> {
      const debited = await debit(payee, { amount: request.amount, trigger: 'manual', idempotencyKey });
      if (!debited) throw new AppError('INSUFFICIENT_BALANCE', 'There is no released money to pay out yet');
      if (!debited.isNew) return { payout: toPayout(debited.payout), isNew: false };
      return { payout: toPayout(await transfer(debited.payout, payee.role)), isNew: true };
    },

    async list(payee: Payee, page: PageQuery): Promise<Page<Payout>> {
      await assertPayee(payee);
      const rows = await repo.payoutPage(db, payee.id, page);
      return toPage(
        rows,
        page,
        (r) => ({ at: r.pageKey, id: r.row.id }),
        (r) => toPayout(r.row),
      );
    },

    /** A week of the payee's ledger account (ISO week, UTC): every entry of the week in one bucket. */
    async statement(payee: Payee, week: string): Promise<PayoutStatement> {
      const account = payeeLedgerAccount(payee);
      const bounds = isoWeekBounds(week);
      if (!bounds) throw new AppError('VALIDATION_FAILED', 'Give the week as YYYY-Www', { week: 'Give the week as YYYY-Www, e.g. 2026-W47' });
      return statementOf(db, payee.id, account, week, bounds);
    },

    /**
     * The weekly job's round: pays every payee with a payout account and a positive balance once per
     * ISO week (the payouts' unique (payee, week) and the account lock make a second round, or a second
     * instance, pay nobody twice), then asks again about the payouts whose outcome is unknown.
     */
    async runWeekly(): Promise<{ paid: number; failed: number; pending: number; retried: number }> {
      const week = isoWeekOf(now());
      const counts = { paid: 0, failed: 0, pending: 0, retried: 0 };
      const due = await repo.payeesDueWeekly(db, week, WEEKLY_BATCH);
      for (const payee of due) {
        try {
          const debited = await debit({ id: payee.userId, role: payee.role as Payee['role'] }, { trigger: 'weekly', week });
          if (!debited) continue;
          const done = await transfer(debited.payout, payee.role);
          counts[done.status === 'sent' ? 'paid' : done.status === 'failed' ? 'failed' : 'pending'] += 1;
        } catch (error) {
          log.warn({ err: error, payeeId: payee.userId }, 'weekly payout failed: it will be tried in the next round');
        }
      }
      const stale = await repo.pendingPayouts(db, new Date(now().getTime() - PENDING_RETRY_AFTER_MS), 100);
      for (const payout of stale) {
        const role = payout.ledgerAccount.startsWith('licensee:') ? 'licensee' : 'driver';
        const done = await transfer(payout, role);
        if (done.status !== 'pending') counts.retried += 1;
      }
      return counts;
    },
  };
}

async function statementOf(db: Executor, payeeId: string, account: string, week: string, bounds: { start: Date; end: Date }): Promise<PayoutStatement> {
  const openingBalance = await repo.balanceAt(db, account, bounds.start);
  const entries = await repo.entriesBetween(db, account, bounds.start, bounds.end);
  const totals = { earnings: 0, tips: 0, adjustments: 0, paidOut: 0, returned: 0 };
  const byRide = new Map<string, { earnings: number; tip: number; releasedAt: Date }>();
  for (const entry of entries) {
    if (entry.kind === 'release' && entry.rideId) {
      const ride = byRide.get(entry.rideId) ?? { earnings: 0, tip: 0, releasedAt: entry.postedAt };
      if (entry.chargeKind === 'tip') {
        ride.tip += entry.amount;
        totals.tips += entry.amount;
      } else {
        ride.earnings += entry.amount;
        totals.earnings += entry.amount;
      }
      byRide.set(entry.rideId, ride);
    } else if (entry.kind === 'payout') totals.paidOut -= entry.amount;
    else if (entry.kind === 'payout_return') totals.returned += entry.amount;
    else totals.adjustments += entry.amount;
  }
  const fees = await repo.rideFees(db, [...byRide.keys()]);
  const rides = [...byRide].map(([rideId, ride]) => ({
    rideId,
    completedAt: fees.get(rideId)?.completedAt?.toISOString() ?? null,
    releasedAt: ride.releasedAt.toISOString(),
    earnings: ride.earnings,
    tip: ride.tip,
    fees: fees.get(rideId)?.fees ?? 0,
  }));
  const closingBalance = openingBalance + entries.reduce((sum, entry) => sum + entry.amount, 0);
  return {
    week,
    start: bounds.start.toISOString(),
    end: bounds.end.toISOString(),
    openingBalance,
    closingBalance,
    ...totals,
    fees: rides.reduce((sum, ride) => sum + ride.fees, 0),
    rides,
    payouts: (await repo.payoutsBetween(db, payeeId, bounds.start, bounds.end)).map(toPayout),
  };
}
