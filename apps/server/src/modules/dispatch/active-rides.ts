import type { LatLng } from '@coride/domain';
import type { Database } from '../../db/client';
import * as repo from '../rides/repository';

/** The ride a driver is on, as forwarding their locations to its rider needs it. */
export type ActiveRide = { rideId: string; riderId: string; status: 'accepted' | 'in_progress'; pickup: LatLng; dropoff: LatLng };

/** Where the truth is read from (the rides table): the driver's accepted or started ride, and all of them. */
export type ActiveRideLoader = {
  ofDriver(driverId: string): Promise<ActiveRide | undefined>;
  all(): Promise<Array<{ driverId: string; ride: ActiveRide }>>;
};

/**
 * "Driver -> the ride they are on", for forwarding each location update without a query. Written
 * after the commit of every transition (accept, start: set; complete, cancel: clear), read on every
 * location update, by whichever process holds the driver's socket. InProcessActiveRides when one
 * process sees every transition (embedded database); RedisActiveRides (redis-active-rides.ts) when
 * several share the work, reading through to the database on a miss.
 */
export interface ActiveRideStore {
  /** Fills the store from the database at start, where it needs to (the in-process one). */
  restore(): Promise<void>;
  get(driverId: string): Promise<ActiveRide | undefined>;
  set(driverId: string, ride: ActiveRide): Promise<void>;
  /** The ride ended: forgotten, unless the driver is on another ride by now. */
  clear(driverId: string, rideId: string): Promise<void>;
}

export function toActiveRide(ride: repo.RideRow): ActiveRide | undefined {
  if (ride.status !== 'accepted' && ride.status !== 'in_progress') return undefined;
  return {
    rideId: ride.id,
    riderId: ride.riderId,
    status: ride.status,
    pickup: { lat: ride.pickupLat, lng: ride.pickupLng },
    dropoff: { lat: ride.dropoffLat, lng: ride.dropoffLng },
  };
}

/** Drivers' lookups gathered into one query, at most this many ids per query. */
const MAX_BATCH = 500;

/**
 * The loader on the rides table (through the rides repository). Lookups made while one is being
 * gathered go out together: `WHERE driver_id IN (…)`, once per `batchWindowMs` (0: the same turn of
 * the event loop). Without it, thousands of drivers whose entry ran out at once (their first
 * locations, a Redis restart) queue one query each on the pool, and every other request waits behind
 * them (bench/scale-out.ts, location ingest).
 */
export function activeRideLoader(db: Database, batchWindowMs = 5): ActiveRideLoader {
  let waiting = new Map<string, Array<{ resolve: (ride: ActiveRide | undefined) => void; reject: (error: unknown) => void }>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_BATCH) {
      const chunk = ids.slice(start, start + MAX_BATCH);
      repo.activeRidesOfDrivers(db, chunk).then(
        (rows) => {
          const byDriver = new Map(rows.flatMap((row) => (row.driverId ? [[row.driverId, toActiveRide(row)] as const] : [])));
          for (const id of chunk) for (const caller of batch.get(id)!) caller.resolve(byDriver.get(id));
        },
        (error: unknown) => {
          for (const id of chunk) for (const caller of batch.get(id)!) caller.reject(error);
        },
      );
    }
  };

  return {
    ofDriver(driverId) {
      return new Promise((resolve, reject) => {
        const callers = waiting.get(driverId) ?? [];
        callers.push({ resolve, reject });
        waiting.set(driverId, callers);
        timer ??= setTimeout(flush, batchWindowMs);
      });
    },
    async all() {
      const rows = await repo.activeRides(db);
      return rows.flatMap((row) => {
        const ride = toActiveRide(row);
        return ride && row.driverId ? [{ driverId: row.driverId, ride }] : [];
      });
    },
  };
}

/** One process sees every transition: a Map, filled from the database at start. */
export class InProcessActiveRides implements ActiveRideStore {
  private readonly rides = new Map<string, ActiveRide>();

  constructor(private readonly loader: ActiveRideLoader) {}

  async restore(): Promise<void> {
    this.rides.clear();
    for (const { driverId, ride } of await this.loader.all()) this.rides.set(driverId, ride);
  }

  async get(driverId: string): Promise<ActiveRide | undefined> {
    return this.rides.get(driverId);
  }

  async set(driverId: string, ride: ActiveRide): Promise<void> {
    this.rides.set(driverId, ride);
  }

  async clear(driverId: string, rideId: string): Promise<void> {
    if (this.rides.get(driverId)?.rideId === rideId) this.rides.delete(driverId);
  }
}
