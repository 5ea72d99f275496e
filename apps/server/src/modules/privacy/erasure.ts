import type { Executor } from '../../db/client';
import * as accountsRepo from '../accounts/repository';
import { personalDataParts, type PersonalDataPart } from './personal-data';

const DAY_MS = 86_400_000;

/** A deleted account's personal data is erased this long after the deletion (contract §8: within 30 days). */
export const ERASE_AFTER_MS = 30 * DAY_MS;

/**
 * Accounts erased per batch. Each touches a dozen tables, so a batch is far smaller than the
 * retention sweep's row batches; answering fewer than the sweep's batch size ends the rule's round,
 * and the next sweep (RETENTION_SWEEP_MS) takes the next ones.
 */
export const ERASURE_ACCOUNTS_PER_BATCH = 20;

/**
 * The retention rule's batch (modules/retention): accounts deleted before `cutoff` and not erased
 * yet, each erased by every module's part in the sweep's transaction, then marked erased. Answers
 * how many accounts were erased.
 */
export function eraseDeletedAccounts(parts: readonly PersonalDataPart[] = personalDataParts) {
  return async (tx: Executor, cutoff: Date, limit: number): Promise<number> => {
    const due = await accountsRepo.deletedAccountsDue(tx, cutoff, Math.min(limit, ERASURE_ACCOUNTS_PER_BATCH));
    const erasedAt = new Date(cutoff.getTime() + ERASE_AFTER_MS);
    for (const userId of due) {
      for (const part of parts) await part.eraseFor(tx, userId);
      await accountsRepo.markUserErased(tx, userId, erasedAt);
    }
    return due.length;
  };
}
