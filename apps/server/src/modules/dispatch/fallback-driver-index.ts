import type { LatLng } from '@coride/domain';
import type { Warn } from '../../lib/rate-limited-warn';
import type { DriverLocationIndex, IndexedDriver, NearbyDriver, NearestOptions, TimedDriver } from './driver-index';

/**
 * The questions the dispatch index answers, answered from the truth (driver_presence, owned by the
 * drivers module: modules/drivers/presence-reader.ts) for when the shared index cannot. Slower, and
 * positions are those last stored (at most ~11 s old: drivers.flushLocations), but never wrong about
 * who is online.
 */
export type PresenceReader = {
  /** The online, approved drivers among these, with their territory and last stored position. */
  positionsOf(driverIds: readonly string[]): Promise<Map<string, IndexedDriver>>;
  /** Up to `limit` online, approved drivers of the territory within the radius, nearest first, skipping `exclude`. */
  nearest(territoryId: string, point: LatLng, options: NearestOptions): Promise<NearbyDriver[]>;
  countOnline(territoryId?: string): Promise<number>;
};

const READ_FALLBACK = 'dispatch index unavailable (Redis): answered from driver_presence';
const WRITE_DROPPED = 'dispatch index write dropped (Redis unavailable): the reconcile and the next location put it back';

/**
 * A Redis outage degrades dispatch, it never fails the ride flow (contract §7: Redis holds only what
 * can be rebuilt). Wraps the shared index (RedisDriverIndex): when a command fails or times out,
 * - a read (a ride's driver position, the accept's ETA, a dispatch round's nearest drivers, counts)
 *   is answered by the database through `presence`;
 * - a write (online, offline, a location) is reported and dropped: driver_presence was written first,
 *   and the index is repaired by the reconcile job (INDEX_RECONCILE_MS) and by the driver's next
 *   location (drivers.updateLocation puts back a driver the index lacks);
 * - the reconcile itself fails, and its job tries again next round.
 * The in-process grid cannot fail, so it is not wrapped (services.ts).
 */
export class FallbackDriverIndex implements DriverLocationIndex {
  constructor(
    readonly shared: DriverLocationIndex,
    private readonly presence: PresenceReader,
    private readonly warn: Warn,
  ) {}

  async upsert(driver: TimedDriver): Promise<boolean> {
    return this.write(() => this.shared.upsert(driver), true);
  }

  /** On failure, "present": otherwise the caller would look the driver up in the database at every location. */
  async move(driverId: string, point: LatLng, ts: number): Promise<boolean> {
    return this.write(() => this.shared.move(driverId, point, ts), true);
  }

  /** On failure the driver may stay in the index for a while: dispatch offers only to drivers the database has online. */
  async remove(driverId: string, ts?: number): Promise<void> {
    return this.write(() => this.shared.remove(driverId, ts), undefined);
  }

  async get(driverId: string): Promise<IndexedDriver | undefined> {
    return (await this.getMany([driverId])).get(driverId);
  }

  async getMany(driverIds: readonly string[]): Promise<Map<string, IndexedDriver>> {
    return this.read(
      () => this.shared.getMany(driverIds),
      () => this.presence.positionsOf(driverIds),
    );
  }

  async nearest(territoryId: string, point: LatLng, options: NearestOptions): Promise<NearbyDriver[]> {
    return this.read(
      () => this.shared.nearest(territoryId, point, options),
      () => this.presence.nearest(territoryId, point, options),
    );
  }

  async countOnline(territoryId?: string): Promise<number> {
    return this.read(
      () => this.shared.countOnline(territoryId),
      () => this.presence.countOnline(territoryId),
    );
  }

  reconcile(online: readonly TimedDriver[], asOf: number): Promise<{ added: number; removed: number }> {
    return this.shared.reconcile(online, asOf);
  }

  private async read<T>(fromIndex: () => Promise<T>, fromDatabase: () => Promise<T>): Promise<T> {
    try {
      return await fromIndex();
    } catch (error) {
      this.warn(error, READ_FALLBACK);
      return fromDatabase();
    }
  }

  private async write<T>(toIndex: () => Promise<T>, onFailure: T): Promise<T> {
    try {
      return await toIndex();
    } catch (error) {
      this.warn(error, WRITE_DROPPED);
      return onFailure;
    }
  }
}
