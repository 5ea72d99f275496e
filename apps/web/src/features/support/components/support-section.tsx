import { answerTicketSchema, type AnswerTicketRequest, type SupportTicket } from '@coride/domain/assistant';
import { languages } from '@coride/domain/languages';
import { zodResolver } from '@hookform/resolvers/zod';
import { LifeBuoyIcon, Loader2Icon, RotateCwIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField, validationKey } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAnswerTicket, useSupportTickets } from '../api/support-tickets';
import { sortTickets } from '../tickets';

const ANSWER_MAX_LENGTH = 4000;
const answerResolver = zodResolver(answerTicketSchema);

/**
 * Human oversight of the assistants (contract §6): the conversations the assistant handed to people
 * (it was unsure, or the user asked for a person). A licensee sees its territories' tickets, an admin
 * all; open ones first. The answer reaches the user's open chat at once.
 */
export function SupportSection({ description, headingId }: { description: string; headingId: string }) {
  const { t } = useTranslation('support');
  const tickets = useSupportTickets();
  const sorted = sortTickets(tickets.items);
  const openCount = sorted.filter((ticket) => ticket.status === 'open').length;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="support-tickets">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="space-y-1.5">
          <CardTitle as="h2" id={headingId} tabIndex={-1} className="outline-none">
            {t('title')}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void tickets.refetch()} aria-busy={tickets.isFetching || undefined} data-testid="support-refresh">
          <RotateCwIcon aria-hidden className={tickets.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      </CardHeader>
      <CardContent>
        {tickets.isPending ? (
          <LoadingState />
        ) : tickets.isError && !tickets.isFetchNextPageError ? (
          <ErrorState title={t('errors.fetch')} error={tickets.error} onRetry={() => void tickets.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState icon={LifeBuoyIcon} title={t('emptyTitle')} description={t('emptyDescription')} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" role="status">
              {t('openCount', { count: openCount })}
            </p>
            <ul className="divide-y" data-testid="support-ticket-list">
              {sorted.map((ticket) => (
                <TicketItem key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            <LoadMoreButton list={tickets} describedBy={headingId} testId="load-more-tickets" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TicketItem({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const format = useFormatters();
  const headingId = useId();
  const language = languages.find((l) => l.code === ticket.language);
  return (
    <li
      className="space-y-3 py-4 first:pt-0 last:pb-0"
      aria-labelledby={headingId}
      data-testid="support-ticket"
      data-status={ticket.status}
      data-ticket-id={ticket.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="font-semibold break-words" data-testid="support-ticket-user">
            {ticket.user.name}
            <span className="font-normal text-muted-foreground"> · {t(`roles.${ticket.user.role}`, { defaultValue: ticket.user.role })}</span>
          </h3>
          <p className="text-xs text-muted-foreground">
            {t('opened')} <time dateTime={ticket.createdAt}>{format.dateTime(ticket.createdAt)}</time>
            {language ? ` · ${t('language', { name: language.name })}` : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline" data-testid="support-ticket-reason">
            {t(`reasons.${ticket.reason}`)}
          </Badge>
          <Badge variant={ticket.status === 'open' ? 'secondary' : 'success'} data-testid="support-ticket-status">
            {t(`status.${ticket.status}`)}
          </Badge>
        </div>
      </div>
      <section aria-label={t('conversation')} className="rounded-md bg-muted/60 p-3">
        <ol className="grid gap-2 text-sm" data-testid="support-ticket-conversation">
          {ticket.messages.map((message, index) => (
            <li key={`${message.at}-${index}`} className={cn('grid gap-0.5', message.from === 'staff' && 'border-s-2 border-primary ps-2')}>
              <span className="text-xs font-semibold text-muted-foreground">
                {t(`from.${message.from}`)} · <time dateTime={message.at}>{format.dateTime(message.at)}</time>
              </span>
              <p className="break-words whitespace-pre-wrap">{message.text}</p>
            </li>
          ))}
        </ol>
      </section>
      {ticket.status === 'open' ? <AnswerForm ticket={ticket} /> : null}
      {ticket.status !== 'open' && ticket.answeredAt ? (
        <p className="text-xs text-muted-foreground">
          {t('answeredAt')} <time dateTime={ticket.answeredAt}>{format.dateTime(ticket.answeredAt)}</time>
        </p>
      ) : null}
    </li>
  );
}

function AnswerForm({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const id = useId();
  const answer = useAnswerTicket();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AnswerTicketRequest>({ resolver: answerResolver, defaultValues: { answer: '' } });
  const { errors, isSubmitting } = form.formState;
  const message = errors.answer?.message;
  const answerError = message ? t(`validation.${validationKey(message)}`, { defaultValue: message }) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await answer.mutateAsync({ id: ticket.id, answer: values.answer });
      toast({ title: t('sentTitle'), description: t('sentBody', { name: ticket.user.name }), variant: 'success' });
      form.reset({ answer: '' });
    } catch (error) {
      const fieldMessage = error instanceof ApiRequestError ? error.fields.answer : undefined;
      if (fieldMessage) form.setError('answer', { type: 'server', message: fieldMessage });
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-2" aria-busy={isSubmitting} data-testid="support-answer-form">
      <FormField id={`${id}-answer`} label={t('answerLabel', { name: ticket.user.name })} hint={t('answerHint')} error={answerError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={ANSWER_MAX_LENGTH}
            readOnly={isSubmitting}
            aria-required
            data-testid="support-answer-input"
            {...form.register('answer')}
          />
        )}
      </FormField>
      {formError ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" role="alert" data-testid="support-answer-error">
          {formError}
        </p>
      ) : null}
      <div>
        <ActionButton type="submit" size="sm" isPending={isSubmitting} data-testid="support-answer-submit">
          {isSubmitting ? <Loader2Icon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
          {isSubmitting ? t('sending') : t('send')}
        </ActionButton>
      </div>
    </form>
  );
}
