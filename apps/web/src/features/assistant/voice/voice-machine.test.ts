import { describe, expect, it } from 'vitest';
import { initialVoiceState, voiceControls, voiceReducer, type VoiceEvent, type VoiceMessage, type VoiceState } from './voice-machine';

const message = (text: string, isUser: boolean): VoiceMessage => ({ id: text, text, isUser, timestamp: '2025-01-01T00:00:00Z', language: 'en' });
const run = (...events: VoiceEvent[]): VoiceState => events.reduce(voiceReducer, initialVoiceState);

describe('voice panel states', () => {
  it('goes idle -> listening -> processing -> speaking -> idle with both messages', () => {
    const listening = run({ type: 'listen' });
    expect(listening.status).toBe('listening');
    const processing = voiceReducer(listening, { type: 'heard', message: message('Where is my driver?', true) });
    expect(processing.status).toBe('processing');
    expect(voiceControls(processing).canListen).toBe(false);
    const speaking = voiceReducer(processing, { type: 'answered', message: message('3 minutes away', false), willSpeak: true });
    expect(speaking.status).toBe('speaking');
    expect(voiceControls(speaking).canStopSpeaking).toBe(true);
    expect(speaking.messages.map((m) => m.isUser)).toEqual([true, false]);
    expect(voiceReducer(speaking, { type: 'speech_ended' }).status).toBe('idle');
    expect(voiceReducer(speaking, { type: 'stop_speaking' }).status).toBe('idle');
  });

  it('without speech output the answer is shown and the panel is idle', () => {
    const state = run(
      { type: 'listen' },
      { type: 'heard', message: message('hi', true) },
      { type: 'answered', message: message('hello', false), willSpeak: false },
    );
    expect(state.status).toBe('idle');
    expect(state.messages).toHaveLength(2);
  });

  it('returns to idle with the right error', () => {
    expect(run({ type: 'unsupported' }).error).toEqual({ key: 'notSupported' });
    expect(run({ type: 'start_failed' })).toMatchObject({ status: 'idle', error: { key: 'startFailed' } });
    expect(run({ type: 'listen' }, { type: 'recognition_error', code: 'no-speech' })).toMatchObject({
      status: 'idle',
      error: { key: 'recognition', code: 'no-speech' },
    });
    expect(run({ type: 'listen' }, { type: 'recognition_error', code: 'aborted' })).toMatchObject({ status: 'idle', error: null });
    expect(run({ type: 'listen' }, { type: 'heard', message: message('hi', true) }, { type: 'process_failed' })).toMatchObject({
      status: 'idle',
      error: { key: 'processFailed' },
    });
    expect(
      run(
        { type: 'listen' },
        { type: 'heard', message: message('hi', true) },
        { type: 'answered', message: message('a', false), willSpeak: true },
        { type: 'speech_error' },
      ),
    ).toMatchObject({
      status: 'idle',
      error: { key: 'synthesis' },
    });
  });

  it('recognition ending without a result goes back to idle; a new try clears the error', () => {
    expect(run({ type: 'listen' }, { type: 'recognition_ended' }).status).toBe('idle');
    expect(run({ type: 'unsupported' }, { type: 'listen' }).error).toBeNull();
  });

  it('ignores Listen while processing and a late result after stopping', () => {
    const processing = run({ type: 'listen' }, { type: 'heard', message: message('hi', true) });
    expect(voiceReducer(processing, { type: 'listen' })).toBe(processing);
    expect(voiceReducer(initialVoiceState, { type: 'heard', message: message('late', true) })).toBe(initialVoiceState);
  });

  it('Clear empties the conversation and the error and is disabled when empty', () => {
    expect(voiceControls(initialVoiceState).canClear).toBe(false);
    const state = run({ type: 'listen' }, { type: 'heard', message: message('hi', true) }, { type: 'process_failed' });
    expect(voiceControls(state).canClear).toBe(true);
    expect(voiceReducer(state, { type: 'clear' })).toMatchObject({ messages: [], error: null });
  });
});
