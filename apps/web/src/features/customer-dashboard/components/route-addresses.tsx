import { CircleDotIcon, MapPinIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A ride's from and to, as the ride list, the payment history and the receipt show them. */
export function RouteAddresses({ pickup, dropoff }: { pickup: string; dropoff: string }) {
  const { t } = useTranslation('customer');
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex items-start gap-2">
        <dt>
          <CircleDotIcon className="mt-0.5 size-4 text-primary" aria-hidden />
          <span className="sr-only">{t('rides.from')}</span>
        </dt>
        <dd className="min-w-0 break-words">{pickup}</dd>
      </div>
      <div className="flex items-start gap-2">
        <dt>
          <MapPinIcon className="mt-0.5 size-4 text-destructive" aria-hidden />
          <span className="sr-only">{t('rides.to')}</span>
        </dt>
        <dd className="min-w-0 break-words">{dropoff}</dd>
      </div>
    </dl>
  );
}
