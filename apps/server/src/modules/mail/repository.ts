import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../accounts/tables';
import { mailOutbox, type MailRow, type MailStatus } from './tables';

export type NewMail = {
  dedupeKey: string;
  toAddress: string;
  userId: string | null;
  language: string;
  template: string;
  data: Record<string, unknown>;
  /** The first try: now (the app's clock). */
  dueAt: Date;
};

/** Writes a mail unless one with the same dedupe key exists (the event was already mailed); true when written. */
export async function insertMail(db: Executor, mail: NewMail): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      toAddress: mail.toAddress,
      userId: mail.userId,
      language: mail.language,
      template: mail.template,
      data: mail.data,
      nextAttemptAt: mail.dueAt,
      createdAt: mail.dueAt,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/**
 * Where and how to write to a user (accounts owns the table): read in the caller's transaction. None
 * for a deleted account (its address is gone, ADR 025).
 */
export async function readRecipient(db: Executor, userId: string): Promise<{ email: string; firstName: string; language: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/**
 * Claims the pending mail due longest ago, if any: in one short transaction the row is taken FOR UPDATE
 * SKIP LOCKED (so two processes never claim the same row, and neither waits for the other), its
 * attempt is counted and its due time moved to `leaseUntil`. The transaction ends before the mail is
 * sent; a process that dies while sending leaves the row to be claimed again once the lease is over.
 * The returned `attempts` is the claim's fence for the updates below.
 */
export async function claimDue(db: Database, now: Date, leaseUntil: Date): Promise<MailRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [row] = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(eq(mailOutbox.id, due.id))
      .returning();
    return row;
  });
}

/** The claim's row, unless another claim took it since (its lease ran out): then nothing changes. */
const claimed = (row: Pick<MailRow, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, row.attempts));

export async function markSent(db: Executor, row: Pick<MailRow, 'id' | 'attempts'>, messageId: string, at: Date): Promise<boolean> {
  const rows = await db.update(mailOutbox).set({ status: 'sent', messageId, sentAt: at, lastError: null }).where(claimed(row)).returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Printed to the log instead of sent (no SMTP server configured): kept, never sent later. */
export async function markLogged(db: Executor, row: Pick<MailRow, 'id' | 'attempts'>, messageId: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'logged', messageId, sentAt: at }).where(claimed(row));
}

/** A failed attempt: due again at `retryAt`, or `failed` for good when `retryAt` is undefined. */
export async function markAttemptFailed(db: Executor, row: Pick<MailRow, 'id' | 'attempts'>, error: string, retryAt: Date | undefined): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(claimed(row));
}

/** How many mails are in each of the given statuses (the metrics; the status index serves it). */
export async function countByStatus(db: Executor, statuses: MailStatus[]): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, statuses))
    .groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0, logged: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** The mails of one dedupe key or user, oldest first (tests and, later, the account export). */
export async function mailsOf(db: Executor, filter: { dedupeKey: string } | { userId: string }): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where('dedupeKey' in filter ? eq(mailOutbox.dedupeKey, filter.dedupeKey) : eq(mailOutbox.userId, filter.userId))
    .orderBy(asc(mailOutbox.createdAt));
}

/* The personal data of mail (modules/privacy, ADR 025). */

/** The mails sent (or to be sent) to the person, without one-time links (`path` may hold a token). */
export async function exportMails(db: Executor, userId: string) {
  const rows = await db
    .select({
      template: mailOutbox.template,
      toAddress: mailOutbox.toAddress,
      language: mailOutbox.language,
      data: mailOutbox.data,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map(({ data, ...mail }) => {
    const { path: _link, ...values } = data;
    return { ...mail, data: values };
  });
}

/** Every mail to the person goes (address, name and contents), whatever its state. */
export async function eraseMails(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(mailOutbox).where(eq(mailOutbox.userId, userId)).returning({ id: mailOutbox.id });
  return deleted.length;
}
