import type { Ride } from '@coride/domain';
import { MessageSquareIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RideMessagesDialog } from '@/components/ride-messages/ride-messages-dialog';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';

/** The rider's drivers' rating and the Message button of the active ride (contract §9: no phone, no email). */
export function RiderContact({ ride }: { ride: Ride }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="flex items-center gap-1 text-sm text-muted-foreground" data-testid="active-ride-rider-rating">
        <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden />
        {t('riderRating.value', { rating: format.number(ride.rider.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
      </span>
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)} data-testid="message-rider">
        <MessageSquareIcon aria-hidden />
        {t('riderRating.message', { name: ride.rider.firstName })}
      </Button>
      <RideMessagesDialog rideId={ride.id} side="driver" otherName={ride.rider.firstName} open={isOpen} onOpenChange={setIsOpen} />
    </div>
  );
}
