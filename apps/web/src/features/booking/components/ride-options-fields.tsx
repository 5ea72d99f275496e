import { MAX_RIDE_SEATS, MIN_RIDE_SEATS, rideVehicleSizes, type RideOptions, type RideVehicleSize } from '@coride/domain/ride-options';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';

/**
 * The trip's options (ADR 033): seats, the smallest vehicle size, wheelchair access. Each change asks
 * for a new quote (the options are part of its key), since a bigger vehicle costs more.
 */
export function RideOptionsFields({ options, onChange }: { options: RideOptions; onChange: (options: RideOptions) => void }) {
  const { t } = useTranslation('booking');
  const ids = { legend: useId(), seats: useId(), size: useId(), wheelchair: useId() };
  const setSeats = (seats: number) => onChange({ ...options, seats: Math.min(MAX_RIDE_SEATS, Math.max(MIN_RIDE_SEATS, seats)) });

  return (
    <fieldset className="space-y-3 rounded-lg border p-3" aria-labelledby={ids.legend} data-testid="ride-options">
      <legend id={ids.legend} className="px-1 text-sm font-semibold">
        {t('options.title')}
      </legend>
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1.5">
          <Label id={ids.seats}>{t('options.seats')}</Label>
          <div className="flex items-center gap-1" role="group" aria-labelledby={ids.seats}>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-9"
              onClick={() => setSeats(options.seats - 1)}
              disabled={options.seats <= MIN_RIDE_SEATS}
              aria-label={t('options.fewerSeats')}
              data-testid="seats-decrease"
            >
              <MinusIcon aria-hidden />
            </Button>
            <output className="w-8 text-center text-base font-semibold tabular-nums" aria-live="polite" data-testid="seats-value">
              {options.seats}
            </output>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-9"
              onClick={() => setSeats(options.seats + 1)}
              disabled={options.seats >= MAX_RIDE_SEATS}
              aria-label={t('options.moreSeats')}
              data-testid="seats-increase"
            >
              <PlusIcon aria-hidden />
            </Button>
          </div>
        </div>
        <div className="min-w-36 flex-1 space-y-1.5">
          <Label htmlFor={ids.size}>{t('options.vehicleSize')}</Label>
          <NativeSelect
            id={ids.size}
            className="h-9"
            value={options.vehicleSize}
            onChange={(event) => onChange({ ...options, vehicleSize: event.target.value as RideVehicleSize })}
            data-testid="vehicle-size"
          >
            {rideVehicleSizes.map((size) => (
              <option key={size} value={size}>
                {t(`options.sizes.${size}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.wheelchair}
          checked={options.wheelchairAccessible}
          onCheckedChange={(checked) => onChange({ ...options, wheelchairAccessible: checked === true })}
          data-testid="wheelchair-accessible"
        />
        <Label htmlFor={ids.wheelchair} className="font-normal">
          {t('options.wheelchair')}
        </Label>
      </div>
    </fieldset>
  );
}
