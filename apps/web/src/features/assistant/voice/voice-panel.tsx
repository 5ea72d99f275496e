import type { VoiceResponse } from '@coride/domain/assistant';
import { languages } from '@coride/domain/languages';
import { MicIcon, MicOffIcon, Trash2Icon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { AssistantPanelProps } from '../assistant-launcher';
import { PanelFrame } from '../panel-frame';
import { cancelSpeech, canSpeak, createRecognition, speak, type Recognition } from './speech';
import { initialVoiceState, voiceControls, voiceReducer, type VoiceMessage } from './voice-machine';

/** The fixed value identifying the platform in POST /api/ai/voice-assistant (spec §7). */
export const VOICE_CONTEXT = 'coride';

let idCounter = 0;
const nextId = () => `voice-${Date.now().toString(36)}-${(idCounter += 1)}`;

/**
 * POST /api/ai/voice-assistant, signed in or not. The spec's internal messages: 'AI processing
 * failed' for a non-OK answer, 'Failed to connect to AI assistant' when the server cannot be reached.
 */
async function askAssistant(message: string, language: string): Promise<string> {
  let response: Response;
  try {
    const token = localStorage.getItem('token');
    response = await fetch('/api/ai/voice-assistant', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ message, language, context: VOICE_CONTEXT }),
    });
  } catch {
    throw new Error('Failed to connect to AI assistant');
  }
  if (!response.ok) throw new Error('AI processing failed');
  const body = (await response.json()) as Partial<VoiceResponse>;
  if (typeof body.response !== 'string') throw new Error('AI processing failed');
  return body.response;
}

/**
 * The voice assistant (spec §2, §4, §8): press Listen and speak one sentence in the selected
 * language; the words are sent to the assistant and its answer is shown and read aloud.
 */
export function VoicePanel({ id, isOpen, onClose }: AssistantPanelProps) {
  const { t, i18n } = useTranslation('voice');
  const [state, dispatch] = useReducer(voiceReducer, initialVoiceState);
  const recognition = useRef<Recognition | null>(null);
  const listenButton = useRef<HTMLButtonElement>(null);
  const endOfList = useRef<HTMLDivElement>(null);
  const language = languages.find((l) => l.code === (i18n.resolvedLanguage ?? i18n.language)) ?? languages[0];
  const controls = voiceControls(state);

  useEffect(() => {
    endOfList.current?.scrollIntoView?.({ block: 'end' });
  }, [state.messages.length]);

  // Leaving the page stops listening and speaking.
  useEffect(
    () => () => {
      recognition.current?.abort();
      cancelSpeech();
    },
    [],
  );

  const message = (text: string, isUser: boolean): VoiceMessage => ({
    id: nextId(),
    text,
    isUser,
    timestamp: new Date().toISOString(),
    language: language.code,
  });

  async function answer(text: string) {
    dispatch({ type: 'heard', message: message(text, true) });
    let reply: string;
    try {
      reply = await askAssistant(text, language.code);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      dispatch({ type: 'process_failed' });
      return;
    }
    const willSpeak = canSpeak();
    dispatch({ type: 'answered', message: message(reply, false), willSpeak });
    if (!willSpeak) return;
    try {
      speak(reply, language.speechLocale, { onEnd: () => dispatch({ type: 'speech_ended' }), onError: () => dispatch({ type: 'speech_error' }) });
    } catch {
      dispatch({ type: 'speech_error' });
    }
  }

  function listen() {
    if (controls.isListening) {
      recognition.current?.stop();
      return;
    }
    cancelSpeech();
    let next: Recognition | undefined;
    try {
      next = createRecognition(language.speechLocale, {
        onResult: (text) => void answer(text),
        onError: (code) => dispatch({ type: 'recognition_error', code }),
        onEnd: () => dispatch({ type: 'recognition_ended' }),
      });
    } catch {
      dispatch({ type: 'start_failed' });
      return;
    }
    if (!next) {
      dispatch({ type: 'unsupported' });
      return;
    }
    recognition.current = next;
    dispatch({ type: 'listen' });
    try {
      next.start();
    } catch {
      dispatch({ type: 'start_failed' });
    }
  }

  function stopSpeaking() {
    cancelSpeech();
    dispatch({ type: 'stop_speaking' });
    listenButton.current?.focus();
  }

  function close() {
    recognition.current?.abort();
    cancelSpeech();
    dispatch({ type: 'stop_speaking' });
    onClose();
  }

  if (!isOpen) return null;
  const status =
    state.status === 'listening'
      ? t('status.listening')
      : state.status === 'processing'
        ? t('status.processing')
        : state.status === 'speaking'
          ? t('status.speaking')
          : t('status.idle');
  return (
    <PanelFrame
      id={id}
      title={t('title')}
      onClose={close}
      initialFocus={listenButton}
      badge={
        <span
          className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary-foreground px-2 py-0.5 text-xs font-semibold text-primary"
          data-testid="voice-language"
        >
          <span aria-hidden>{language.flag}</span>
          <span className="sr-only">{t('languageLabel')}: </span>
          <span lang={language.code}>{language.nativeName}</span>
        </span>
      }
    >
      <div
        className="min-h-0 flex-1 overflow-y-auto p-3"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('conversation')}
        data-testid="voice-messages"
      >
        {state.messages.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {state.messages.map((m) => (
              <li key={m.id} className={cn('flex', m.isUser && 'justify-end')} data-testid={m.isUser ? 'voice-message-user' : 'voice-message-assistant'}>
                <p
                  className={cn(
                    'max-w-[80%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
                    m.isUser ? 'bg-primary text-primary-foreground' : 'bg-muted',
                  )}
                >
                  <span className="sr-only">{m.isUser ? t('you') : t('assistant')}: </span>
                  {m.text}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div ref={endOfList} />
      </div>
      <div className="grid gap-2 border-t p-3">
        <p
          className="flex min-h-5 items-center justify-center gap-2 text-sm text-muted-foreground"
          role="status"
          data-testid="voice-status"
          data-status={state.status}
        >
          {state.status === 'processing' ? <Spinner label={status} /> : status}
        </p>
        {state.error ? (
          <p className="text-center text-sm font-medium text-destructive" role="alert" data-testid="voice-error">
            {t(`errors.${state.error.key}`, { code: state.error.code ?? '' })}
          </p>
        ) : null}
        <div className="flex items-center justify-center gap-2">
          <ActionButton
            ref={listenButton}
            size="lg"
            className={cn('rounded-full px-6', controls.isListening && 'bg-destructive hover:bg-destructive/90')}
            onClick={listen}
            isUnavailable={!controls.canListen}
            aria-pressed={controls.isListening}
            data-testid="voice-listen"
          >
            {controls.isListening ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
            {controls.isListening ? t('stop') : t('listen')}
          </ActionButton>
          <ActionButton
            variant="outline"
            size="icon"
            onClick={stopSpeaking}
            isUnavailable={!controls.canStopSpeaking}
            aria-label={t('stopSpeaking')}
            title={t('stopSpeaking')}
            data-testid="voice-stop-speaking"
          >
            {controls.canStopSpeaking ? <VolumeXIcon aria-hidden /> : <Volume2Icon aria-hidden />}
          </ActionButton>
          <Button
            variant="outline"
            size="icon"
            onClick={() => {
              dispatch({ type: 'clear' });
              listenButton.current?.focus();
            }}
            disabled={!controls.canClear}
            aria-label={t('clear')}
            title={t('clear')}
            data-testid="voice-clear"
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>
    </PanelFrame>
  );
}
