import { ShieldAlertIcon, WorkflowIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DISPUTE_WINDOW_DAYS } from './fare-example';
import { FareFlowDiagram } from './fare-flow-diagram';
import type { TripInput } from './trip-input';
import { useMoney } from './use-money';

/** The flow-diagrams tab: the fare flow for the demo's trip, and the flows still to come. */
export function FlowsTab({ trip }: { trip: TripInput }) {
  const { t } = useTranslation(['demo', 'common']);
  const money = useMoney();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-2xl font-bold">{t('flows.title')}</h2>
          {trip.miles !== null && trip.minutes !== null ? (
            <CardDescription className="text-base">{t('flows.description', { miles: money.number(trip.miles), minutes: money.number(trip.minutes) })}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {trip.fare ? <FareFlowDiagram fare={trip.fare} /> : <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('rider.enterTrip')}</p>}
          <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            {t('flows.dispute', { days: DISPUTE_WINDOW_DAYS })}
          </p>
        </CardContent>
      </Card>
      <Card className="border-dashed">
        <CardHeader className="flex-row items-start gap-3">
          <WorkflowIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle>{t('flows.more.title')}</CardTitle>
              <Badge variant="secondary">{t('common:comingSoon')}</Badge>
            </div>
            <CardDescription>{t('flows.more.description')}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </div>
  );
}
