import type { EscrowState, Ride } from '@coride/domain';
import { driverEarning } from '@coride/domain/money';

/** What the driver keeps from a ride: the whole subtotal plus every tip (contract section 2). */
export function driverEarningOf(ride: Pick<Ride, 'subtotal' | 'tip'>): number {
  return driverEarning(ride, ride.tip);
}

export type EscrowBadge = {
  /** The key under driver:earnings.escrow. */
  key: 'held' | 'heldNoDate' | 'released' | 'disputed' | 'refunded' | 'awaitingPayment' | 'voided' | 'failed';
  variant: 'secondary' | 'success' | 'destructive' | 'outline';
  /** The date for "Held until <date>", when the money is held. */
  until?: string;
};

/** How a ride's money stands, as the badge of the driver's recent rides shows it. */
export function escrowBadgeOf(escrow: EscrowState, releaseAfter: string | null): EscrowBadge {
  switch (escrow) {
    case 'held':
      return releaseAfter ? { key: 'held', variant: 'secondary', until: releaseAfter } : { key: 'heldNoDate', variant: 'secondary' };
    case 'released':
      return { key: 'released', variant: 'success' };
    case 'disputed':
      return { key: 'disputed', variant: 'destructive' };
    case 'refunded':
      return { key: 'refunded', variant: 'outline' };
    case 'authorized':
      return { key: 'awaitingPayment', variant: 'outline' };
    case 'voided':
      return { key: 'voided', variant: 'outline' };
    case 'failed':
      return { key: 'failed', variant: 'destructive' };
  }
}
