import type { MediationProposal as Proposal } from '@coride/domain/assistant';
import { SparklesIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFormatters } from '@/lib/format';
import { useMediation } from '../api/use-mediation';

/**
 * The assistant's mediation (contract §6): the facts it gathered about the ride and the resolution
 * its written rules propose, with the rule. 'Use this proposal' fills the form below; the licensee
 * may change anything before deciding. Without it (it failed to load) the form works as before.
 */
export function MediationProposal({ disputeId, onUse }: { disputeId: string; onUse: (proposal: Proposal) => void }) {
  const { t } = useTranslation('disputes');
  const format = useFormatters();
  const headingId = useId();
  const mediation = useMediation(disputeId);

  if (mediation.isPending) {
    return (
      <div className="rounded-md border p-3 text-sm text-muted-foreground">
        <Spinner label={t('mediation.loading')} />
      </div>
    );
  }
  if (mediation.isError) {
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-destructive/40 p-3 text-sm"
        role="alert"
        data-testid="mediation-error"
      >
        <span className="text-destructive">{t('mediation.failed')}</span>
        <Button variant="outline" size="sm" onClick={() => void mediation.refetch()}>
          {t('mediation.retry')}
        </Button>
      </div>
    );
  }

  const { facts, proposal, cautions, rulesVersion } = mediation.data;
  const minutes = (value: number | null) => (value === null ? t('mediation.unknown') : t('mediation.minutes', { count: Math.round(value) }));
  const rows: [string, string][] = [
    [
      t('mediation.facts.quoted'),
      t('mediation.quotedTrip', { distance: format.number(facts.quotedDistance, { maximumFractionDigits: 1 }), duration: minutes(facts.quotedDuration) }),
    ],
    [
      t('mediation.facts.actualDuration'),
      facts.actualDuration === null
        ? t('mediation.unknown')
        : facts.durationRatio === null
          ? minutes(facts.actualDuration)
          : t('mediation.actualWithRatio', { duration: minutes(facts.actualDuration), ratio: format.percent(facts.durationRatio) }),
    ],
    [
      t('mediation.facts.wait'),
      facts.etaAtAcceptMinutes === null
        ? minutes(facts.waitMinutes)
        : t('mediation.waitWithEta', { wait: minutes(facts.waitMinutes), eta: minutes(facts.etaAtAcceptMinutes) }),
    ],
    [
      t('mediation.facts.fare'),
      t('mediation.fareBreakdown', { total: format.money(facts.totalFare), time: format.money(facts.timeFare), tip: format.money(facts.tip) }),
    ],
    [t('mediation.facts.refundable'), `${format.money(facts.disputable)}${facts.released ? ` · ${t('mediation.released')}` : ''}`],
    [
      t('mediation.facts.rating'),
      facts.rating === null ? t('mediation.noRating') : `${facts.rating}/5${facts.ratingComment ? ` · “${facts.ratingComment}”` : ''}`,
    ],
    [t('mediation.facts.priorDisputes'), t('mediation.prior', { count: facts.priorDisputes.count })],
  ];

  return (
    <section className="grid gap-3 rounded-md border border-primary/40 bg-accent/30 p-3 text-sm" aria-labelledby={headingId} data-testid="mediation">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <SparklesIcon className="size-4 text-primary" aria-hidden />
        {t('mediation.title')}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2" data-testid="mediation-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1 rounded-md bg-background p-3" data-testid="mediation-proposal">
        <p className="text-xs text-muted-foreground">{t('mediation.proposed')}</p>
        <p className="font-semibold" data-testid="mediation-resolution">
          {proposal.resolution === 'release'
            ? t('resolutions.release')
            : t('mediation.refundOf', { resolution: t(`resolutions.${proposal.resolution}`), amount: format.money(proposal.refundAmount) })}
        </p>
        <p lang="en">{proposal.reason}</p>
        <p className="text-xs text-muted-foreground" data-testid="mediation-rule">
          {t('mediation.rule', { rule: proposal.rule, version: rulesVersion })}
        </p>
      </div>
      {cautions.length > 0 ? (
        <ul className="grid gap-1" aria-label={t('mediation.cautions')}>
          {cautions.map((caution) => (
            <li key={caution} className="flex gap-2 text-amber-900">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span lang="en">{caution}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onUse(proposal)} data-testid="use-mediation-proposal">
          {t('mediation.use')}
        </Button>
        <span className="text-xs text-muted-foreground">{t('mediation.useHint')}</span>
      </div>
    </section>
  );
}
