import type { MediationProposal as Proposal } from '@coride/domain/assistant';
import type { Dispute, ResolveDisputeRequest } from '@coride/domain/payments';
import type { QueryKey } from '@tanstack/react-query';
import { GavelIcon, InfoIcon, Loader2Icon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, useValidationMessage, validationKey } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useResolveDispute } from '../api/use-resolve-dispute';
import { maxRefundFromServerMessage, parseDollarsToCents } from '../disputes';
import { centsToDollarsText, REFUND_TOO_MUCH_MESSAGE, resolveDisputeResolver, type ResolveDisputeValues } from '../resolve-dispute-form';
import { MediationProposal } from './mediation-proposal';

/** The domain's limit on a resolution note. */
const NOTE_MAX_LENGTH = 2000;
const FORM_FIELDS = ['resolution', 'refundAmount', 'note'] as const;
const resolutions = ['refund_full', 'refund_partial', 'release'] as const satisfies readonly ResolveDisputeRequest['resolution'][];

/**
 * The decision on one dispute: a full refund, a partial one (typed in dollars, sent in cents) or
 * releasing the money to the payees, with a note for the rider. Validated by the domain's
 * resolveDisputeSchema; server field errors land on their fields and the dialog stays open on
 * failure so nothing typed is lost. Controlled by the caller; when the dispute is resolved meanwhile
 * (by someone else) it says so instead of showing the form.
 */
