import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PageQuery } from '@coride/domain';
import type { Executor } from '../../db/client';
import { cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';
import { assistantConversations, assistantMessages, supportTickets } from './tables';

/** The assistant owns conversations, messages and support tickets; every write to them is here. */

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;
type NewMessage = typeof assistantMessages.$inferInsert;

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(assistantConversations).where(eq(assistantConversations.id, id));
  return row;
}

export async function insertConversation(tx: Executor, userId: string, language: string, at: Date): Promise<string> {
  const [created] = await tx
    .insert(assistantConversations)
    .values({ userId, language, createdAt: at, updatedAt: at })
    .returning({ id: assistantConversations.id });
  return created!.id;
}

/** Marks the conversation as touched at `at` (and its language, when given). */
export async function touchConversation(tx: Executor, id: string, at: Date, language?: string): Promise<void> {
  await tx
    .update(assistantConversations)
    .set(language === undefined ? { updatedAt: at } : { language, updatedAt: at })
    .where(eq(assistantConversations.id, id));
}

export async function insertMessages(tx: Executor, messages: NewMessage | NewMessage[]): Promise<void> {
  await tx.insert(assistantMessages).values(Array.isArray(messages) ? messages : [messages]);
}

/** Opens a ticket unless one is open for the conversation (unique partial index), and returns the open one. */
export async function openTicket(
  tx: Executor,
  ticket: { conversationId: string; userId: string; territoryId: string | null; reason: TicketRow['reason']; at: Date },
): Promise<TicketRow> {
  const { conversationId, userId, territoryId, reason, at } = ticket;
  await tx.insert(supportTickets).values({ conversationId, userId, territoryId, reason, status: 'open', createdAt: at }).onConflictDoNothing();
  const [open] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.conversationId, conversationId), eq(supportTickets.status, 'open')));
  return open!;
}

export async function findTicket(db: Executor, id: string): Promise<TicketRow | undefined> {
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return ticket;
}

export async function markTicketAnswered(tx: Executor, id: string, answer: string, answeredBy: string, at: Date): Promise<void> {
  await tx.update(supportTickets).set({ status: 'answered', answer, answeredBy, answeredAt: at }).where(eq(supportTickets.id, id));
}

const ticketKeyset: Keyset = { at: supportTickets.createdAt, id: supportTickets.id };

/**
 * Tickets with their conversation's language and their user, newest first (all when `territoryIds` is
 * undefined); with `page`, one page of them (`pageLimit` rows, `pageKey` their cursor: lib/paging.ts).
 */
