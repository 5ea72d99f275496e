import { zodResolver } from '@hookform/resolvers/zod';
import {
  adjustmentEffectiveAt,
  MAX_RATE_ADJUSTMENT_PERCENT,
  rateAdjustmentRequestSchema,
  type RateAdjustmentProposalView,
  type RateAdjustmentRequest,
  type RateAdjustmentStatus,
} from '@coride/domain/community/zones';
import { CalendarClockIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, validationKey } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { useProposeAdjustment, useRateAdjustments, useWithdrawAdjustment } from '../api';

type FormValues = z.input<typeof rateAdjustmentRequestSchema>;
const FORM_FIELDS = ['percent', 'justification', 'communityInput'] as const;
const resolver = zodResolver(rateAdjustmentRequestSchema);
const statusVariant: Record<RateAdjustmentStatus, 'default' | 'secondary' | 'success' | 'outline'> = {
  scheduled: 'default',
  in_effect: 'success',
  superseded: 'secondary',
  withdrawn: 'outline',
};

/** The licensee's rate adjustments: propose one (±10%, 7 days' notice), see them all, withdraw one still in its notice. */
export function LicenseeControl({ territoryId, territoryName }: { territoryId: string; territoryName: string }) {
  const { t } = useTranslation('pricing');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="rate-adjustment-form-title" className="space-y-3">
        <h3 id="rate-adjustment-form-title" className="font-semibold">
          {t('control.formTitle', { territory: territoryName })}
        </h3>
        <p className="text-sm text-muted-foreground">{t('control.formDescription', { max: MAX_RATE_ADJUSTMENT_PERCENT })}</p>
        <ProposalForm key={territoryId} territoryId={territoryId} />
      </section>
      <section aria-labelledby="rate-adjustment-list-title" className="space-y-3">
        <h3 id="rate-adjustment-list-title" className="font-semibold">
          {t('control.listTitle')}
        </h3>
        <ProposalList territoryId={territoryId} />
      </section>
    </div>
  );
}

function ProposalForm({ territoryId }: { territoryId: string }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  const id = useId();
  const propose = useProposeAdjustment(territoryId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, RateAdjustmentRequest>({ resolver, defaultValues: { justification: '', communityInput: '' } });
  const { errors, isSubmitting } = form.formState;
  const percent = useWatch({ control: form.control, name: 'percent' });
  /** A domain message in the reader's language (pricing:validation), English when not translated. */
  const fieldError = (name: (typeof FORM_FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? t(`validation.${validationKey(message)}`, { defaultValue: message }) : undefined;
  };
  // The date it would take effect if announced now (the server fixes it at the moment it receives it).
  const effectiveAt = adjustmentEffectiveAt(new Date()).toISOString();

  const onSubmit = form.handleSubmit(async ({ communityInput, ...request }) => {
    setFormError(null);
    try {
      const created = await propose.mutateAsync({ ...request, ...(communityInput ? { communityInput } : {}) });
      toast({ title: t('control.proposedTitle'), description: t('control.proposed', { date: format.dateTime(created.effectiveAt) }), variant: 'success' });
      form.reset({ justification: '', communityInput: '' });
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FORM_FIELDS.includes(field as (typeof FORM_FIELDS)[number])) form.setError(field as (typeof FORM_FIELDS)[number], { type: 'server', message });
        }
      } else {
        setFormError(error instanceof Error ? error.message : t('errors.propose'));
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" data-testid="rate-adjustment-form">
      <FormField
        id={`${id}-percent`}
        label={t('control.percent')}
        error={fieldError('percent')}
        hint={t('control.percentHint', { max: MAX_RATE_ADJUSTMENT_PERCENT })}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            step={0.5}
            min={-MAX_RATE_ADJUSTMENT_PERCENT}
            max={MAX_RATE_ADJUSTMENT_PERCENT}
            data-testid="rate-adjustment-percent"
            {...form.register('percent', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField id={`${id}-justification`} label={t('control.justification')} error={fieldError('justification')} hint={t('control.justificationHint')}>
        {(control) => <Textarea {...control} rows={3} data-testid="rate-adjustment-justification" {...form.register('justification')} />}
      </FormField>
      <FormField id={`${id}-community`} label={t('control.communityInput')} error={fieldError('communityInput')} hint={t('control.communityInputHint')}>
        {(control) => <Textarea {...control} rows={2} data-testid="rate-adjustment-community" {...form.register('communityInput')} />}
      </FormField>
      <p className="flex gap-2 rounded-md bg-muted p-3 text-sm" data-testid="rate-adjustment-effective">
        <CalendarClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {typeof percent === 'number' && Number.isFinite(percent)
          ? t('control.effectiveWithPercent', { date: format.dateTime(effectiveAt), percent: format.percent(percent / 100) })
          : t('control.effective', { date: format.dateTime(effectiveAt) })}
      </p>
      {formError ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {formError}
        </p>
      ) : null}
      <ActionButton type="submit" isPending={isSubmitting} data-testid="rate-adjustment-submit">
        {t('control.submit')}
      </ActionButton>
    </form>
  );
}

function ProposalList({ territoryId }: { territoryId: string }) {
  const { t } = useTranslation('pricing');
  const proposals = useRateAdjustments(territoryId);
  if (proposals.isPending) return <LoadingState />;
  if (proposals.isError) return <ErrorState title={t('errors.proposals')} error={proposals.error} onRetry={() => void proposals.refetch()} />;
  if (proposals.data.length === 0) return <p className="text-sm text-muted-foreground">{t('control.none')}</p>;
  return (
    <ul className="space-y-2" data-testid="rate-adjustment-list">
      {proposals.data.map((proposal) => (
        <ProposalItem key={proposal.id} proposal={proposal} territoryId={territoryId} />
      ))}
    </ul>
  );
}

function ProposalItem({ proposal, territoryId }: { proposal: RateAdjustmentProposalView; territoryId: string }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  const withdraw = useWithdrawAdjustment(territoryId);
  const percent = `${proposal.percent > 0 ? '+' : ''}${format.percent(proposal.percent / 100)}`;
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="rate-adjustment-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{percent}</span>
        <Badge variant={statusVariant[proposal.status]} data-testid="rate-adjustment-status">
          {t(`status.${proposal.status}`)}
        </Badge>
      </div>
      <p className="mt-1 text-muted-foreground">
        {t('control.dates', { announced: format.dateTime(proposal.announcedAt), effective: format.dateTime(proposal.effectiveAt) })}
      </p>
      <p className="mt-1 break-words">{proposal.justification}</p>
      {proposal.communityInput ? (
        <p className="mt-1 break-words text-muted-foreground">{t('control.communitySaid', { input: proposal.communityInput })}</p>
      ) : null}
      {proposal.status === 'scheduled' ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(proposal.id, {
              onSuccess: () => toast({ title: t('control.withdrawn') }),
              onError: (error) => toast({ title: t('errors.withdraw'), description: error.message, variant: 'destructive' }),
            })
          }
          data-testid="rate-adjustment-withdraw"
        >
          {t('control.withdraw')}
        </Button>
      ) : null}
    </li>
  );
}
