import type { LatLng } from '@coride/domain';
import { CircleDotIcon, MapPinIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { StopKind } from '../trip';
import { RideMap } from '@/components/map/ride-map';

type TripMapCardProps = {
  tileUrl: string | null;
  center: LatLng;
  pickup: LatLng | null;
  dropoff: LatLng | null;
  pickTarget: StopKind;
  onPickTargetChange: (kind: StopKind) => void;
  onPick: (kind: StopKind, point: LatLng) => void;
  isPicking: boolean;
};

/**
 * The booking map: a click places the chosen pin (the first one missing, unless the rider picks),
 * pins can be dragged; the address fields are the keyboard and screen-reader way to do the same.
 */
export function TripMapCard({ tileUrl, center, pickup, dropoff, pickTarget, onPickTargetChange, onPick, isPicking }: TripMapCardProps) {
  const { t } = useTranslation('booking');
  const hintId = useId();
  const targets = [
    { kind: 'pickup' as const, label: t('map.pickPickup'), icon: CircleDotIcon, iconClass: 'text-primary' },
    { kind: 'dropoff' as const, label: t('map.pickDropoff'), icon: MapPinIcon, iconClass: 'text-destructive' },
  ];
  return (
    // Phones, map first (docs/decisions/038): a short header (the title and hint for screen readers only) and a lower map.
    <Card data-testid="trip-map-card">
      <CardHeader className="gap-3 pb-3 max-lg:p-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2" className="max-lg:sr-only">
            {t('map.title')}
          </CardTitle>
          <div role="group" aria-label={t('map.pickLabel')} aria-describedby={hintId} className="inline-flex rounded-md border p-0.5">
            {targets.map(({ kind, label, icon: Icon, iconClass }) => (
              <Button
                key={kind}
                variant="ghost"
                size="sm"
                aria-pressed={pickTarget === kind}
                onClick={() => onPickTargetChange(kind)}
                className={cn('h-8', pickTarget === kind && 'bg-accent text-accent-foreground hover:bg-accent')}
                data-testid={`map-pick-${kind}`}
              >
                <Icon aria-hidden className={iconClass} />
                {label}
              </Button>
            ))}
          </div>
        </div>
        <CardDescription id={hintId} aria-live="polite" className={cn(!isPicking && 'max-lg:sr-only')}>
          {isPicking ? t('map.findingAddress') : pickTarget === 'pickup' ? t('map.pickHintPickup') : t('map.pickHintDropoff')}
        </CardDescription>
      </CardHeader>
      <div className="px-5 pb-5 max-lg:px-2 max-lg:pb-2">
        <RideMap
          tileUrl={tileUrl}
          center={center}
          pickup={pickup}
          dropoff={dropoff}
          pickTarget={pickTarget}
          onPick={onPick}
          className="h-44 sm:h-80 lg:h-[30rem]"
        />
      </div>
    </Card>
  );
}
