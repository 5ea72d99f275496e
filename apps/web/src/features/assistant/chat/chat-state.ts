import type { AssistantAction, ChatResponse, Conversation } from '@coride/domain/assistant';

/** Below this a reply is handed to people (spec: escalation below 0.7; the domain's ESCALATION_CONFIDENCE). */
export const ESCALATION_CONFIDENCE = 0.7;

/**
 * One bubble of the AI chat (spec §3: id, role, content, timestamp, confidence, action). Besides the
 * rider and the assistant, a person from local support may answer ('staff'). The welcome message and
 * the technical-difficulties reply are `kind`s rendered in the reader's language, not stored text.
 */
export type ChatMessage = {
  id: string;
  role: 'user' | 'assistant' | 'staff';
  kind?: 'welcome' | 'error';
  content: string;
  timestamp: string;
  confidence?: number;
  action?: AssistantAction | null;
};

export type ChatState = {
  messages: ChatMessage[];
  /** From the first reply, sent with every later message; Clear drops it. */
  conversationId?: string;
  /** A reply is awaited: nothing else is sent meanwhile. */
  isPending: boolean;
};

export type ChatEvent =
  | { type: 'sent'; id: string; content: string; at: string }
  | { type: 'replied'; id: string; reply: ChatResponse; at: string }
  | { type: 'failed'; id: string; at: string }
  /** A person's answer: live (keyed by its ticket) or re-read from the stored conversation (keyed by message). */
  | { type: 'support_answered'; key: string; conversationId: string; answer: string; at: string }
  /** The person's latest stored conversation, read when the chat opens on a new visit (its people's answers included). */
  | { type: 'restored'; conversation: Conversation }
  | { type: 'cleared'; at: string };

export const WELCOME_ID = 'welcome';

export function initialChatState(at = new Date().toISOString()): ChatState {
  return { messages: [{ id: WELCOME_ID, role: 'assistant', kind: 'welcome', content: '', timestamp: at }], isPending: false };
}

/** The text a rider may send: not empty, not only spaces, and not while a reply is awaited. */
export function sendableText(state: ChatState, draft: string): string | null {
  const text = draft.trim();
  return text && !state.isPending ? text : null;
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'sent':
      if (state.isPending) return state;
      return { ...state, isPending: true, messages: [...state.messages, { id: event.id, role: 'user', content: event.content, timestamp: event.at }] };
    case 'replied': {
      const { reply } = event;
      const message: ChatMessage = {
        id: event.id,
        role: 'assistant',
        content: reply.message,
        timestamp: event.at,
        confidence: reply.confidence,
        action: reply.action,
      };
      return { conversationId: state.conversationId ?? reply.conversationId, isPending: false, messages: [...state.messages, message] };
    }
    case 'failed':
      return {
        ...state,
        isPending: false,
        messages: [...state.messages, { id: event.id, role: 'assistant', kind: 'error', content: '', timestamp: event.at }],
      };
    case 'support_answered': {
      // Only the open conversation, and each answer once: it may come live and again from a re-read.
      const id = `staff-${event.key}`;
      const isKnown = state.messages.some((m) => m.id === id || (m.role === 'staff' && m.content === event.answer));
      if (event.conversationId !== state.conversationId || isKnown) return state;
      return { ...state, messages: [...state.messages, { id, role: 'staff', content: event.answer, timestamp: event.at }] };
    }
    case 'restored': {
      // Only into a chat that has nothing of its own yet: a conversation under way is never replaced.
      if (state.conversationId || state.isPending || state.messages.some((m) => m.id !== WELCOME_ID)) return state;
      const { conversation } = event;
      const stored = conversation.messages
        .filter((m) => m.text)
        .map((m): ChatMessage => {
          const message: ChatMessage = { id: m.from === 'staff' ? `staff-${m.id}` : `stored-${m.id}`, role: m.from, content: m.text, timestamp: m.at };
          return m.from === 'assistant' ? { ...message, ...(m.confidence !== null ? { confidence: m.confidence } : {}), action: m.action } : message;
        });
      return { conversationId: conversation.id, isPending: false, messages: [...state.messages, ...stored] };
    }
    case 'cleared':
      return initialChatState(event.at);
  }
}

/** Whether a reply should say a person will take over (spec: confidence below 0.7 or escalate). */
export function needsPerson(reply: Pick<ChatResponse, 'confidence' | 'escalate'>): boolean {
  return reply.escalate || reply.confidence < ESCALATION_CONFIDENCE;
}
