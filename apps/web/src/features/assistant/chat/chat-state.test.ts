import type { ChatResponse, Conversation } from '@coride/domain/assistant';
import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState, needsPerson, sendableText, WELCOME_ID, type ChatState } from './chat-state';

const at = '2025-01-01T00:00:00.000Z';
const reply = (overrides: Partial<ChatResponse> = {}): ChatResponse => ({
  conversationId: 'c1',
  message: 'Your driver is 3 minutes away.',
  intent: 'ride.eta',
  confidence: 0.9,
  language: 'en',
  action: null,
  escalate: false,
  ...overrides,
});

function conversation(): ChatState {
  let state = initialChatState(at);
  state = chatReducer(state, { type: 'sent', id: 'u1', content: 'Where is my driver?', at });
  return chatReducer(state, { type: 'replied', id: 'a1', reply: reply(), at });
}

describe('chat messages', () => {
  it('starts with the welcome message only', () => {
    const state = initialChatState(at);
    expect(state.messages.map((m) => m.id)).toEqual([WELCOME_ID]);
    expect(state.conversationId).toBeUndefined();
    expect(state.isPending).toBe(false);
  });

  it('appends the question, is pending until the reply, then keeps the first conversation id', () => {
    let state = chatReducer(initialChatState(at), { type: 'sent', id: 'u1', content: 'Hi', at });
    expect(state.isPending).toBe(true);
    state = chatReducer(state, { type: 'replied', id: 'a1', reply: reply({ conversationId: 'c1', confidence: 0.4 }), at });
    expect(state.isPending).toBe(false);
    expect(state.conversationId).toBe('c1');
    expect(state.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Your driver is 3 minutes away.', confidence: 0.4 });
    state = chatReducer(state, { type: 'sent', id: 'u2', content: 'Thanks', at });
    state = chatReducer(state, { type: 'replied', id: 'a2', reply: reply({ conversationId: 'other' }), at });
    expect(state.conversationId).toBe('c1');
  });

  it('does not send while a reply is pending, nor blank text', () => {
    const pending = chatReducer(initialChatState(at), { type: 'sent', id: 'u1', content: 'Hi', at });
    expect(chatReducer(pending, { type: 'sent', id: 'u2', content: 'Again', at })).toBe(pending);
    expect(sendableText(pending, 'Again')).toBeNull();
    expect(sendableText(initialChatState(at), '   \n ')).toBeNull();
    expect(sendableText(initialChatState(at), '  Hello ')).toBe('Hello');
  });

  it('a failure adds the technical-difficulties bubble and unblocks sending', () => {
    const pending = chatReducer(initialChatState(at), { type: 'sent', id: 'u1', content: 'Hi', at });
    const failed = chatReducer(pending, { type: 'failed', id: 'e1', at });
    expect(failed.isPending).toBe(false);
    expect(failed.messages.at(-1)).toMatchObject({ role: 'assistant', kind: 'error' });
  });

  it("appends a person's answer to the open conversation once", () => {
    const event = { type: 'support_answered', key: 't1', conversationId: 'c1', answer: 'We refunded you.', at } as const;
    const answered = chatReducer(conversation(), event);
    expect(answered.messages.at(-1)).toMatchObject({ role: 'staff', content: 'We refunded you.' });
    expect(chatReducer(answered, event)).toBe(answered);
    expect(chatReducer(answered, { ...event, key: 'message-9' })).toBe(answered);
    expect(chatReducer(conversation(), { ...event, conversationId: 'another' }).messages).toHaveLength(3);
  });

  it("restores the latest stored conversation, with the person's answer, into a chat with nothing of its own", () => {
    const stored: Conversation = {
      id: 'c7',
      language: 'es',
      createdAt: at,
      tickets: [{ id: 't1', status: 'answered', createdAt: at, answeredAt: at }],
      messages: [
        { id: 'm1', from: 'user', text: 'Quiero hablar con una persona', intent: null, confidence: null, action: null, at },
        { id: 'm2', from: 'assistant', text: 'Pasé tu conversación al equipo local.', intent: 'support.human', confidence: 0.95, action: null, at },
        { id: 'm3', from: 'staff', text: 'Hola Riley, ¿en qué podemos ayudarte?', intent: null, confidence: null, action: null, at },
      ],
    };
    const restored = chatReducer(initialChatState(at), { type: 'restored', conversation: stored });
    expect(restored.conversationId).toBe('c7');
    expect(restored.messages.map((m) => [m.role, m.content])).toEqual([
      ['assistant', ''],
      ['user', 'Quiero hablar con una persona'],
      ['assistant', 'Pasé tu conversación al equipo local.'],
      ['staff', 'Hola Riley, ¿en qué podemos ayudarte?'],
    ]);
    // The same answer arriving live later is not shown twice.
    const live = { type: 'support_answered', key: 't1', conversationId: 'c7', answer: 'Hola Riley, ¿en qué podemos ayudarte?', at } as const;
    expect(chatReducer(restored, live)).toBe(restored);
    // A chat under way is never replaced by an older stored one.
    const underWay = conversation();
    expect(chatReducer(underWay, { type: 'restored', conversation: stored })).toBe(underWay);
  });

  it('Clear resets to the welcome message and drops the conversation id', () => {
    const cleared = chatReducer(conversation(), { type: 'cleared', at });
    expect(cleared.messages.map((m) => m.id)).toEqual([WELCOME_ID]);
    expect(cleared.conversationId).toBeUndefined();
  });

  it('hands low confidence or an escalation to a person', () => {
    expect(needsPerson({ confidence: 0.69, escalate: false })).toBe(true);
    expect(needsPerson({ confidence: 0.95, escalate: true })).toBe(true);
    expect(needsPerson({ confidence: 0.7, escalate: false })).toBe(false);
  });
});