export function ResolveDisputeDialog({
  dispute,
  isOpen,
  onOpenChange,
  onRestoreFocus,
  alsoRefresh,
}: {
  dispute: Dispute;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Where focus goes on closing: it has no Radix trigger to return to. Once the dispute is decided
   * its Resolve button is gone, so the caller focuses something that stays.
   */
  onRestoreFocus: (isDecided: boolean) => void;
  alsoRefresh?: readonly QueryKey[];
}) {
  const { t } = useTranslation('disputes');
  const format = useFormatters();
  const hasResolved = useRef(false);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        data-testid="resolve-dispute-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onRestoreFocus(hasResolved.current || dispute.status !== 'open');
        }}
      >
        <DialogHeader className="pe-6">
          <DialogTitle>{t('resolve.title', { rider: dispute.rider.name })}</DialogTitle>
          <DialogDescription>
            {t('resolve.description', {
              reason: t(`reasons.${dispute.reason}`),
              pickup: dispute.ride.pickupAddress,
              dropoff: dispute.ride.dropoffAddress,
              amount: format.money(dispute.disputableAmount),
            })}
          </DialogDescription>
        </DialogHeader>
        <blockquote className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words">{dispute.description}</blockquote>
        {dispute.status === 'resolved' ? (
          <>
            <p className="flex gap-2 rounded-md border p-3 text-sm" role="status" data-testid="dispute-already-resolved">
              <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('resolve.alreadyResolved', { resolution: t(`resolutions.${dispute.resolution ?? 'release'}`) })}
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t('resolve.close')}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <ResolveForm
            dispute={dispute}
            alsoRefresh={alsoRefresh}
            onDone={() => {
              hasResolved.current = true;
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ResolveForm({ dispute, alsoRefresh, onDone }: { dispute: Dispute; alsoRefresh?: readonly QueryKey[]; onDone: () => void }) {
  const { t } = useTranslation('disputes');
  const format = useFormatters();
  const translateValidation = useValidationMessage();
  const id = useId();
  const resolve = useResolveDispute(alsoRefresh);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverMaxRefund, setServerMaxRefund] = useState<number | undefined>(undefined);
  const disputable = dispute.disputableAmount;
  const resolver = useMemo(() => resolveDisputeResolver(disputable), [disputable]);
  const form = useForm<ResolveDisputeValues, unknown, ResolveDisputeRequest>({ resolver, defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const resolution = useWatch({ control: form.control, name: 'resolution' });
  const hasNothingToRefund = disputable <= 0;
  const [hasUsedProposal, setHasUsedProposal] = useState(false);

  /** Fills the form with the assistant's proposal; every field stays editable. */
  function applyProposal(proposal: Proposal) {
    const options = { shouldDirty: true } as const;
    form.clearErrors();
    form.setValue('resolution', proposal.resolution, options);
    // The amount field shows dollars; the resolver reads that text as cents (see resolve-dispute-form).
    const amount = proposal.resolution === 'refund_partial' ? centsToDollarsText(proposal.refundAmount) : undefined;
    form.setValue('refundAmount', amount as unknown as number, options);
    form.setValue('note', proposal.reason, options);
    setHasUsedProposal(true);
  }

  /** A message of the schema, of the form's own checks or of the server, in the reader's language. */
  function fieldError(name: (typeof FORM_FIELDS)[number]): string | undefined {
    const message = errors[name]?.message;
    if (!message) return undefined;
    const max = format.money(name === 'refundAmount' && errors[name]?.type === 'server' ? (serverMaxRefund ?? disputable) : disputable);
    return t(`validation.${validationKey(message)}`, { defaultValue: translateValidation(message), max });
  }

  const onSubmit = form.handleSubmit(async (request) => {
    setFormError(null);
    try {
      const resolved = await resolve.mutateAsync({ id: dispute.id, ...request });
      toast({
        title: t('toasts.resolvedTitle'),
        description:
          resolved.resolution === 'release'
            ? t('toasts.released', { rider: resolved.rider.name })
            : t('toasts.refunded', { rider: resolved.rider.name, amount: format.money(resolved.refundAmount) }),
        variant: 'success',
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (!FORM_FIELDS.includes(field as (typeof FORM_FIELDS)[number])) continue;
          if (field === 'refundAmount') {
            // The server counts in cents; say it in dollars like the rest of the form.
            setServerMaxRefund(maxRefundFromServerMessage(message));
            form.setError('refundAmount', { type: 'server', message: maxRefundFromServerMessage(message) === undefined ? message : REFUND_TOO_MUCH_MESSAGE });
          } else {
            form.setError(field as (typeof FORM_FIELDS)[number], { type: 'server', message });
          }
        }
      }
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  const resolutionError = fieldError('resolution');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-busy={isSubmitting} data-testid="resolve-dispute-form">
      <MediationProposal disputeId={dispute.id} onUse={applyProposal} />
      <p className="sr-only" role="status">
        {hasUsedProposal ? t('mediation.applied') : ''}
      </p>
      <fieldset className="grid gap-2" aria-describedby={resolutionError ? `${id}-resolution-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('resolve.decision')}</legend>
        {resolutions.map((value) => {
          const isUnavailable = value !== 'release' && hasNothingToRefund;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-accent/50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                isUnavailable && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                value={value}
                className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                disabled={isUnavailable}
                aria-invalid={Boolean(resolutionError)}
                data-testid={`resolution-${value}`}
                {...form.register('resolution')}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{t(`resolutions.${value}`)}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`resolve.options.${value}`, { amount: format.money(disputable), rider: dispute.rider.name })}
                </span>
              </span>
            </label>
          );
        })}
        {hasNothingToRefund ? <p className="text-xs text-muted-foreground">{t('resolve.nothingToRefund')}</p> : null}
        {resolutionError ? (
          <p id={`${id}-resolution-error`} className="text-sm font-medium text-destructive" role="alert">
            {resolutionError}
          </p>
        ) : null}
      </fieldset>

      {resolution === 'refund_partial' ? (
        <FormField
          id={`${id}-amount`}
          label={t('resolve.amountLabel')}
          hint={t('resolve.amountHint', { max: format.money(disputable) })}
          error={fieldError('refundAmount')}
        >
          {(control) => (
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-sm text-muted-foreground" aria-hidden>
                $
              </span>
              <Input
                {...control}
                className="ps-7"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                readOnly={isSubmitting}
                data-testid="refund-amount"
                {...form.register('refundAmount', { setValueAs: (value: unknown) => (typeof value === 'string' ? parseDollarsToCents(value) : value) })}
              />
            </div>
          )}
        </FormField>
      ) : null}

      <FormField id={`${id}-note`} label={t('resolve.noteLabel')} hint={t('resolve.noteHint')} error={fieldError('note')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            readOnly={isSubmitting}
            aria-required
            data-testid="resolution-note"
            {...form.register('note')}
          />
        )}
      </FormField>

      {formError ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" role="alert" data-testid="resolve-dispute-error">
          {formError}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            {t('resolve.cancel')}
          </Button>
        </DialogClose>
        <ActionButton type="submit" isPending={isSubmitting} data-testid="confirm-resolve-dispute">
          {isSubmitting ? <Loader2Icon className="animate-spin" aria-hidden /> : <GavelIcon aria-hidden />}
          {isSubmitting ? t('resolve.submitting') : t('resolve.submit')}
        </ActionButton>
      </DialogFooter>
    </form>
  );
}
