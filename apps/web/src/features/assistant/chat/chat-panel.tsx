import { isLanguageCode } from '@coride/domain/languages';
import { useQueryClient } from '@tanstack/react-query';
import { HeadsetIcon, PhoneIcon, SendIcon, SparklesIcon, Trash2Icon, UserIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { cn } from '@/lib/utils';
import type { AssistantPanelProps } from '../assistant-launcher';
import { PanelFrame } from '../panel-frame';
import { actionTarget } from './assistant-actions';
import { cancelRide, getResumableConversation, getSupportAnswers, sendChatMessage } from './chat-api';
import { chatReducer, initialChatState, needsPerson, sendableText, type ChatEvent, type ChatMessage, type ChatState } from './chat-state';

/** The chat lasts for the visit: moving between the dashboard and booking keeps it (per person). */
let saved: { userId: string; state: ChatState } | undefined;

type SupportAnswerMessage = { type: 'support_answer'; ticketId: string; conversationId: string; answer: string };
function isSupportAnswer(message: { type: string }): message is SupportAnswerMessage {
  return message.type === 'support_answer';
}

/** The conversation the person cleared is not picked up again on their next visit (kept on this device). */
const clearedKey = (userId: string) => `coride.chat.cleared.${userId}`;
function readClearedId(userId: string): string | null {
  try {
    return localStorage.getItem(clearedKey(userId));
  } catch {
    return null;
  }
}
function rememberCleared(userId: string, conversationId: string) {
  try {
    localStorage.setItem(clearedKey(userId), conversationId);
  } catch {
    // Storage refused (private mode): the conversation may come back on the next visit.
  }
}

let idCounter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(idCounter += 1)}`;

/**
 * A plain click on an in-app link changes the address without reloading; the router (wouter) follows
 * history.pushState. Not wouter's Link: importing the router here would split it out of the landing
 * page's chunks and cost that page's budget.
 */
function navigateInApp(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  history.pushState(null, '', event.currentTarget.getAttribute('href'));
}

/** Confidence labels of the spec: 0.8 and above High, 0.5 and above Medium, else Low. */
function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= 0.8 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

/**
 * The AI chat (spec §4, §8): a welcome message, the conversation, Enter to send. Every reply may carry
 * a proposed action, offered as a button; a reply the assistant is unsure of, or a request for a
 * person, is handed to the territory's local support, whose answer arrives here live.
 */
export function ChatPanel({ id, isOpen, onClose }: AssistantPanelProps) {
  const { t, i18n } = useTranslation('assistant');
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [state, dispatchEvent] = useReducer(chatReducer, undefined, () => (saved?.userId === userId ? saved.state : initialChatState()));
  const latest = useRef(state);
  const dispatch = (event: ChatEvent) => {
    latest.current = chatReducer(latest.current, event);
    saved = { userId, state: latest.current };
    dispatchEvent(event);
  };
  const [draft, setDraft] = useState('');
  const [cancelRideId, setCancelRideId] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const endOfList = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endOfList.current?.scrollIntoView?.({ block: 'end' });
  }, [state.messages.length, state.isPending, isOpen]);

  // Answers that arrived while this page was not open are in the stored conversation.
  const conversationId = state.conversationId;
  const rereadAnswers = () => {
    if (!conversationId) return;
    getSupportAnswers(conversationId).then(
      (answers) => {
        for (const answer of answers) dispatch({ type: 'support_answered', conversationId, ...answer });
      },
      () => undefined,
    );
  };
  const hasReread = useRef(false);
  useEffect(() => {
    if (!isOpen || hasReread.current || !conversationId) return;
    hasReread.current = true;
    rereadAnswers();
  });
  // A new visit picks up the latest conversation where it was, a person's answer included (contract §10).
  const hasResumed = useRef(false);
  useEffect(() => {
    if (!isOpen || hasResumed.current || conversationId || !userId) return;
    hasResumed.current = true;
    getResumableConversation(readClearedId(userId)).then(
      (conversation) => {
        if (conversation) dispatch({ type: 'restored', conversation });
      },
      () => undefined,
    );
  });
  useOnReconnected(rereadAnswers);

  useRealtimeMessages((message) => {
    const candidate = message as { type: string };
    if (!isSupportAnswer(candidate) || candidate.conversationId !== latest.current.conversationId) return;
    dispatch({
      type: 'support_answered',
      key: candidate.ticketId,
      conversationId: candidate.conversationId,
      answer: candidate.answer,
      at: new Date().toISOString(),
    });
    toast({ title: t('toasts.answeredTitle'), description: candidate.answer, variant: 'success' });
  });

  function showEscalating() {
    toast({ title: t('toasts.escalatingTitle'), description: t('toasts.escalatingBody') });
  }

  async function send(text: string) {
    const current = latest.current;
    dispatch({ type: 'sent', id: nextId('user'), content: text, at: new Date().toISOString() });
    setDraft('');
    const language = i18n.resolvedLanguage ?? i18n.language;
    try {
      const reply = await sendChatMessage({ message: text, conversationId: current.conversationId, language: isLanguageCode(language) ? language : undefined });
      dispatch({ type: 'replied', id: nextId('assistant'), reply, at: new Date().toISOString() });
      if (needsPerson(reply)) {
        toast({
          title: t('toasts.complexTitle'),
          description: t('toasts.complexBody'),
          action: (
            <ToastPrimitive.Action altText={t('toasts.contactSupport')} asChild>
              <Button variant="outline" size="sm" className="shrink-0" onClick={showEscalating} data-testid="contact-support">
                {t('toasts.contactSupport')}
              </Button>
            </ToastPrimitive.Action>
          ),
        });
      }
    } catch {
      dispatch({ type: 'failed', id: nextId('error'), at: new Date().toISOString() });
      toast({ title: t('toasts.errorTitle'), description: t('toasts.errorBody'), variant: 'destructive' });
    }
  }

  function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    const text = sendableText(latest.current, draft);
    if (text) void send(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  }

  if (!isOpen) return null;
  const canSend = sendableText(state, draft) !== null;
  return (
    <PanelFrame
      id={id}
      title={t('title')}
      onClose={onClose}
      initialFocus={input}
      isEscapeHandledElsewhere={cancelRideId !== null}
      tools={
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-primary-foreground hover:bg-primary-foreground/15 focus-visible:outline-primary-foreground"
          onClick={() => {
            if (latest.current.conversationId) rememberCleared(userId, latest.current.conversationId);
            dispatch({ type: 'cleared', at: new Date().toISOString() });
            input.current?.focus();
          }}
          data-testid="chat-clear"
        >
          <Trash2Icon aria-hidden />
          {t('clear')}
        </Button>
      }
    >
      <div
        className="min-h-0 flex-1 overflow-y-auto p-3"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('conversation')}
        data-testid="chat-messages"
      >
        <ul className="grid gap-3">
          {state.messages.map((message) => (
            <MessageBubble key={message.id} message={message} role={user?.role} onEscalate={showEscalating} onCancelRide={setCancelRideId} />
          ))}
        </ul>
        <div ref={endOfList} />
      </div>
      {state.isPending ? (
        <p className="px-3 pb-2 text-sm text-muted-foreground" data-testid="chat-typing">
          <Spinner label={t('typing')} />
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t p-3">
        <Label htmlFor={`${id}-input`} className="sr-only">
          {t('inputLabel')}
        </Label>
        <Textarea
          ref={input}
          id={`${id}-input`}
          rows={2}
          maxLength={1000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          aria-describedby={`${id}-hint`}
          className="min-h-0 flex-1 resize-none"
          data-testid="chat-input"
        />
        <span id={`${id}-hint`} className="sr-only">
          {t('inputHint')}
        </span>
        <ActionButton type="submit" size="icon" isPending={state.isPending} isUnavailable={!canSend} aria-label={t('send')} data-testid="chat-send">
          <SendIcon aria-hidden className="rtl:-scale-x-100" />
        </ActionButton>
      </form>
      <CancelRideConfirm
        rideId={cancelRideId}
        onDone={() => {
          setCancelRideId(null);
          input.current?.focus();
        }}
      />
    </PanelFrame>
  );
}

function MessageBubble({
  message,
  role,
  onEscalate,
  onCancelRide,
}: {
  message: ChatMessage;
  role: Parameters<typeof actionTarget>[1];
  onEscalate: () => void;
  onCancelRide: (rideId: string) => void;
}) {
  const { t, i18n } = useTranslation('assistant');
  const isUser = message.role === 'user';
  const text = message.kind === 'welcome' ? t('welcome') : message.kind === 'error' ? t('technicalDifficulties') : message.content;
  const Icon = isUser ? UserIcon : message.role === 'staff' ? HeadsetIcon : SparklesIcon;
  const target = message.action ? actionTarget(message.action, role) : null;
  const actionLabel = message.action ? t(`actions.${message.action.type}`) : '';
  const time = new Date(message.timestamp).toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <li className={cn('flex gap-2', isUser && 'flex-row-reverse')} data-testid={`chat-message-${message.role}`}>
      <span
        className={cn('flex size-7 shrink-0 items-center justify-center rounded-full', isUser ? 'bg-primary text-primary-foreground' : 'bg-muted')}
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div
        className={cn(
          'grid max-w-[80%] gap-1 rounded-lg px-3 py-2 text-sm',
          isUser ? 'bg-primary text-primary-foreground' : message.role === 'staff' ? 'border border-primary bg-accent text-accent-foreground' : 'bg-muted',
          message.kind === 'error' && 'border border-destructive/40 bg-destructive/5 text-destructive',
        )}
      >
        <span className="sr-only">{t(`from.${message.role}`)}: </span>
        {message.role === 'staff' ? <span className="text-xs font-semibold">{t('from.staff')}</span> : null}
        <p className="break-words whitespace-pre-wrap">{text}</p>
        {target ? (
          <div className="pt-1">
            {target.kind === 'link' ? (
              <a
                href={target.href}
                onClick={navigateInApp}
                className={buttonVariants({ variant: 'outline', size: 'sm', className: 'h-8 text-foreground' })}
                data-testid="chat-action"
              >
                {actionLabel}
              </a>
            ) : target.kind === 'call' ? (
              <a href={target.href} className={buttonVariants({ variant: 'destructive', size: 'sm', className: 'h-8' })} data-testid="chat-action">
                <PhoneIcon aria-hidden />
                {actionLabel}
              </a>
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="h-8 text-foreground"
                onClick={() => (target.kind === 'escalate' ? onEscalate() : onCancelRide(target.rideId))}
                data-testid="chat-action"
              >
                {actionLabel}
              </Button>
            )}
          </div>
        ) : null}
        <span className={cn('text-xs', isUser ? 'text-primary-foreground' : 'text-muted-foreground')}>
          <time dateTime={message.timestamp}>{time}</time>
          {message.confidence !== undefined && message.role === 'assistant' ? ` · ${t(`confidence.${confidenceLevel(message.confidence)}`)}` : null}
        </span>
      </div>
    </li>
  );
}

/** The assistant proposed cancelling a ride: the rider confirms, then the usual cancellation runs. */
function CancelRideConfirm({ rideId, onDone }: { rideId: string | null; onDone: () => void }) {
  const { t } = useTranslation('assistant');
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  async function confirm() {
    if (!rideId) return;
    setIsPending(true);
    try {
      await cancelRide(rideId);
      toast({ title: t('cancelRide.doneTitle'), variant: 'success' });
      void queryClient.invalidateQueries();
      onDone();
    } catch (error) {
      toast({ title: t('cancelRide.failedTitle'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setIsPending(false);
    }
  }
  return (
    <ConfirmDialog
      open={rideId !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : onDone())}
      data-testid="chat-cancel-ride-dialog"
      title={t('cancelRide.title')}
      description={t('cancelRide.description')}
      cancelLabel={t('cancelRide.keep')}
      pending={isPending}
      confirm={
        <ConfirmButton
          variant="destructive"
          onClick={() => void confirm()}
          disabled={isPending}
          aria-busy={isPending || undefined}
          data-testid="chat-cancel-ride-confirm"
        >
          {isPending ? <Spinner /> : null}
          {t('cancelRide.confirm')}
        </ConfirmButton>
      }
    />
  );
}
