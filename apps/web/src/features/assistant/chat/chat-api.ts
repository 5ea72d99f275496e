import type { ChatRequest, ChatResponse, Conversation } from '@coride/domain/assistant';
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

/** The rider's cancellation, the same call as the booking page's Cancel. */
export function cancelRide(id: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} });
}
