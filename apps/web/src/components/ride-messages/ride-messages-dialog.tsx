import { MAX_RIDE_MESSAGE_LENGTH, rideMessageRequestSchema, type RideMessage } from '@coride/domain/ride-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';

type Side = 'rider' | 'driver';

/** Quick replies per side: the keys under booking:messages.quick. */
const QUICK_REPLIES: Record<Side, readonly string[]> = {
  rider: ['atPickup', 'comingOut', 'late'],
  driver: ['here', 'onMyWay', 'late'],
};

export const rideMessagesKey = (rideId: string) => ['ride-messages', rideId] as const;

/** Adds a message once (the socket and the POST answer both bring the sender's own). */
function withMessage(list: RideMessage[] | undefined, message: RideMessage): RideMessage[] {
  const current = list ?? [];
  return current.some((m) => m.id === message.id) ? current : [...current, message];
}

/**
 * The ride's thread between rider and driver (contract §9): live over the socket (`ride_message`),
 * quick replies, free text up to 500 characters with a counter. New messages from the other side are
 * announced through a polite live region. `callNote` adds the line saying calls go through messages.
 */
export function RideMessagesDialog({
  rideId,
  side,
  otherName,
  open,
  onOpenChange,
  callNote = false,
}: {
  rideId: string;
  side: Side;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  callNote?: boolean;
}) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const queryClient = useQueryClient();
  const inputId = useId();
  const counterId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const thread = useQuery({
    queryKey: rideMessagesKey(rideId),
    queryFn: () => apiRequest<RideMessage[]>(`/api/rides/${rideId}/messages`),
  });
  useOnReconnected(() => void thread.refetch());
  useRealtimeMessages((message) => {
    if (message.type !== 'ride_message' || message.message.rideId !== rideId) return;
    queryClient.setQueryData<RideMessage[]>(rideMessagesKey(rideId), (list) => withMessage(list, message.message));
    if (message.message.from !== side) setAnnouncement(t('messages.newFrom', { name: otherName, text: message.message.text }));
  });

  const send = useMutation({
    mutationFn: (body: string) => apiRequest<RideMessage>(`/api/rides/${rideId}/messages`, { method: 'POST', body: { text: body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<RideMessage[]>(rideMessagesKey(rideId), (list) => withMessage(list, message));
      setText('');
      setError(null);
      inputRef.current?.focus();
    },
    onError: (cause) => setError(cause instanceof ApiRequestError && cause.code === 'RIDE_NOT_ACTIVE' ? t('messages.ended') : t('messages.failed')),
  });

  const messages = thread.data ?? [];
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, open]);

  function submit(body: string) {
    const parsed = rideMessageRequestSchema.safeParse({ text: body });
    if (!parsed.success) {
      setError(t('messages.invalid', { max: MAX_RIDE_MESSAGE_LENGTH }));
      inputRef.current?.focus();
      return;
    }
    send.mutate(parsed.data.text);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit(text);
  }

  const left = MAX_RIDE_MESSAGE_LENGTH - text.length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="ride-messages"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('messages.title', { name: otherName })}</DialogTitle>
          <DialogDescription>{t('messages.description')}</DialogDescription>
        </DialogHeader>
        {callNote ? (
          <p className="rounded-md bg-muted p-2 text-sm" data-testid="calls-through-messages">
            {t('messages.callsThroughMessages')}
          </p>
        ) : null}
        <ol className="max-h-72 space-y-2 overflow-y-auto" aria-label={t('messages.listLabel')} data-testid="ride-messages-list" tabIndex={0}>
          {messages.length === 0 ? <li className="text-sm text-muted-foreground">{thread.isLoading ? t('messages.loading') : t('messages.empty')}</li> : null}
          {messages.map((message) => {
            const mine = message.from === side;
            return (
              <li key={message.id} className={mine ? 'flex justify-end' : 'flex justify-start'} data-from={message.from}>
                <div className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? 'bg-primary text-primary-foreground' : 'bg-muted'}`}>
                  <span className="sr-only">{mine ? t('messages.you') : otherName}: </span>
                  <span className="whitespace-pre-wrap break-words">{message.text}</span>
                  <span className="mt-1 block text-xs">{format.dateTime(message.sentAt)}</span>
                </div>
              </li>
            );
          })}
          <li ref={endRef} aria-hidden />
        </ol>
        <p className="sr-only" aria-live="polite" data-testid="ride-messages-live">
          {announcement}
        </p>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('messages.quickLabel')}>
          {QUICK_REPLIES[side].map((key) => (
            <Button key={key} type="button" variant="outline" size="sm" disabled={send.isPending} onClick={() => submit(t(`messages.quick.${key}`))}>
              {t(`messages.quick.${key}`)}
            </Button>
          ))}
        </div>
        <form className="space-y-2" onSubmit={handleSubmit} noValidate>
          <Label htmlFor={inputId}>{t('messages.inputLabel')}</Label>
          <Textarea
            id={inputId}
            ref={inputRef}
            value={text}
            rows={2}
            maxLength={MAX_RIDE_MESSAGE_LENGTH}
            aria-describedby={counterId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit(text);
              }
            }}
          />
          <div className="flex items-center justify-between gap-2">
            <span id={counterId} className="text-xs text-muted-foreground" data-testid="ride-messages-counter">
              {t('messages.counter', { count: left })}
            </span>
            <Button type="submit" size="sm" disabled={send.isPending}>
              <SendIcon aria-hidden />
              {t('messages.send')}
            </Button>
          </div>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