export async function ticketRows(db: Executor, filter: { id?: string; territoryIds?: string[] }, page?: PageQuery) {
  const where =
    filter.id !== undefined ? eq(supportTickets.id, filter.id) : filter.territoryIds ? inArray(supportTickets.territoryId, filter.territoryIds) : undefined;
  const query = db
    .select({
      pageKey: cursorKey(ticketKeyset),
      ticket: supportTickets,
      language: assistantConversations.language,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(supportTickets)
    .innerJoin(assistantConversations, eq(assistantConversations.id, supportTickets.conversationId))
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(and(where, page ? pageWhere(ticketKeyset, page) : undefined))
    .orderBy(...pageOrder(ticketKeyset));
  return page ? query.limit(pageLimit(page)) : query;
}
export type TicketDetails = Awaited<ReturnType<typeof ticketRows>>[number];

export async function messagesOf(db: Executor, conversationIds: string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db.select().from(assistantMessages).where(inArray(assistantMessages.conversationId, conversationIds)).orderBy(asc(assistantMessages.id));
}

export async function ticketsOfConversation(db: Executor, conversationId: string): Promise<TicketRow[]> {
  return db.select().from(supportTickets).where(eq(supportTickets.conversationId, conversationId)).orderBy(asc(supportTickets.createdAt));
}

/** The user's 50 most recently touched conversations. */
export async function recentConversationsOf(db: Executor, userId: string): Promise<ConversationRow[]> {
  return db.select().from(assistantConversations).where(eq(assistantConversations.userId, userId)).orderBy(desc(assistantConversations.updatedAt)).limit(50);
}

/** The text of each conversation's newest message. */
export async function lastMessagesOf(db: Executor, conversationIds: string[]) {
  return db
    .selectDistinctOn([assistantMessages.conversationId], { conversationId: assistantMessages.conversationId, text: assistantMessages.text })
    .from(assistantMessages)
    .where(inArray(assistantMessages.conversationId, conversationIds))
    .orderBy(assistantMessages.conversationId, desc(assistantMessages.id));
}

export async function openTicketCounts(db: Executor, conversationIds: string[]) {
  return db
    .select({ conversationId: supportTickets.conversationId, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(inArray(supportTickets.conversationId, conversationIds), eq(supportTickets.status, 'open')))
    .groupBy(supportTickets.conversationId);
}

/** Who answers a ticket: the territory's licensee, or every admin when it has no territory. */
export async function ticketRecipientIds(db: Executor, territoryId: string | null): Promise<string[]> {
  const rows = territoryId
    ? await db.select({ id: territories.licenseeId }).from(territories).where(eq(territories.id, territoryId))
    : await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((row) => row.id);
}

/** The rider's newest ride (by request), or newest completed ride (by completion). A read of the rides table. */
export async function latestRideIdOf(db: Executor, riderId: string, completed: boolean): Promise<string | undefined> {
  const [row] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(completed ? and(eq(rides.riderId, riderId), eq(rides.status, 'completed')) : eq(rides.riderId, riderId))
    .orderBy(desc(completed ? rides.completedAt : rides.requestedAt))
    .limit(1);
  return row?.id;
}

/* The personal data of the assistant (modules/privacy, ADR 025). */

/** The person's support and assistant chats, each with its messages, and their tickets (without staff ids). */
export async function exportConversations(db: Executor, userId: string) {
  const conversations = await db
    .select({
      id: assistantConversations.id,
      language: assistantConversations.language,
      createdAt: assistantConversations.createdAt,
      updatedAt: assistantConversations.updatedAt,
    })
    .from(assistantConversations)
    .where(eq(assistantConversations.userId, userId))
    .orderBy(asc(assistantConversations.createdAt));
  const ids = conversations.map((conversation) => conversation.id);
  const messages = ids.length
    ? await db
        .select({
          conversationId: assistantMessages.conversationId,
          from: assistantMessages.from,
          text: assistantMessages.text,
          createdAt: assistantMessages.createdAt,
        })
        .from(assistantMessages)
        .where(inArray(assistantMessages.conversationId, ids))
        .orderBy(asc(assistantMessages.id))
    : [];
  const tickets = await db
    .select({
      id: supportTickets.id,
      conversationId: supportTickets.conversationId,
      reason: supportTickets.reason,
      status: supportTickets.status,
      answer: supportTickets.answer,
      createdAt: supportTickets.createdAt,
      answeredAt: supportTickets.answeredAt,
      closedAt: supportTickets.closedAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt));
  return {
    conversations: conversations.map((conversation) => ({
      ...conversation,
      messages: messages.filter((message) => message.conversationId === conversation.id).map(({ conversationId: _id, ...message }) => message),
    })),
    supportTickets: tickets,
  };
}

/** The person's chats go whole (messages and tickets with them, by cascade). */
export async function eraseConversations(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(assistantConversations).where(eq(assistantConversations.userId, userId)).returning({ id: assistantConversations.id });
  return deleted.length;
}

/** Retention: chats nobody wrote in since `cutoff` (2 years), everyone's, a batch at a time. */
export async function deleteIdleConversations(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db.select({ id: assistantConversations.id }).from(assistantConversations).where(lt(assistantConversations.updatedAt, cutoff)).limit(limit);
  const deleted = await db.delete(assistantConversations).where(inArray(assistantConversations.id, due)).returning({ id: assistantConversations.id });
  return deleted.length;
}
