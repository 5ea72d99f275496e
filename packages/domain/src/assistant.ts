import { z } from 'zod';
import { isLanguageCode, type LanguageCode } from './languages';

/*
 * The assistants' API (contract section 6; spec §7: POST /api/ai/chat reads message, conversationId,
 * action, confidence, escalate; POST /api/ai/voice-assistant reads response).
 */

/** Below this confidence a reply escalates to people (spec: escalation below 0.7). */
export const ESCALATION_CONFIDENCE = 0.7;

export const assistantActionTypes = ['escalate_support', 'open_dispute', 'cancel_ride', 'view_receipt', 'open_payments', 'go_online', 'book_ride', 'call_emergency'] as const;
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
  message: z.string().trim().min(1, 'Type a message').max(1000, 'Keep the message under 1000 characters'),
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
  message: z.string().trim().min(1).max(1000),
  language: languageCode.optional(),
  /** A fixed value identifying the platform (spec). */
  context: z.string().max(100).optional(),
});
export const voiceResponseSchema = z.object({ response: z.string(), language: z.string(), intent: z.string(), confidence: z.number() });
export type VoiceResponse = z.infer<typeof voiceResponseSchema>;

export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export const supportTicketSchema = z.object({
  id: z.string(),
  status: z.enum(ticketStatuses),
  reason: z.enum(['low_confidence', 'asked_for_person']),
  user: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  territoryId: z.string().nullable(),
  conversationId: z.string(),
  /** The conversation attached to the ticket, oldest first. */
  messages: z.array(z.object({ from: z.enum(['user', 'assistant', 'staff']), text: z.string(), at: z.string() })),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const answerTicketSchema = z.object({ answer: z.string().trim().min(2, 'Write an answer').max(4000, 'Keep the answer under 4000 characters') });
