import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import * as accountsRepo from '../accounts/repository';
import * as assistantRepo from '../assistant/repository';
import { ERASE_AFTER_MS, eraseDeletedAccounts } from '../privacy/erasure';
import { personalDataParts, type PersonalDataPart } from '../privacy/personal-data';
import * as rewardsRepo from '../rewards/repository';
import * as ridesRepo from '../rides/repository';

const DAY_MS = 86_400_000;

/** Rows deleted per statement, and statements per rule in one sweep: a sweep's work is bounded however large the backlog. */
export const RETENTION_BATCH_SIZE = 1000;
export const RETENTION_MAX_BATCHES_PER_RULE = 20;

/** One sweep at a time across every instance: the others skip that round. */
const RETENTION_LOCK = sql`hashtext('retention_sweep')`;

/**
 * One kind of row that stops being read after a while. `deleteBatch` deletes at most `limit` rows
 * older than `cutoff` (= now − keepMs) and answers how many it deleted.
 */
export type RetentionRule = {
  name: string;
  keepMs: number;
  deleteBatch(db: Executor, cutoff: Date, limit: number): Promise<number>;
};

/**
 * What the sweep deletes, and why each row is no longer needed. This is the place to add a rule
 * (e.g. erasing deleted accounts' personal data, contract §8): a name, how long to keep, a bounded
 * delete in the owning module's repository (only the owner writes its tables), and a test in test/retention.test.ts.
 */
export function retentionRulesFor(personalData: readonly PersonalDataPart[] = personalDataParts): RetentionRule[] {
  return [
    {
      // A token that expired or was revoked can never sign in again (accounts only accept unrevoked,
      // unexpired ones). A week of them is kept so a recent sign-out or revocation can still be looked up.
      name: 'sessions',
      keepMs: 7 * DAY_MS,
      deleteBatch: accountsRepo.deleteEndedSessions,
    },
    {
      // A mailed verification or reset link that was used or ran out can never be used again (accounts
      // take only unused, unexpired ones); a week is kept so "this link was already used" can still be told.
      name: 'account_tokens',
      keepMs: 7 * DAY_MS,
      deleteBatch: accountsRepo.deleteEndedAccountTokens,
    },
    {
      // Booking accepts a quote only before it expires (10 minutes), and a ride copies the quoted price
      // into its own columns: nothing references ride_quotes, so a quote a day past its expiry is dead.
      name: 'ride_quotes',
      keepMs: DAY_MS,
      deleteBatch: ridesRepo.deleteExpiredQuotes,
    },
    {
      // Only rejected submissions go. Pending ones wait for a licensee; accepted ones are community
      // actions that tiers, the month-end bonus pool (which may judge a month after it ended) and the
      // authors' history read, and each needed a licensee's approval, so they cannot pile up unchecked.
      // A rejected one earned nothing and is read only by the submission lists: after 90 days (the
      // performance period) it is gone, so spam sent and rejected does not grow the table for ever.
      name: 'community_submissions',
      keepMs: 90 * DAY_MS,
      deleteBatch: rewardsRepo.deleteRejectedSubmissions,
    },
    {
      // Contract §8, ADR 025: 30 days after an account was deleted (time to notice a mistake or a
      // fraud), every module erases what it holds about the person (privacy/personal-data.ts lists the
      // parts): names, contact details, addresses and exact places of their trips, cards, chats, mails
      // and notifications. Trips, charges and the append-only ledger stay, pointing at an anonymous id.
      name: 'deleted_accounts',
      keepMs: ERASE_AFTER_MS,
      deleteBatch: eraseDeletedAccounts(personalData),
    },
    {
      // Support and assistant chats are kept 2 years after their last message, for everyone (contract
      // §8): long enough for a complaint or a dispute about a trip to be looked into, no longer.
      name: 'assistant_conversations',
      keepMs: 2 * 365 * DAY_MS,
      deleteBatch: assistantRepo.deleteIdleConversations,
    },
    {
      // A trip record is kept 7 years (tax and accounting) but its places are the rider's: after 7 years
      // its addresses go and its coordinates are blurred to about a kilometre, for every rider. The row
      // itself stays: the append-only ledger points at it.
      name: 'trip_places',
      keepMs: 7 * 365 * DAY_MS,
      deleteBatch: ridesRepo.eraseOldTripPlaces,
    },
  ];
}

/** The rules with every module's personal-data part but the ones made at start (driver documents' files). */
export const retentionRules: RetentionRule[] = retentionRulesFor();

export type RetentionSweepResult = { skipped: boolean; deleted: Record<string, number> };

/**
 * Deletes what the rules say is no longer needed, in batches of `batchSize` rows, at most
 * `maxBatchesPerRule` per rule and sweep (the rest waits for the next sweep). Each batch is
 * its own short transaction holding a transaction-level advisory lock, so two instances never sweep
 * at the same time; when another instance holds it, this sweep stops and leaves the rest to it.
 */
export function createRetentionService(deps: {
  db: Database;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'info'>;
  rules?: RetentionRule[];
  /** The parts the deleted-account erasure runs (privacy/personal-data.ts), when `rules` is not given. */
  personalData?: readonly PersonalDataPart[];
  /** Smaller batches let a test see the bound without inserting tens of thousands of rows. */
  batchSize?: number;
  maxBatchesPerRule?: number;
}) {
  const {
    db,
    now,
    log,
    personalData,
    rules = retentionRulesFor(personalData),
    batchSize = RETENTION_BATCH_SIZE,
    maxBatchesPerRule = RETENTION_MAX_BATCHES_PER_RULE,
  } = deps;

  /** One batch of one rule under the lock; undefined when another instance is sweeping. */
  async function batch(rule: RetentionRule, cutoff: Date): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
      if ((lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) return undefined;
      return rule.deleteBatch(tx, cutoff, batchSize);
    });
  }

  return {
    async sweep(): Promise<RetentionSweepResult> {
      const at = now();
      const deleted: Record<string, number> = {};
      for (const rule of rules) {
        const cutoff = new Date(at.getTime() - rule.keepMs);
        let ruleDeleted = 0;
        for (let round = 0; round < maxBatchesPerRule; round += 1) {
          const count = await batch(rule, cutoff);
          if (count === undefined) return { skipped: true, deleted: { ...deleted, [rule.name]: ruleDeleted } };
          ruleDeleted += count;
          if (count < batchSize) break;
        }
        deleted[rule.name] = ruleDeleted;
      }
      const total = Object.values(deleted).reduce((sum, count) => sum + count, 0);
      if (total > 0) log?.info({ deleted }, 'retention sweep deleted old rows');
      return { skipped: false, deleted };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
