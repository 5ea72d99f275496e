import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns';

// Tables owned by mail: only this module writes them (docs/architecture.md, Data; ADR 019).

export const mailStatuses = ['pending', 'sent', 'failed', 'logged'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The outbox: a mail is written in the transaction of the event that causes it (one row per event:
 * `dedupe_key`) and sent later by the delivery job. Kept after sending; `failed` once every attempt
 * failed, `logged` when no SMTP server is configured (printed to the log instead).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The event that causes the mail ("driver-application-approved:<applicationId>"): one mail per event. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    toAddress: text('to_address').notNull(),
    /** The addressee's account, when the mail is about one (null for a mail to an address alone). */
    userId: uuid('user_id'),
    /** One of the 17 UI languages (anything else is rendered in English). */
    language: text('language').notNull(),
    template: text('template').notNull(),
    /** The values the template is filled with, fixed when the event happened. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    /** Sending attempts started (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the mail is due next: its first try, a retry after back-off, or the end of a claim's lease. */
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** The last failure, as the mail server or the network said it (never the SMTP URL). */
    lastError: text('last_error'),
    /** The Message-ID header sent: the same on every attempt of one row. */
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    // The delivery job's scan (pending rows by due time) and the metrics' counts by status.
    index('mail_outbox_status_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'logged')`),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;
