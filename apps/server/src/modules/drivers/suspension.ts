import type { DriverSuspensionState } from '@coride/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { DispatchPort } from '../dispatch/port';
import type { MailService } from '../mail/service';
import type { NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import * as rideRepo from '../rides/repository';
import type { TerritoryAccess } from '../territories/access';
import * as repo from './repository';
import type { DriversService } from './service';
import { staffView } from './suspension-view';

export type DriverSuspensions = ReturnType<typeof createDriverSuspensions>;

/**
 * Staff suspend and reinstate drivers (contract §9, docs/decisions/031): a licensee its own
 * territory's drivers, an admin any driver; anyone else's driver is 404, as if it did not exist.
 *
 * A suspension is one transaction: the open `driver_suspensions` row (who, when, why), the presence
 * set offline and the online session ended, the driver's pending offers withdrawn (an accept racing
 * it finds its offer no longer pending and rolls back), and the driver's notification and mail. After
 * the commit: out of the dispatch index (Redis's is every process's), the driver's sockets on every
 * process told (`driver_suspended`, `offer_withdrawn`) through the hub, and the withdrawn
 * rides offered to the next drivers. A ride already accepted or under way finishes.
 */
export function createDriverSuspensions(deps: {
  db: Database;
  access: TerritoryAccess;
  index: DriverLocationIndex;
  hub: RealtimeHub;
  mail: Pick<MailService, 'enqueueToUser'>;
  notifications: NotifyPort;
  dispatcher: Pick<DispatchPort, 'dispatch'>;
  drivers: Pick<DriversService, 'dropHeldLocation'>;
  now: () => Date;
}) {
  const { db, access, index, hub, mail, notifications, dispatcher, drivers, now } = deps;

  /** 404 unless the caller may manage this driver: a licensee its territories' drivers, an admin any driver. */
  async function assertManageable(staff: AuthenticatedUser, driverId: string): Promise<void> {
    const territoryId = await access.driverTerritoryOf(driverId);
    await access.assertInScope(staff, territoryId, 'Driver');
  }

  async function stateOf(driverId: string): Promise<DriverSuspensionState> {
    return { driverId, suspension: staffView((await repo.openSuspensionsOf(db, [driverId])).get(driverId)) };
  }

  return {
    async suspend(staff: AuthenticatedUser, driverId: string, reason: string): Promise<DriverSuspensionState> {
      await assertManageable(staff, driverId);
      const at = now();
      const told = notifications.batch();
      const withdrawn = await db.transaction(async (tx) => {
        const suspensionId = await repo.insertSuspension(tx, { driverId, at, by: staff.id, reason });
        if (!suspensionId) throw new AppError('CONFLICT', 'This driver is already suspended');
        await repo.setPresenceOffline(tx, driverId, at);
        await repo.closeOnlineSession(tx, driverId, at);
        const offers = await rideRepo.pendingOffersOfDriver(tx, driverId, at);
        const rideIds: string[] = [];
        for (const offer of offers) if (await rideRepo.setOfferStatus(tx, offer.id, 'withdrawn', at)) rideIds.push(offer.rideId);
        const dedupeKey = `driver-suspended:${suspensionId}`;
        await mail.enqueueToUser(tx, driverId, { dedupeKey, template: 'driver-suspended', data: { reason } });
        await told.notify(tx, { userId: driverId, kind: 'driver_suspended', data: { reason }, dedupeKey });
        return rideIds;
      });
      drivers.dropHeldLocation(driverId);
      await index.remove(driverId, at.getTime());
      told.publish();
      hub.publish(driverId, { type: 'driver_suspended', suspension: { at: at.toISOString(), reason } });
      for (const rideId of withdrawn) {
        hub.publish(driverId, { type: 'offer_withdrawn', rideId, reason: 'suspended' });
        await dispatcher.dispatch(rideId);
      }
      return stateOf(driverId);
    },

    /** Lifts the suspension (the row stays as history); the driver may go online again. 409 when not suspended. */
    async reinstate(staff: AuthenticatedUser, driverId: string, reason: string | undefined): Promise<DriverSuspensionState> {
      await assertManageable(staff, driverId);
      const told = notifications.batch();
      await db.transaction(async (tx) => {
        const suspensionId = await repo.closeSuspension(tx, driverId, { at: now(), by: staff.id, reason: reason?.trim() || null });
        if (!suspensionId) throw new AppError('CONFLICT', 'This driver is not suspended');
        const dedupeKey = `driver-reinstated:${suspensionId}`;
        await mail.enqueueToUser(tx, driverId, { dedupeKey, template: 'driver-reinstated', data: {} });
        await told.notify(tx, { userId: driverId, kind: 'driver_reinstated', data: {}, dedupeKey });
      });
      told.publish();
      hub.publish(driverId, { type: 'driver_reinstated' });
      return stateOf(driverId);
    },
  };
}
