import type { LatLng } from '@coride/domain';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { setDriverTerritory } from '../applications/repository';
import type { AuthenticatedUser } from '../accounts/service';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { DispatchPort } from '../dispatch/port';
import * as rideRepo from '../rides/repository';
import { territorySuspended } from '../territories/errors';
import type { TerritoriesService } from '../territories/service';
import { driverSuspended } from './errors';
import * as repo from './repository';
import { staffView } from './suspension-view';

/**
 * A driver's position is applied (indexed, forwarded) at most once per this window, latest wins: an
 * update inside the window is held and the last one held is applied when the window ends, so the
 * position a rider and dispatch see is never more than a window old and the final one is never lost.
 */
export const LOCATION_THROTTLE_MS = 1000;
/** The database is written at most this often per driver. */
const LOCATION_PERSIST_MS = 10_000;
/** Rows per statement when many positions wait (20,000 drivers online: 2,000 a second). */
const LOCATION_FLUSH_BATCH = 5000;
/** A location from a driver the database does not have online is not looked up again for this long. */
const NOT_ONLINE_MEMORY_MS = 10_000;
/** The index's entries written this recently are left alone by a reconcile (their write may not be committed yet). */
const RECONCILE_GRACE_MS = 10_000;

export type DriversService = ReturnType<typeof createDriversService>;

type DriverLocation = LatLng & { heading?: number };
/** A driver's latest update inside their throttle window; `applied` settles when it is applied or dropped. */
type HeldLocation = { location: DriverLocation; timer: NodeJS.Timeout; applied: Promise<void>; settle: (outcome: Promise<void>) => void };

