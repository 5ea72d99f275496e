import type { Ride } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';

/** Where from, where to, how far, how long and for how much. */
export function TripDetailsCard({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('ride.details.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            { label: t('ride.details.from'), value: <span data-testid="ride-pickup">{ride.pickupLocation.address}</span> },
            { label: t('ride.details.to'), value: <span data-testid="ride-dropoff">{ride.dropoffLocation.address}</span> },
            { label: t('ride.details.distance'), value: t('summary.distanceValue', { value: format.number(ride.distance, { maximumFractionDigits: 1 }) }) },
            { label: t('ride.details.duration'), value: t('summary.timeValue', { value: format.number(ride.duration) }) },
            { label: t('ride.details.fare'), value: <span data-testid="ride-fare">{format.money(ride.totalFare)}</span> },
            ...(ride.tip > 0 ? [{ label: t('ride.details.tip'), value: format.money(ride.tip) }] : []),
          ]}
        />
      </CardContent>
    </Card>
  );
}
