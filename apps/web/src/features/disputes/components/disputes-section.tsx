import type { Dispute } from '@coride/domain/payments';
import type { QueryKey } from '@tanstack/react-query';
import { ArrowRightIcon, GavelIcon, RotateCwIcon, ScaleIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { useDisputes } from '../api/use-disputes';
import { isOverdue, resolveByDate, sortDisputes } from '../disputes';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';

/** Resolved disputes shown before "Show all". */
const RESOLVED_SHOWN = 10;

/**
 * The disputes a licensee (its territories) or an admin (all) may resolve: open ones first, the
 * oldest at the top with their resolve-by date, then the latest decisions.
 */
export function DisputesSection({ description, alsoRefresh, headingId }: { description: string; alsoRefresh?: readonly QueryKey[]; headingId: string }) {
  const { t } = useTranslation('disputes');
  const disputes = useDisputes();
  const [showAllResolved, setShowAllResolved] = useState(false);
  const sorted = sortDisputes(disputes.items);
  const open = sorted.filter((d) => d.status === 'open');
  const resolved = sorted.filter((d) => d.status === 'resolved');
  const resolvedShown = showAllResolved ? resolved : resolved.slice(0, RESOLVED_SHOWN);
  // One dialog for the section: a dispute moves from the open list to the resolved one when decided.
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  const resolving = resolvingId === null ? undefined : sorted.find((d) => d.id === resolvingId);
  const opener = useRef<HTMLElement | null>(null);
  const startResolving = (id: string, button: HTMLElement) => {
    opener.current = button;
    setResolvingId(id);
  };
  const restoreFocus = (isDecided: boolean) => {
    // Back to the Resolve button that opened the dialog, or to the heading once that button is gone.
    if (!isDecided && opener.current?.isConnected) opener.current.focus();
    else document.getElementById(headingId)?.focus();
  };

  return (
    <Card data-testid="disputes" aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="space-y-1.5">
          <CardTitle as="h2" id={headingId} tabIndex={-1} className="outline-none">
            {t('section.title')}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void disputes.refetch()} disabled={disputes.isFetching}>
          <RotateCwIcon aria-hidden className={disputes.isFetching ? 'animate-spin' : undefined} />
          {t('section.refresh')}
        </Button>
      </CardHeader>
      <CardContent className="space-y-6">
        {disputes.isPending ? (
          <LoadingState />
        ) : disputes.isError && !disputes.isFetchNextPageError ? (
          <ErrorState title={t('errors.fetch')} error={disputes.error} onRetry={() => void disputes.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState icon={ScaleIcon} title={t('section.emptyTitle')} description={t('section.emptyDescription')} />
        ) : (
          <>
            <section aria-labelledby={`${headingId}-open`} className="space-y-2">
              <h3 id={`${headingId}-open`} className="font-semibold">
                {t('section.openHeading', { count: open.length })}
              </h3>
              {open.length === 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="no-open-disputes">
                  {t('section.noneOpen')}
                </p>
              ) : (
                <ul className="divide-y" data-testid="open-disputes">
                  {open.map((dispute) => (
                    <DisputeItem key={dispute.id} dispute={dispute} now={disputes.dataUpdatedAt} onResolve={(button) => startResolving(dispute.id, button)} />
                  ))}
                </ul>
              )}
            </section>
            {resolved.length > 0 ? (
              <section aria-labelledby={`${headingId}-resolved`} className="space-y-2 border-t pt-4">
                <h3 id={`${headingId}-resolved`} className="font-semibold">
                  {t('section.resolvedHeading', { count: resolved.length })}
                </h3>
                <ul className="divide-y" data-testid="resolved-disputes">
                  {resolvedShown.map((dispute) => (
                    <DisputeItem key={dispute.id} dispute={dispute} now={disputes.dataUpdatedAt} />
                  ))}
                </ul>
                {resolved.length > RESOLVED_SHOWN ? (
                  <Button variant="link" size="sm" className="px-0" onClick={() => setShowAllResolved((value) => !value)} aria-expanded={showAllResolved}>
                    {showAllResolved ? t('section.showFewer') : t('section.showAll', { count: resolved.length })}
                  </Button>
                ) : null}
              </section>
            ) : null}
            <LoadMoreButton list={disputes} describedBy={headingId} testId="load-more-disputes" />
          </>
        )}
        {resolving ? (
          <ResolveDisputeDialog
            dispute={resolving}
            isOpen
            onOpenChange={(isOpen) => setResolvingId(isOpen ? resolving.id : null)}
            onRestoreFocus={restoreFocus}
            alsoRefresh={alsoRefresh}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function DisputeItem({ dispute, now, onResolve }: { dispute: Dispute; now: number; onResolve?: (button: HTMLElement) => void }) {
  const { t } = useTranslation('disputes');
  const format = useFormatters();
  const isOpen = dispute.status === 'open';
  const resolveBy = resolveByDate(dispute.openedAt);
  const overdue = isOverdue(dispute, now);
  const { ride } = dispute;

  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid="dispute" data-status={dispute.status} data-dispute-id={dispute.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h4 className="font-semibold break-words" data-testid="dispute-rider">
            {dispute.rider.name}
          </h4>
          <p className="text-xs text-muted-foreground">
            {t('item.opened')} <time dateTime={dispute.openedAt}>{format.dateTime(dispute.openedAt)}</time>
            {isOpen ? (
              <>
                {' · '}
                <span className={overdue ? 'font-semibold text-destructive' : undefined} data-testid="dispute-resolve-by">
                  {t('item.resolveBy')} <time dateTime={resolveBy}>{format.dateTime(resolveBy)}</time>
                </span>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline" data-testid="dispute-reason">
            {t(`reasons.${dispute.reason}`)}
          </Badge>
          {overdue ? <Badge variant="destructive">{t('item.overdue')}</Badge> : null}
          <Badge variant={isOpen ? 'secondary' : 'success'} data-testid="dispute-status">
            {t(`status.${dispute.status}`)}
          </Badge>
        </div>
      </div>

      <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
        <span className="sr-only">{t('item.route')}: </span>
        <span className="break-words">{ride.pickupAddress}</span>
        <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />
        <span className="sr-only">{t('item.to')}</span>
        <span className="break-words">{ride.dropoffAddress}</span>
      </p>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">{t('item.fare')}</dt>
          <dd className="font-medium tabular-nums" data-testid="dispute-fare">
            {format.money(ride.totalFare)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('item.tip')}</dt>
          <dd className="font-medium tabular-nums">{format.money(ride.tip)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('item.refundable')}</dt>
          <dd className="font-medium tabular-nums" data-testid="dispute-refundable" data-cents={dispute.disputableAmount}>
            {format.money(dispute.disputableAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('item.driver')}</dt>
          <dd className="font-medium break-words">{ride.driverName ?? t('item.noDriver')}</dd>
        </div>
        {ride.completedAt ? (
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">{t('item.completed')}</dt>
            <dd className="font-medium">
              <time dateTime={ride.completedAt}>{format.dateTime(ride.completedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>

      <figure className="space-y-1">
        <figcaption className="text-xs text-muted-foreground">{t('item.description')}</figcaption>
        <blockquote className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words" data-testid="dispute-description">
          {dispute.description}
        </blockquote>
      </figure>

      {isOpen ? null : (
        <div className="space-y-1 rounded-md border p-3 text-sm" data-testid="dispute-resolution" data-resolution={dispute.resolution ?? undefined}>
          <p className="flex flex-wrap items-center gap-1.5 font-medium">
            <GavelIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {dispute.resolution === 'release' || dispute.resolution === null
              ? t('item.resolvedRelease')
              : t('item.resolvedRefund', { resolution: t(`resolutions.${dispute.resolution}`), amount: format.money(dispute.refundAmount) })}
          </p>
          {dispute.resolvedAt ? (
            <p className="text-xs text-muted-foreground">
              {t('item.resolvedAt')} <time dateTime={dispute.resolvedAt}>{format.dateTime(dispute.resolvedAt)}</time>
            </p>
          ) : null}
          {dispute.resolutionNote ? <p className="whitespace-pre-wrap break-words">{dispute.resolutionNote}</p> : null}
        </div>
      )}

      {isOpen && onResolve ? (
        <Button
          size="sm"
          onClick={(event) => onResolve(event.currentTarget)}
          aria-label={t('item.resolveLabel', { rider: dispute.rider.name })}
          data-testid="resolve-dispute"
        >
          <GavelIcon aria-hidden />
          {t('item.resolve')}
        </Button>
      ) : null}
    </li>
  );
}
