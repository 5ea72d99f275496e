import type { DriverEarnings, PaymentMethod, Receipt, Ride } from '@coride/domain';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../accounts/service';
import type { ApplicationsService } from '../applications/service';
import type { DriversService } from '../drivers/service';
import type { PaymentsService } from '../payments/service';
import type { PaymentViews } from '../reporting/payment-views';
import type { RidesService } from '../rides/service';
import type { TerritoriesService } from '../territories/service';
import { latestRideIdOf } from './repository';

/**
 * What the assistant knows about the caller when it answers: read through the owning modules'
 * services (rides, payments read models, drivers, territories), never guessed.
 */
export type Facts =
  | { kind: 'anonymous' }
  | {
      kind: 'customer';
      name: string;
      /** The ride asked about: the given one, else the active one, else the latest. */
      ride: Ride | null;
      /** Its receipt (payment and escrow state) once it has a charge. */
      receipt: Receipt | null;
      /** The latest completed ride and its receipt (disputes and lost items are about it): the ride above when it is completed. */
      completed: { ride: Ride; receipt: Receipt | null } | null;
      cards: PaymentMethod[];
      territoryId: string | null;
    }
  | {
      kind: 'driver';
      name: string;
      isApproved: boolean;
      applicationStatus: string;
      status: 'online' | 'offline';
      hasLocation: boolean;
      territoryName: string | null;
      territoryId: string | null;
      earnings: DriverEarnings;
      ride: Ride | null;
    }
  | {
      kind: 'licensee';
      name: string;
      territories: { id: string; name: string; zipCodes: string[] }[];
      pendingDriverApplications: number;
    }
  | { kind: 'admin'; name: string };

export type FactsDeps = {
  db: Database;
  rides: RidesService;
  payments: PaymentsService;
  paymentViews: PaymentViews;
  drivers: DriversService;
  territories: TerritoriesService;
  applications: ApplicationsService;
};

export function createFactsReader(deps: FactsDeps) {
  const { db, rides, payments, paymentViews, drivers, territories, applications } = deps;

  const latestRideId = (riderId: string, completed = false) => latestRideIdOf(db, riderId, completed);

  return {
    /** Everything the answers may use for this caller; `rideId` (the chat's payload) must be the caller's (404 otherwise). */
    async gather(user: AuthenticatedUser | null, rideId?: string): Promise<Facts> {
      if (!user) return { kind: 'anonymous' };
      const name = user.user.firstName;
      if (user.role === 'customer') {
        let ride: Ride | null = null;
        if (rideId) ride = await rides.get(user, rideId);
        else {
          ride = await rides.active(user);
          if (!ride) {
            const latest = await latestRideId(user.id);
            ride = latest ? await rides.get(user, latest) : null;
          }
        }
        const receipt = ride ? await paymentViews.receipt(user, ride.id) : null;
        let completed: { ride: Ride; receipt: Receipt | null } | null = ride?.status === 'completed' ? { ride, receipt } : null;
        if (!completed && !rideId) {
          const id = await latestRideId(user.id, true);
          if (id) completed = { ride: await rides.get(user, id), receipt: await paymentViews.receipt(user, id) };
        }
        const cards = await payments.listMethods(user);
        return { kind: 'customer', name, ride, receipt, completed, cards, territoryId: ride?.territoryId ?? null };
      }
      if (user.role === 'driver') {
        const me = await drivers.me(user);
        const territoryId = await territories.access.driverTerritoryOf(user.id);
        const earnings = await paymentViews.driverEarnings(user);
        const ride = await rides.active(user);
        return {
          kind: 'driver',
          name,
          isApproved: me.isApproved,
          applicationStatus: me.applicationStatus,
          status: me.status,
          hasLocation: me.currentLocation !== null,
          territoryName: me.territoryName,
          territoryId,
          earnings,
          ride,
        };
      }
      if (user.role === 'licensee') {
        const owned = await territories.listForLicensee(user.id);
        const pendingDriverApplications = await applications.countOpenDriverApplications(user);
        return {
          kind: 'licensee',
          name,
          territories: owned.map(({ territory, zipCodes }) => ({ id: territory.id, name: territory.name, zipCodes })),
          pendingDriverApplications,
        };
      }
      return { kind: 'admin', name };
    },
  };
}

export type FactsReader = ReturnType<typeof createFactsReader>;

/** The territory whose licensee answers this caller's tickets (none: the admins). */
export function ticketTerritory(facts: Facts): string | null {
  if (facts.kind === 'customer' || facts.kind === 'driver') return facts.territoryId;
  if (facts.kind === 'licensee') return facts.territories[0]?.id ?? null;
  return null;
}