export function createDriversService(deps: {
  db: Database;
  territories: TerritoriesService;
  index: DriverLocationIndex;
  now: () => Date;
  dispatcher: DispatchPort;
  /** Asked before a driver goes online; throws to refuse (an expired licence or insurance: 403 DOCUMENT_EXPIRED, ADR 036). */
  mayGoOnline?: (driverId: string) => Promise<void>;
}) {
  const { db, territories, index, now } = deps;
  const lastUpdate = new Map<string, { at: number; persistedAt: number }>();
  /** The latest update of each driver whose window is still running, applied when it ends. */
  const heldLocations = new Map<string, HeldLocation>();
  /** The positions to store at the next flush, the latest per driver. */
  const pendingLocations = new Map<string, { lat: number; lng: number; at: Date }>();
  /** Drivers who sent a location while absent from the index and not online in the database: when that was. */
  const notOnlineAt = new Map<string, number>();
  /** Session changes of one driver run in the order their events arrived (a reload closes, then opens). */
  const sessionQueue = new Map<string, Promise<void>>();
  function inOrder(driverId: string, change: () => Promise<void>): Promise<void> {
    const next = (sessionQueue.get(driverId) ?? Promise.resolve()).catch(() => undefined).then(change);
    sessionQueue.set(driverId, next);
    void next.finally(() => sessionQueue.get(driverId) === next && sessionQueue.delete(driverId)).catch(() => undefined);
    return next;
  }

  async function profileOf(driverId: string) {
    const row = await repo.findProfileWithPresence(db, driverId);
    if (!row) throw notFound('Driver profile');
    return row;
  }

  /** Starts the driver's online session, unless one is running. */
  async function openSession(driverId: string, at: Date): Promise<void> {
    await repo.openOnlineSession(db, driverId, at);
  }

  /** Ends the driver's running online session, if any. */
  async function closeSession(driverId: string, at: Date): Promise<void> {
    await repo.closeOnlineSession(db, driverId, at);
  }

  /**
   * Makes the dispatch index hold exactly the online, approved drivers of driver_presence, at their
   * last stored position (a later one the index already has stays). Entries written in the last few
   * seconds are left alone: their driver_presence change may not be committed yet.
   */
  async function reconcileIndex(): Promise<{ online: number; added: number; removed: number }> {
    const asOf = now().getTime() - RECONCILE_GRACE_MS;
    const online = await repo.onlineApprovedDrivers(db);
    const entries = online.flatMap((d) =>
      d.lat !== null && d.lng !== null && d.territoryId
        ? [{ driverId: d.driverId, territoryId: d.territoryId, lat: d.lat, lng: d.lng, ts: (d.locationUpdatedAt ?? d.statusChangedAt).getTime() }]
        : [],
    );
    const { added, removed } = await index.reconcile(entries, asOf);
    return { online: entries.length, added, removed };
  }

  /**
   * A location from a driver missing from the index (Redis restarted, or a write was lost): back in
   * if the database has them online and approved. Answers "not online" are remembered for a while,
   * so an offline driver's app that keeps sending costs one query per NOT_ONLINE_MEMORY_MS.
   */
  async function indexAgain(driverId: string, location: LatLng, at: number): Promise<void> {
    const missedAt = notOnlineAt.get(driverId);
    if (missedAt !== undefined && at - missedAt < NOT_ONLINE_MEMORY_MS) return;
    const territoryId = await repo.onlineTerritoryOf(db, driverId);
    if (!territoryId) {
      if (notOnlineAt.size > 10_000) for (const [id, seen] of notOnlineAt) if (at - seen >= NOT_ONLINE_MEMORY_MS) notOnlineAt.delete(id);
      notOnlineAt.set(driverId, at);
      return;
    }
    notOnlineAt.delete(driverId);
    await index.upsert({ driverId, territoryId, lat: location.lat, lng: location.lng, ts: at });
  }

  /** Indexes and forwards one update now. Taken before the first await, so a burst from one driver passes the throttle once. */
  async function applyLocation(driverId: string, location: DriverLocation, at: number, previous: { persistedAt: number } | undefined): Promise<void> {
    lastUpdate.set(driverId, { at, persistedAt: previous?.persistedAt ?? -Infinity });
    // The latest waits for the flush, which stores it once the driver's last write is LOCATION_PERSIST_MS old.
    pendingLocations.set(driverId, { lat: location.lat, lng: location.lng, at: new Date(at) });
    if (!(await index.move(driverId, location, at))) await indexAgain(driverId, location, at);
    await deps.dispatcher.forwardLocation(driverId, location);
  }

  /**
   * Holds an update until the driver's window ends, then applies the latest one held. One timer per
   * driver with an update held, and none otherwise: a driver sending once a second or less never has one.
   */
  function hold(driverId: string, location: DriverLocation, waitMs: number): Promise<void> {
    let settle!: (outcome: Promise<void>) => void;
    const applied = new Promise<void>((resolve) => (settle = resolve));
    const held: HeldLocation = {
      location,
      applied,
      settle,
      timer: setTimeout(
        () => {
          heldLocations.delete(driverId);
          held.settle(applyLocation(driverId, held.location, now().getTime(), lastUpdate.get(driverId)));
        },
        Math.max(0, waitMs),
      ),
    };
    held.timer.unref();
    heldLocations.set(driverId, held);
    return applied;
  }

  /** Forgets a held update: `outcome` (a newer update's, or nothing) settles the promises of those who sent it. */
  function release(driverId: string, held: HeldLocation, outcome: Promise<void>): void {
    clearTimeout(held.timer);
    heldLocations.delete(driverId);
    held.settle(outcome);
  }

  return {
    /**
     * Puts the online, approved drivers back into the dispatch index after a restart. When this is the
     * only live instance (`isOnlyInstance`: always with the embedded database), no app is connected
     * anywhere, so the online sessions the stop left running end at the last sign of their driver (the
     * last stored position). Otherwise they may be other instances' drivers: the session janitor ends
     * those whose instance has gone (endSessionsOfGone).
     */
    async restore(options: { isOnlyInstance: boolean }): Promise<number> {
      if (options.isOnlyInstance) await repo.endSessionsLeftRunning(db, now());
      return (await reconcileIndex()).online;
    },

    /** Drivers whose connections were all on instances that have gone: their sessions end when the instance was last seen. */
    async endSessionsOfGone(gone: { userId: string; lastSeenAt: Date }[]): Promise<void> {
      const byTime = new Map<number, string[]>();
      for (const { userId, lastSeenAt } of gone) byTime.set(lastSeenAt.getTime(), [...(byTime.get(lastSeenAt.getTime()) ?? []), userId]);
      for (const [at, userIds] of byTime) await repo.closeOnlineSessionsOf(db, userIds, new Date(at));
    },

    reconcileIndex,

    async me(driver: AuthenticatedUser) {
      const { profile, presence, territoryName } = await profileOf(driver.id);
      const applicationStatus = await repo.latestApplicationStatus(db, driver.id);
      const at = now();
      const dayStart = new Date(at);
      dayStart.setUTCHours(0, 0, 0, 0);
      const totals = await repo.rideTotalsOfDriver(db, driver.id, dayStart);
      const suspension = (await repo.openSuspensionsOf(db, [driver.id])).get(driver.id);
      return {
        vehicleMake: profile.vehicleMake,
        vehicleModel: profile.vehicleModel,
        vehicleYear: profile.vehicleYear,
        vehicleColor: profile.vehicleColor,
        vehiclePlate: profile.vehiclePlate,
        seatCount: profile.seatCount,
        vehicleSize: profile.vehicleSize,
        wheelchairAccessible: profile.wheelchairAccessible,
        vehicleAge: profile.vehicleAge,
        driveArea: profile.driveArea,
        isApproved: profile.isApproved,
        applicationStatus: applicationStatus ?? 'pending',
        territoryName: territoryName ?? null,
        status: presence?.status ?? 'offline',
        currentLocation: presence?.lat != null && presence.lng != null ? { lat: presence.lat, lng: presence.lng } : null,
        rating: await rideRepo.averageDriverRating(db, driver.id),
        totalRides: totals?.totalRides ?? 0,
        today: {
          rides: totals?.todayRides ?? 0,
          earnings: totals?.todayEarnings ?? 0,
          onlineSeconds: await repo.onlineSecondsBetween(db, driver.id, dayStart, at),
        },
        suspension: suspension ? { at: suspension.at.toISOString(), reason: suspension.reason } : null,
      };
    },

    /** Online needs approval and a known location inside a served territory. */
    async setStatus(driver: AuthenticatedUser, status: 'online' | 'offline', location: LatLng | undefined) {
      const { profile } = await profileOf(driver.id);
      const at = now();
      // A position held from before must not move the driver after this (nor put them back in the index).
      const held = heldLocations.get(driver.id);
      if (held) release(driver.id, held, Promise.resolve());
      if (status === 'offline') {
        await repo.setPresenceOffline(db, driver.id, at);
        await inOrder(driver.id, () => closeSession(driver.id, at));
        await index.remove(driver.id, at.getTime());
        await deps.dispatcher.releaseDriver(driver.id);
        return { status: 'offline' as const };
      }
      if (!profile.isApproved) throw new AppError('FORBIDDEN', 'Your application is not approved yet. You can go online once it is approved.');
      if (await repo.isSuspended(db, driver.id)) throw driverSuspended();
      await deps.mayGoOnline?.(driver.id);
      if (!location) {
        throw new AppError('LOCATION_REQUIRED', 'Location Required - Please enable location services to go online.', {
          location: 'Location is required to go online',
        });
      }
      let territoryId = profile.territoryId;
      if (!territoryId) {
        const placed = await territories.place(location);
        if (!placed?.territory) throw new AppError('AREA_NOT_SERVED', 'Your area is not served yet: there is no licensed territory here.');
        territoryId = placed.territory.id;
        await setDriverTerritory(db, driver.id, territoryId);
      }
      // A suspended territory dispatches nobody (ADR 027): its drivers stay offline until it is reinstated.
      if (await territories.isSuspended(territoryId)) throw territorySuspended('status', 'Your territory is paused for now');
      await repo.setPresenceOnline(db, driver.id, location, at);
      // A suspension committed between the check above and this write has already set the presence offline
      // (so the write above won) or is visible now: either way the driver does not stay online.
      if (await repo.isSuspended(db, driver.id)) {
        await repo.setPresenceOffline(db, driver.id, now());
        throw driverSuspended();
      }
      await inOrder(driver.id, () => openSession(driver.id, at));
      notOnlineAt.delete(driver.id);
      await index.upsert({ driverId: driver.id, territoryId, lat: location.lat, lng: location.lng, ts: at.getTime() });
      lastUpdate.set(driver.id, { at: at.getTime(), persistedAt: at.getTime() });
      // Stored just now: an older position waiting would only be refused by the write.
      pendingLocations.delete(driver.id);
      return { status: 'online' as const };
    },

    /** The driver's app connected: an online driver's session runs again. */
    async connected(driverId: string): Promise<void> {
      const at = now();
      await inOrder(driverId, async () => {
        if ((await repo.presenceStatusOf(db, driverId)) === 'online') await openSession(driverId, at);
      });
    },

    /** The driver's last app connection closed: the time until it is back does not count as online. */
    async disconnected(driverId: string): Promise<void> {
      const at = now();
      await inOrder(driverId, () => closeSession(driverId, at));
    },

    /**
     * From the driver's WebSocket: throttled (latest wins), indexed, forwarded to their rider, persisted
     * now and then. An update inside the driver's window resolves when the window's last update has
     * been applied (or dropped: the driver went offline, the app closed).
     */
    updateLocation(driverId: string, location: DriverLocation): Promise<void> {
      const at = now().getTime();
      const previous = lastUpdate.get(driverId);
      const held = heldLocations.get(driverId);
      if (previous && at - previous.at < LOCATION_THROTTLE_MS) {
        if (held) {
          held.location = location;
          return held.applied;
        }
        return hold(driverId, location, previous.at + LOCATION_THROTTLE_MS - at);
      }
      // The window ended (by the app's clock) before its timer ran: this update is newer than the held one.
      const applied = applyLocation(driverId, location, at, previous);
      if (held) release(driverId, held, applied);
      return applied;
    },

    /** The driver was taken offline elsewhere (a suspension): an update held in this process must not move them. */
    dropHeldLocation(driverId: string): void {
      const held = heldLocations.get(driverId);
      if (held) release(driverId, held, Promise.resolve());
    },

    /** Takes a driver offline as going offline does (their licence or insurance expired, ADR 036): presence, session, index, offers. */
    async takeOffline(driverId: string): Promise<void> {
      const at = now();
      const held = heldLocations.get(driverId);
      if (held) release(driverId, held, Promise.resolve());
      await repo.setPresenceOffline(db, driverId, at);
      await inOrder(driverId, () => closeSession(driverId, at));
      await index.remove(driverId, at.getTime());
      await deps.dispatcher.releaseDriver(driverId);
    },

    /** The app is closing: the updates still held are dropped (the sockets are closing too). */
    stop(): void {
      for (const [driverId, held] of heldLocations) release(driverId, held, Promise.resolve());
    },

    /**
     * Writes the positions waiting to be stored (every LOCATION_FLUSH_MS): the latest of each driver
     * whose last write is at least LOCATION_PERSIST_MS old, so a driver's row is written at most that
     * often and their last position is stored at most that long after it came. `all` (when the app
     * closes) writes every one waiting. On failure they wait for the next flush, unless a later
     * position of the driver has come meanwhile.
     */
    async flushLocations(options: { all?: boolean } = {}): Promise<number> {
      if (pendingLocations.size === 0) return 0;
      const at = now().getTime();
      const batch: { driverId: string; lat: number; lng: number; at: Date }[] = [];
      for (const [driverId, p] of pendingLocations) {
        const state = lastUpdate.get(driverId);
        if (!options.all && state && at - state.persistedAt < LOCATION_PERSIST_MS) continue;
        batch.push({ driverId, ...p });
        pendingLocations.delete(driverId);
      }
      for (let start = 0; start < batch.length; start += LOCATION_FLUSH_BATCH) {
        const part = batch.slice(start, start + LOCATION_FLUSH_BATCH);
        try {
          await repo.persistLocations(db, part);
          for (const { driverId } of part) {
            const state = lastUpdate.get(driverId);
            if (state) state.persistedAt = at;
          }
        } catch (error) {
          for (const { driverId, ...p } of batch.slice(start)) if (!pendingLocations.has(driverId)) pendingLocations.set(driverId, p);
          throw error;
        }
      }
      return batch.length;
    },

    async pendingOffers(driver: AuthenticatedUser) {
      return rideRepo.pendingOffersOfDriver(db, driver.id, now());
    },

    /** Licensee view: drivers of the given territories with their ride totals this month. */
    async driversOfTerritories(territoryIds: string[], monthStart: Date) {
      if (territoryIds.length === 0) return [];
      const rows = await repo.profilesOfTerritories(db, territoryIds);
      const ids = rows.map((r) => r.userId);
      const totals = await repo.rideTotalsOfDrivers(db, ids, monthStart);
      const indexed = await index.getMany(ids);
      const suspensions = await repo.openSuspensionsOf(db, ids);
      return rows.map((p) => {
        const t = totals.find((x) => x.driverId === p.userId);
        return {
          id: p.userId,
          firstName: p.user.firstName,
          lastName: p.user.lastName,
          email: p.user.email,
          vehicle: `${p.vehicleYear} ${p.vehicleMake} ${p.vehicleModel} (${p.vehicleColor}, ${p.vehiclePlate})`,
          rating: t?.rating === null || t?.rating === undefined ? null : Math.round(t.rating * 10) / 10,
          totalRides: t?.totalRides ?? 0,
          monthlyEarnings: t?.monthlyEarnings ?? 0,
          status: p.isApproved ? ('active' as const) : ('inactive' as const),
          isOnline: indexed.has(p.userId),
          territoryId: p.territoryId!,
          suspension: staffView(suspensions.get(p.userId)),
        };
      });
    },
  };
}
