import { z } from 'zod';
import { isLanguageCode, type LanguageCode } from './languages';
import { text } from './text';

/*
 * The assistants' API (contract section 6; spec §7: POST /api/ai/chat reads message, conversationId,
 * action, confidence, escalate; POST /api/ai/voice-assistant reads response).
 */

/** Below this confidence a reply escalates to people (spec: escalation below 0.7). */
export const ESCALATION_CONFIDENCE = 0.7;

export const assistantActionTypes = [
  'escalate_support',
  'open_dispute',
  'cancel_ride',
  'view_receipt',
  'open_payments',
  'go_online',
  'book_ride',
  'call_emergency',
] as const;
export type AssistantActionType = (typeof assistantActionTypes)[number];

/** Something the assistant proposes; the UI offers it as a button, nothing happens without the user. */
export const assistantActionSchema = z.object({
  type: z.enum(assistantActionTypes),
  /** The ride the action is about, when there is one. */
  rideId: z.string().optional(),
  /** The support ticket opened by an escalation. */
  ticketId: z.string().optional(),
});
export type AssistantAction = z.infer<typeof assistantActionSchema>;

const languageCode = z.custom<LanguageCode>((value) => isLanguageCode(value), 'Unknown language');

export const chatRequestSchema = z.object({
  message: text({ multiline: true }).min(1, 'Type a message').max(1000, 'Keep the message under 1000 characters'),
  conversationId: z.uuid().optional(),
  /** The ride the rider is asking about (the spec's payload); defaults to their active or latest ride. */
  rideId: z.uuid().optional(),
  /** The UI language; detected from the message when absent. */
  language: languageCode.optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatResponseSchema = z.object({
  conversationId: z.string(),
  message: z.string(),
  intent: z.string(),
  confidence: z.number().min(0).max(1),
  language: z.string(),
  action: assistantActionSchema.nullable(),
  /** True when the reply handed the conversation to people (low confidence or asked for). */
  escalate: z.boolean(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const voiceRequestSchema = z.object({
  message: text({ multiline: true }).min(1).max(1000),
  language: languageCode.optional(),
  /** A fixed value identifying the platform (spec). */
  context: text().max(100).optional(),
});
export const voiceResponseSchema = z.object({ response: z.string(), language: z.string(), intent: z.string(), confidence: z.number() });
export type VoiceResponse = z.infer<typeof voiceResponseSchema>;

export const ticketStatuses = ['open', 'answered', 'closed'] as const;
/** Why a conversation went to people: the assistant was unsure, the user asked, or a safety concern (always a person). */
export const ticketReasons = ['low_confidence', 'asked_for_person', 'safety'] as const;
export type TicketReason = (typeof ticketReasons)[number];

export const supportTicketSchema = z.object({
  id: z.string(),
  status: z.enum(ticketStatuses),
  reason: z.enum(ticketReasons),
  user: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  territoryId: z.string().nullable(),
  conversationId: z.string(),
  /** The conversation attached to the ticket, oldest first. */
  messages: z.array(z.object({ from: z.enum(['user', 'assistant', 'staff']), text: z.string(), at: z.string() })),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** The staff's latest answer, also stored in the conversation as a `staff` message. */
  answer: z.string().nullable(),
  /** The language the user wrote in, so staff know what to answer in. */
  language: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const answerTicketSchema = z.object({ answer: text({ multiline: true }).min(2, 'Write an answer').max(4000, 'Keep the answer under 4000 characters') });
export type AnswerTicketRequest = z.infer<typeof answerTicketSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['user', 'assistant', 'staff']),
  text: z.string(),
  intent: z.string().nullable(),
  confidence: z.number().nullable(),
  action: assistantActionSchema.nullable(),
  at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** GET /api/ai/conversations/:id: the whole conversation, staff answers included, oldest first. */
export const conversationSchema = z.object({
  id: z.string(),
  language: z.string(),
  createdAt: z.string(),
  messages: z.array(conversationMessageSchema),
  tickets: z.array(z.object({ id: z.string(), status: z.enum(ticketStatuses), createdAt: z.string(), answeredAt: z.string().nullable() })),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/ai/conversations: the caller's conversations, newest first. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  language: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessage: z.string().nullable(),
  openTickets: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

// --- dispute mediation ---------------------------------------------------------------------------

export const mediationResolutions = ['refund_full', 'refund_partial', 'release'] as const;

/** What the assistant gathered about a disputed ride (all durations in minutes, money in cents). */
export const mediationFactsSchema = z.object({
  rideId: z.string(),
  reason: z.string(),
  description: z.string(),
  quotedDistance: z.number(),
  quotedDuration: z.number(),
  /** From startedAt to completedAt; null when the ride has no such times. */
  actualDuration: z.number().nullable(),
  /** actualDuration / quotedDuration (1.5 = 50% longer); null when unknown. */
  durationRatio: z.number().nullable(),
  /** From acceptedAt to startedAt. */
  waitMinutes: z.number().nullable(),
  /** The driver's estimated time to the pickup when they accepted (from the accepted offer's distance). */
  etaAtAcceptMinutes: z.number().nullable(),
  totalFare: z.number().int(),
  timeFare: z.number().int(),
  tip: z.number().int(),
  /** Fare captured and not refunded yet: the most a refund can be. */
  disputable: z.number().int(),
  /** Whether the fare has already left escrow (a refund then claws back from the payees). */
  released: z.boolean(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  priorDisputes: z.object({
    count: z.number().int(),
    refundedFull: z.number().int(),
    refundedPartial: z.number().int(),
    released: z.number().int(),
    open: z.number().int(),
  }),
});
export type MediationFacts = z.infer<typeof mediationFactsSchema>;

export const mediationProposalSchema = z.object({
  resolution: z.enum(mediationResolutions),
  refundAmount: z.number().int(),
  /** Why, in words the licensee can pass on to the rider. */
  reason: z.string(),
  /** The id of the written rule that decided it (apps/server/src/modules/assistant/mediation-rules.ts). */
  rule: z.string(),
});
export type MediationProposal = z.infer<typeof mediationProposalSchema>;

export const mediationSchema = z.object({
  disputeId: z.string(),
  facts: mediationFactsSchema,
  proposal: mediationProposalSchema,
  rulesVersion: z.string(),
  /** Things a person should look at before following the proposal (repeat disputes, a released fare…). */
  cautions: z.array(z.string()),
});
export type Mediation = z.infer<typeof mediationSchema>;

/** Kept on the dispute: the proposal shown to the licensee and what they decided ("the decision and its reason are kept"). */
export const disputeMediationRecordSchema = z.object({
  rulesVersion: z.string(),
  proposal: mediationProposalSchema,
  /** When the proposal was first shown (GET /api/disputes/:id/mediation); null when the dispute was resolved without looking. */
  shownAt: z.string().nullable(),
  decision: z
    .object({
      resolution: z.enum(mediationResolutions),
      refundAmount: z.number().int(),
      followedProposal: z.boolean(),
      /** The licensee's note. */
      reason: z.string(),
      decidedBy: z.string(),
      decidedAt: z.string(),
    })
    .nullable(),
});
export type DisputeMediationRecord = z.infer<typeof disputeMediationRecordSchema>;
