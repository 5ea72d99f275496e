import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssistantAction } from '@coride/domain';
import { at } from '../../db/columns';
import { users } from '../accounts/tables';
import { territories } from '../territories/tables';

// Tables owned by the assistant (support chat, tickets): only this module writes them.

/** A support chat of one user with the assistant (and, once escalated, with people). */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language of the latest exchange. */
    language: text('language').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.updatedAt)],
);

export const assistantMessages = pgTable(
  'assistant_messages',
  {
    /** Increasing: orders the messages even when the clock gives two of them the same time. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    from: text('sender', { enum: ['user', 'assistant', 'staff'] }).notNull(),
    text: text('text').notNull(),
    intent: text('intent'),
    confidence: doublePrecision('confidence'),
    action: jsonb('action').$type<AssistantAction>(),
    /** The staff member who wrote a `staff` message. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.id),
    check('assistant_messages_sender_check', sql`${t.from} in ('user', 'assistant', 'staff')`),
  ],
);

/** A conversation handed to people: the territory's licensee, or the admins when there is no territory. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['low_confidence', 'asked_for_person', 'safety'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    answeredAt: at('answered_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('support_tickets_territory_idx').on(t.territoryId, t.status, t.createdAt),
    // The tickets list, newest first, all or of some territories (lib/paging.ts).
    index('support_tickets_created_idx').on(t.createdAt, t.id),
    index('support_tickets_territory_created_idx').on(t.territoryId, t.createdAt, t.id),
    // One open ticket per conversation: a second escalation joins the open one.
    uniqueIndex('support_tickets_one_open')
      .on(t.conversationId)
      .where(sql`${t.status} = 'open'`),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_reason_check', sql`${t.reason} in ('low_confidence', 'asked_for_person', 'safety')`),
  ],
);
