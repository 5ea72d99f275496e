import { feedbackClosesAt } from '@coride/domain/ride-feedback';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rideQueryOptions } from '@/api/rides';
import { RateRideCard } from '@/components/ride-feedback/rate-ride-card';
import { TipCard } from '@/components/ride-feedback/tip-card';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';

/**
 * Rate and tip a completed ride later (contract §10), loaded with the rider's dialogs: the same
 * rating and tip cards as the ride page right after the trip, for the ride as the server has it now.
 */
export function FeedbackDialogContent({ rideId }: { rideId: string }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const ride = useQuery(rideQueryOptions(rideId));
  const closesAt = ride.data ? feedbackClosesAt(ride.data) : null;
  return (
    <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto" data-testid="feedback-dialog">
      <DialogHeader>
        <DialogTitle>{t('rides.feedbackTitle', { to: ride.data?.dropoffLocation.address ?? '' })}</DialogTitle>
        <DialogDescription>
          {closesAt ? t('rides.feedbackUntil', { date: format.dateTime(closesAt.toISOString()) }) : t('rides.feedbackDescription')}
        </DialogDescription>
      </DialogHeader>
      {ride.isPending ? (
        <LoadingState />
      ) : ride.isError ? (
        <ErrorState title={t('rides.feedbackLoadFailed')} error={ride.error} onRetry={() => void ride.refetch()} />
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2">
          <RateRideCard ride={ride.data} />
          <TipCard ride={ride.data} />
        </div>
      )}
    </DialogContent>
  );
}
