/**
 * The voice panel's states (spec §4): idle, listening (one utterance, no interim results), processing
 * (awaiting the AI's reply), speaking (the reply read aloud). Recognition ending or failing returns
 * to idle; an error is shown in red until the next try or Clear.
 */
export type VoiceStatus = 'idle' | 'listening' | 'processing' | 'speaking';

/** The spec's error texts, in English (also the translation keys' English values). */
export type VoiceErrorKey = 'notSupported' | 'startFailed' | 'recognition' | 'processFailed' | 'synthesis' | 'generic';
export type VoiceError = { key: VoiceErrorKey; code?: string };

/** Voice conversation message (spec §3, browser only). */
export type VoiceMessage = { id: string; text: string; isUser: boolean; timestamp: string; language: string };

export type VoiceState = { status: VoiceStatus; error: VoiceError | null; messages: VoiceMessage[] };

export type VoiceEvent =
  | { type: 'listen' }
  | { type: 'unsupported' }
  | { type: 'start_failed' }
  /** Recognition stopped without a result (silence, the user pressed Stop). */
  | { type: 'recognition_ended' }
  | { type: 'recognition_error'; code: string }
  | { type: 'heard'; message: VoiceMessage }
  | { type: 'answered'; message: VoiceMessage; willSpeak: boolean }
  | { type: 'process_failed' }
  | { type: 'speech_ended' }
  | { type: 'speech_error' }
  | { type: 'stop_speaking' }
  | { type: 'clear' };

export const initialVoiceState: VoiceState = { status: 'idle', error: null, messages: [] };

export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'listen':
      // Listen is disabled while processing; listening again interrupts any speech.
      if (state.status === 'processing' || state.status === 'listening') return state;
      return { ...state, status: 'listening', error: null };
    case 'unsupported':
      return { ...state, status: 'idle', error: { key: 'notSupported' } };
    case 'start_failed':
      return { ...state, status: 'idle', error: { key: 'startFailed' } };
    case 'recognition_ended':
      return state.status === 'listening' ? { ...state, status: 'idle' } : state;
    case 'recognition_error':
      // 'aborted' is the panel stopping recognition itself (Stop, Close): not an error to show.
      if (state.status !== 'listening') return state;
      return { ...state, status: 'idle', error: event.code === 'aborted' ? state.error : { key: 'recognition', code: event.code } };
    case 'heard':
      if (state.status !== 'listening') return state;
      return { ...state, status: 'processing', messages: [...state.messages, event.message] };
    case 'answered':
      if (state.status !== 'processing') return state;
      return { ...state, status: event.willSpeak ? 'speaking' : 'idle', messages: [...state.messages, event.message] };
    case 'process_failed':
      return state.status === 'processing' ? { ...state, status: 'idle', error: { key: 'processFailed' } } : state;
    case 'speech_ended':
    case 'stop_speaking':
      return state.status === 'speaking' ? { ...state, status: 'idle' } : state;
    case 'speech_error':
      return state.status === 'speaking' ? { ...state, status: 'idle', error: { key: 'synthesis' } } : state;
    case 'clear':
      return { ...state, messages: [], error: null };
  }
}

/** Spec: Clear is disabled when the list is empty, Listen while processing, Stop speaking unless speaking. */
export function voiceControls(state: VoiceState) {
  return {
    canListen: state.status !== 'processing',
    isListening: state.status === 'listening',
    canStopSpeaking: state.status === 'speaking',
    canClear: state.messages.length > 0,
  };
}

/** Spec: the reply is read at rate 0.9, pitch 1, volume 0.8 in the selected language's speech locale. */
export const SPEECH_SETTINGS = { rate: 0.9, pitch: 1, volume: 0.8 } as const;
