import type { Ride } from '@coride/domain';
import { CheckIcon, CircleIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useTimeFormat } from '../../hooks/use-time-format';

type Step = { key: string; at: string | null; isCancel?: boolean };

/**
 * Requested, accepted, arrived, started, completed: the times so far, the rest still to come. A ride
 * whose driver never said they arrived (an older one, or started at once) skips that step.
 */
export function RideTimeline({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const formatTime = useTimeFormat();
  const steps: Step[] = [
    { key: 'requested', at: ride.requestedAt },
    { key: 'accepted', at: ride.acceptedAt },
    ...(ride.arrivedAt !== null || ride.status === 'requested' || ride.status === 'accepted' ? [{ key: 'arrived', at: ride.arrivedAt }] : []),
    { key: 'started', at: ride.startedAt },
    { key: 'completed', at: ride.completedAt },
  ];
  // A cancelled ride stops where it was cancelled.
  const shown: Step[] =
    ride.status === 'cancelled' ? [...steps.filter((s) => s.at !== null), { key: 'cancelled', at: ride.cancelledAt, isCancel: true }] : steps;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('ride.timeline.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-0" data-testid="ride-timeline">
          {shown.map((step, index) => {
            const isDone = step.at !== null;
            const Icon = step.isCancel ? XIcon : isDone ? CheckIcon : CircleIcon;
            return (
              <li key={step.key} className="relative flex gap-3 pb-5 last:pb-0" data-step={step.key} data-done={isDone}>
                {index < shown.length - 1 ? (
                  <span
                    aria-hidden
                    className={cn('absolute start-3 top-7 -bottom-0 w-px -translate-x-1/2 rtl:translate-x-1/2', isDone ? 'bg-primary' : 'bg-border')}
                  />
                ) : null}
                <span
                  className={cn(
                    'relative flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                    step.isCancel
                      ? 'border-destructive bg-destructive text-destructive-foreground'
                      : isDone
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border bg-background text-muted-foreground',
                  )}
                  aria-hidden
                >
                  <Icon className={cn('size-3.5', !isDone && 'size-2 fill-current')} />
                </span>
                <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
                  <span className={cn('text-sm font-medium', !isDone && 'text-muted-foreground')}>{t(`ride.timeline.${step.key}`)}</span>
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {step.at ? <time dateTime={step.at}>{formatTime(step.at)}</time> : t('ride.timeline.pending')}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
