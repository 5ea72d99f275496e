import type { Executor } from '../../db/client';

/**
 * What one module holds about a person, and how it is handed over and erased (contract §8,
 * docs/decisions/025-account-deletion-and-erasure.md).
 *
 * - `exportFor` answers everything the module holds about the user, as plain JSON (it becomes the
 *   `name` key of `GET /api/users/me/export`). Never secrets: no password or token hashes, no
 *   provider tokens or full account numbers (a card is its brand and last four digits).
 * - `eraseFor` runs in the retention sweep's transaction, 30 days after the account was deleted: it
 *   deletes the module's rows about the user, or, where a row must stay (a trip, a charge, anything
 *   the append-only ledger points at), overwrites its personal columns (names, addresses, phone,
 *   free text, exact coordinates). It answers how many rows it touched and must be idempotent (a
 *   second run touches nothing, or harmlessly the same rows).
 * - `blocksDeletion` (optional) answers why the account cannot be deleted right now (409 with
 *   `code`), e.g. money on its way; undefined when nothing in this module stands in the way.
 *
 * To add your module's part: write the functions in YOUR module's repository (only the owner writes
 * its tables, ADR 013; a repository may read other modules' tables for a join), add one entry to
 * `personalDataParts` below, and extend test/modules/privacy/erasure.test.ts's data set with a row of
 * yours (the test searches every text and jsonb column of every table for the erased person).
 */
export type PersonalDataPart = {
  name: string;
  exportFor(db: Executor, userId: string): Promise<unknown>;
  eraseFor(tx: Executor, userId: string): Promise<number>;
  blocksDeletion?(db: Executor, userId: string): Promise<DeletionBlocker | undefined>;
};

/** Why an account cannot be deleted yet: answered as 409 `{code, error: message}`. */
export type DeletionBlocker = { code: string; message: string };

/** Every module's part, in the export's key order. Payouts (payout accounts) and preferences
 * (notification preferences, emergency contacts) add theirs here. */
export const personalDataParts: PersonalDataPart[] = [];
