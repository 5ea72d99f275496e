import type { Ride } from '@coride/domain/rides';
import { LabelledCell } from '@/components/ui/labelled-cell';

/** The rider's first name and the ride's route, as the staff's ride tables show them. */
export function RiderRouteCell({ label, ride }: { label: string; ride: Ride }) {
  return (
    <LabelledCell label={label}>
      <span className="font-medium">{ride.rider.firstName}</span>
      <span className="block text-xs break-words text-muted-foreground">
        {ride.pickupLocation.address} → {ride.dropoffLocation.address}
      </span>
    </LabelledCell>
  );
}
