import { SPEECH_SETTINGS } from './voice-machine';

/** The part of the Web Speech API's SpeechRecognition the panel uses (not in TypeScript's DOM types). */
export type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

/** SpeechRecognition, or Chrome's and Safari's prefixed webkitSpeechRecognition; undefined when absent. */
export function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/**
 * One utterance in `locale`: not continuous, no interim results (spec). The caller gets the final
 * transcript, or the error code, and `onEnd` whenever recognition stops.
 */
export function createRecognition(
  locale: string,
  handlers: { onResult: (text: string) => void; onError: (code: string) => void; onEnd: () => void },
): Recognition | undefined {
  const Constructor = recognitionConstructor();
  if (!Constructor) return undefined;
  const recognition = new Constructor();
  recognition.lang = locale;
  recognition.continuous = false;
  recognition.interimResults = false;
  recognition.maxAlternatives = 1;
  recognition.onresult = (event) => {
    const text = event.results[0]?.[0]?.transcript?.trim();
    if (text) handlers.onResult(text);
  };
  recognition.onerror = (event) => handlers.onError(event.error);
  recognition.onend = () => handlers.onEnd();
  return recognition;
}

export function canSpeak(): boolean {
  return typeof window.speechSynthesis !== 'undefined' && typeof window.SpeechSynthesisUtterance !== 'undefined';
}

export function cancelSpeech(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}

/**
 * Reads `text` aloud in `locale` at the spec's rate 0.9, pitch 1, volume 0.8, cancelling any earlier
 * speech first; a voice of that language is used when the device has one. Being cancelled (Stop
 * speaking, a new question) ends it without an error.
 */
export function speak(text: string, locale: string, handlers: { onEnd: () => void; onError: () => void }): void {
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = locale;
  utterance.rate = SPEECH_SETTINGS.rate;
  utterance.pitch = SPEECH_SETTINGS.pitch;
  utterance.volume = SPEECH_SETTINGS.volume;
  const voices = synthesis.getVoices?.() ?? [];
  const language = locale.split('-')[0]!.toLowerCase();
  const voice = voices.find((v) => v.lang === locale) ?? voices.find((v) => v.lang.toLowerCase().startsWith(language));
  if (voice) utterance.voice = voice;
  utterance.onend = () => handlers.onEnd();
  utterance.onerror = (event) => (event.error === 'interrupted' || event.error === 'canceled' ? handlers.onEnd() : handlers.onError());
  synthesis.speak(utterance);
}
