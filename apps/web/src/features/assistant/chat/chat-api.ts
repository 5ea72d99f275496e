import type { ChatRequest, ChatResponse, Conversation, ConversationSummary } from '@coride/domain/assistant';
import type { Ride } from '@coride/domain';
import { apiRequest } from '@/lib/api';

/** POST /api/ai/chat: the reply, with the conversation id to send back, a confidence and maybe an action. */
export function sendChatMessage(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  return apiRequest<ChatResponse>('/api/ai/chat', { method: 'POST', body: request, signal });
}

/**
 * The people's answers in a stored conversation (GET /api/ai/conversations/:id): re-read when the
 * panel opens again or the socket reconnects, so an answer sent while the page was elsewhere shows.
 */
export async function getSupportAnswers(conversationId: string, signal?: AbortSignal): Promise<{ key: string; answer: string; at: string }[]> {
  const conversation = await apiRequest<Conversation>(`/api/ai/conversations/${encodeURIComponent(conversationId)}`, { signal });
  return conversation.messages.filter((m) => m.from === 'staff' && m.text).map((m) => ({ key: m.id, answer: m.text, at: m.at }));
}

/** A conversation this recent is picked up again when the chat opens on a new visit. */
const RESUME_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * The person's newest stored conversation (GET /api/ai/conversations, newest first), whole, if it is
 * recent or still waits for a person's answer, and was not cleared (`clearedId`): a reload or a later
 * visit shows the chat where it was, the people's answers included.
 */
export async function getResumableConversation(clearedId: string | null, at = Date.now()): Promise<Conversation | null> {
  const [latest] = await apiRequest<ConversationSummary[]>('/api/ai/conversations');
  if (!latest || latest.id === clearedId) return null;
  if (latest.openTickets === 0 && at - new Date(latest.updatedAt).getTime() > RESUME_WITHIN_MS) return null;
  return apiRequest<Conversation>(`/api/ai/conversations/${encodeURIComponent(latest.id)}`);
}

/** The rider's cancellation, the same call as the booking page's Cancel. */
export function cancelRide(id: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} });
}
