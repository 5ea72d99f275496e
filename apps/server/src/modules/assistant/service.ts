import {
  ESCALATION_CONFIDENCE,
  isLanguageCode,
  type AssistantAction,
  type ChatRequest,
  type ChatResponse,
  type Conversation,
  type ConversationMessage,
  type ConversationSummary,
  type PageQuery,
  type SupportTicket,
  type TicketReason,
  type VoiceResponse,
} from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { mapPage, toPage, type Page } from '../../lib/paging';
import type { AuthenticatedUser } from '../accounts/service';
import { noNotifications, type NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import type { TerritoriesService } from '../territories/service';
import { composeAnswer, escalationTarget, spoken, type Answer, type Channel } from './answers';
import { NONE_INTENT, OfflineEngine, type AssistantEngine } from './engine';
import { ticketTerritory, type Facts, type FactsReader } from './facts';
import { render } from './replies';
import * as repo from './repository';
import type { LlmResponder } from './llm';

let sharedEngine: Promise<OfflineEngine> | undefined;

/**
 * The offline engine, trained once per process (per test file under vitest) however many apps are
 * built: the first call starts the training, later calls wait for the same promise.
 */
export function sharedOfflineEngine(): Promise<OfflineEngine> {
  sharedEngine ??= OfflineEngine.train().catch((error: unknown) => {
    sharedEngine = undefined;
    throw error;
  });
  return sharedEngine;
}

type TicketRow = repo.TicketRow;
type MessageRow = repo.MessageRow;

/**
 * The decision of one turn: what to say, with what confidence, and whether people take over.
 * `handover` is true when the text already says a person will answer (with a {who} placeholder).
 */
type Turn = {
  intent: string;
  confidence: number;
  /** The language the reply is written in (English where the user's language has no text for it). */
  language: string;
  /** The language the message was understood in: the conversation's language. */
  understood: string;
  text: string;
  action: AssistantAction | null;
  escalate: boolean;
  reason: TicketReason;
  handover: boolean;
};

export type AssistantService = ReturnType<typeof createAssistantService>;

export function createAssistantService(deps: {
  db: Database;
  engine: () => Promise<AssistantEngine>;
  llm?: LlmResponder | undefined;
  facts: FactsReader;
  territories: TerritoriesService;
  hub: RealtimeHub;
  notifications?: NotifyPort;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, facts: factsReader, territories, hub, now, log } = deps;
  const notifications = deps.notifications ?? noNotifications;

  /** Classifies and answers, by the AI endpoint when configured (falling back to the offline engine), else offline. */
  async function decide(message: string, hint: string | undefined, facts: Facts, channel: Channel): Promise<Turn> {
    const engine = await deps.engine();
    const canEscalate = channel === 'chat' && facts.kind !== 'anonymous';
    if (deps.llm) {
      const language = isLanguageCode(hint) && !scriptRulesOut(message, hint) ? hint : engine.detectLanguage(message);
      try {
        const result = await deps.llm.answer({ message, language, facts, channel });
        const asked = result.intent === 'support.human' || result.intent === 'safety.concern';
        const reason: TicketReason = result.intent === 'safety.concern' ? 'safety' : asked ? 'asked_for_person' : 'low_confidence';
        const action: AssistantAction | null =
          result.intent === 'safety.concern' ? { type: 'call_emergency', ...(result.action?.rideId ? { rideId: result.action.rideId } : {}) } : result.action;
        return {
          intent: result.intent,
          confidence: result.confidence,
          language,
          understood: language,
          text: result.reply,
          action,
          escalate: canEscalate && (asked || result.confidence < ESCALATION_CONFIDENCE),
          reason,
          handover: false,
        };
      } catch (error) {
        log.warn({ err: error }, 'AI endpoint failed; answering with the offline engine');
      }
    }
    const classification = await engine.classify(message, hint);
    const language = classification.language;
    const confident = classification.confidence >= ESCALATION_CONFIDENCE && classification.intent !== NONE_INTENT;
    // Below the threshold the reply is the hand-over, except for safety (call 911 first) and an explicit ask for a person.
    const answered = confident || classification.intent === 'support.human' || classification.intent === 'safety.concern' ? classification.intent : NONE_INTENT;
    const answer: Answer = composeAnswer(answered, facts, language, channel);
    return {
      intent: classification.intent,
      confidence: classification.confidence,
      language: answer.language,
      understood: language,
      text: answer.text,
      action: answer.action,
      escalate: canEscalate && answer.needsPerson,
      reason:
        classification.intent === 'safety.concern'
          ? 'safety'
          : classification.intent === 'support.human' || (answer.needsPerson && confident)
            ? 'asked_for_person'
            : 'low_confidence',
      handover: true,
    };
  }

  async function ownConversation(user: AuthenticatedUser, id: string) {
    const row = await repo.findConversation(db, id);
    if (!row || row.userId !== user.id) throw notFound('Conversation');
    return row;
  }

  /** Opens a ticket for the conversation, or returns the one already open (one open ticket per conversation). */
  async function openTicket(tx: Executor, conversationId: string, userId: string, territoryId: string | null, reason: Turn['reason']): Promise<TicketRow> {
    return repo.openTicket(tx, { conversationId, userId, territoryId, reason, at: now() });
  }

  const toMessage = (row: MessageRow): ConversationMessage => ({
    id: String(row.id),
    from: row.from,
    text: row.text,
    intent: row.intent,
    confidence: row.confidence,
    action: row.action ?? null,
    at: row.createdAt.toISOString(),
  });

  async function ticketViews(filter: { id?: string; territoryIds?: string[] }): Promise<SupportTicket[]> {
    return toTicketViews(await repo.ticketRows(db, filter));
  }

  async function ticketPage(filter: { territoryIds?: string[] }, page: PageQuery): Promise<Page<SupportTicket>> {
    const rows = await repo.ticketRows(db, filter, page);
    return mapPage(
      toPage(
        rows,
        page,
        (row) => ({ at: row.pageKey, id: row.ticket.id }),
        (row) => row,
      ),
      toTicketViews,
    );
  }

  async function toTicketViews(rows: repo.TicketDetails[]): Promise<SupportTicket[]> {
    const conversationIds = [...new Set(rows.map((r) => r.ticket.conversationId))];
    const messages = await repo.messagesOf(db, conversationIds);
    return rows.map(({ ticket, language, firstName, lastName, role }) => ({
      id: ticket.id,
      status: ticket.status,
      reason: ticket.reason,
      user: { id: ticket.userId, name: `${firstName} ${lastName.slice(0, 1)}.`, role },
      territoryId: ticket.territoryId,
      conversationId: ticket.conversationId,
      messages: messages.filter((m) => m.conversationId === ticket.conversationId).map((m) => ({ from: m.from, text: m.text, at: m.createdAt.toISOString() })),
      createdAt: ticket.createdAt.toISOString(),
      answeredAt: ticket.answeredAt?.toISOString() ?? null,
      answer: ticket.answer,
      language,
    }));
  }

  async function ticketView(id: string): Promise<SupportTicket> {
    const [view] = await ticketViews({ id });
    if (!view) throw notFound('Ticket');
    return view;
  }

  /** Tells the people who answer a ticket (the territory's licensee, or every admin without one) that it is waiting, with the conversation so far. */
  async function announceTicket(ticketId: string): Promise<void> {
    const ticket = await ticketView(ticketId);
    for (const id of await repo.ticketRecipientIds(db, ticket.territoryId)) hub.publish(id, { type: 'ticket_opened', ticket });
  }

  /** Tickets a staff member may see and answer: the licensee's territories, or all for an admin. */
  async function visibleTerritories(user: AuthenticatedUser): Promise<string[] | 'all'> {
    if (user.role !== 'admin' && user.role !== 'licensee') throw new AppError('FORBIDDEN', 'Support tickets are answered by licensees and admins');
    return territories.access.scopeOf(user);
  }

  return {
    /** POST /api/ai/chat: one turn of the support chat, stored with its conversation. */
    async chat(user: AuthenticatedUser, request: ChatRequest): Promise<ChatResponse> {
      const existing = request.conversationId ? await ownConversation(user, request.conversationId) : undefined;
      const facts = await factsReader.gather(user, request.rideId);
      const turn = await decide(request.message, request.language, facts, 'chat');
      const territoryId = ticketTerritory(facts);

      const at = now();
      const result = await db.transaction(async (tx) => {
        let conversationId = existing?.id;
        if (conversationId) {
          await repo.touchConversation(tx, conversationId, at, turn.understood);
        } else {
          conversationId = await repo.insertConversation(tx, user.id, turn.understood, at);
        }
        let text = turn.text;
        let action = turn.action;
        let ticketId: string | undefined;
        if (turn.escalate) {
          const ticket = await openTicket(tx, conversationId, user.id, territoryId, turn.reason);
          ticketId = ticket.id;
          if (!turn.handover)
            text = `${text} ${render(turn.reason !== 'low_confidence' ? 'escalate_person' : 'escalate_unsure', turn.language, { who: '{who}' })}`;
          action = action?.type === 'call_emergency' ? { ...action, ticketId: ticket.id } : { type: 'escalate_support', ticketId: ticket.id };
        }
        text = text.replaceAll('{who}', escalationTarget(territoryId, turn.language));
        await repo.insertMessages(tx, [
          { conversationId, from: 'user', text: request.message, createdAt: at },
          { conversationId, from: 'assistant', text, intent: turn.intent, confidence: turn.confidence, action, createdAt: at },
        ]);
        return { conversationId, text, action, ticketId };
      });
      if (result.ticketId) await announceTicket(result.ticketId);
      return {
        conversationId: result.conversationId,
        message: result.text,
        intent: turn.intent,
        confidence: turn.confidence,
        language: turn.language,
        action: result.action,
        escalate: turn.escalate,
      };
    },

    /** POST /api/ai/voice-assistant: a short spoken answer; personal data only for a signed-in caller. */
    async voice(user: AuthenticatedUser | null, request: { message: string; language?: string | undefined }): Promise<VoiceResponse> {
      const facts = await factsReader.gather(user);
      const turn = await decide(request.message, request.language, facts, 'voice');
      return { response: spoken(turn.text), language: turn.language, intent: turn.intent, confidence: turn.confidence };
    },

    async conversations(user: AuthenticatedUser): Promise<ConversationSummary[]> {
      const rows = await repo.recentConversationsOf(db, user.id);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const last = await repo.lastMessagesOf(db, ids);
      const open = await repo.openTicketCounts(db, ids);
      return rows.map((row) => ({
        id: row.id,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        lastMessage: last.find((m) => m.conversationId === row.id)?.text ?? null,
        openTickets: open.find((o) => o.conversationId === row.id)?.count ?? 0,
      }));
    },

    /** GET /api/ai/conversations/:id: the owner's conversation, staff answers included. */
    async conversation(user: AuthenticatedUser, id: string): Promise<Conversation> {
      const row = await ownConversation(user, id);
      const messages = await repo.messagesOf(db, [id]);
      const tickets = await repo.ticketsOfConversation(db, id);
      return {
        id: row.id,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
        messages: messages.map(toMessage),
        tickets: tickets.map((t) => ({ id: t.id, status: t.status, createdAt: t.createdAt.toISOString(), answeredAt: t.answeredAt?.toISOString() ?? null })),
      };
    },

    /** GET /api/support/tickets: a page of a licensee's territories' tickets (admins: all), newest first. */
    async tickets(user: AuthenticatedUser, page: PageQuery): Promise<Page<SupportTicket>> {
      const visible = await visibleTerritories(user);
      if (visible === 'all') return ticketPage({}, page);
      return visible.length ? ticketPage({ territoryIds: visible }, page) : { items: [], nextCursor: null };
    },

    /** POST /api/support/tickets/:id/answer: stored as a staff message, the ticket answered, the user told over the WebSocket. */
    async answerTicket(user: AuthenticatedUser, id: string, answer: string): Promise<SupportTicket> {
      const visible = await visibleTerritories(user);
      const ticket = await repo.findTicket(db, id);
      if (!ticket || (visible !== 'all' && (!ticket.territoryId || !visible.includes(ticket.territoryId)))) throw notFound('Ticket');
      if (ticket.status === 'closed') throw new AppError('CONFLICT', 'This ticket is closed');
      const at = now();
      // The answer stays: in the conversation the person reopens, and in their notifications (contract §10).
      const told = notifications.batch();
      await db.transaction(async (tx) => {
        await repo.markTicketAnswered(tx, id, answer, user.id, at);
        await repo.insertMessages(tx, { conversationId: ticket.conversationId, from: 'staff', text: answer, authorId: user.id, createdAt: at });
        await repo.touchConversation(tx, ticket.conversationId, at);
        await told.notify(tx, {
          userId: ticket.userId,
          kind: 'support_answered',
          data: { ticketId: id, conversationId: ticket.conversationId, excerpt: excerptOf(answer) },
        });
      });
      told.publish();
      hub.publish(ticket.userId, { type: 'support_answer', ticketId: id, conversationId: ticket.conversationId, answer });
      return ticketView(id);
    },
  };
}

/** The opening of a support answer as the bell shows it: whole words, at most 200 characters. */
export function excerptOf(answer: string): string {
  const text = answer.replace(/\s+/g, ' ').trim();
  if (text.length <= 200) return text;
  const cut = text.slice(0, 199);
  const space = cut.lastIndexOf(' ');
  return `${(space > 120 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A UI language whose script cannot have written this message (Chinese text with an English UI). */
function scriptRulesOut(message: string, language: string): boolean {
  const letters = message.replace(/[\s\p{P}\p{S}\p{N}]/gu, '');
  if (!letters) return false;
  const latin = (letters.match(/\p{Script=Latin}/gu) ?? []).length / letters.length;
  const latinLanguages = ['en', 'es', 'fr', 'pt', 'de', 'it', 'tr', 'vi', 'sw'];
  return latinLanguages.includes(language) ? latin < 0.5 : latin > 0.8;
}
