import { haversineMiles, type LatLng } from '@coride/domain';

export type IndexedDriver = { driverId: string; territoryId: string; lat: number; lng: number };
export type NearbyDriver = IndexedDriver & { distanceMiles: number };
/** A driver's position and when it was taken (ms since the epoch): a position never replaces a later one. */
export type TimedDriver = IndexedDriver & { ts: number };
export type NearestOptions = { limit: number; radiusMiles: number; exclude?: ReadonlySet<string> | undefined };

/**
 * Where the online drivers are, for dispatch: `GridDriverIndex` in the process (the embedded,
 * single-process deployment), `RedisDriverIndex` shared by every API process (REDIS_URL). PostgreSQL's
 * driver_presence stays the truth: the index is rebuilt from it (`reconcile`), and dispatch checks
 * presence again in the round's transaction, so a stale entry can cost a lookup, never an offer.
 *
 * Every write carries the position's time: a write older than what the index holds is ignored
 * (a late update from a slow or dying process cannot move a driver back), and a removal leaves a
 * short-lived mark so an older position cannot bring the driver back either.
 */
export interface DriverLocationIndex {
  /** Adds or moves the driver (and to another territory); false when the index holds a later position. */
  upsert(driver: TimedDriver): Promise<boolean>;
  /** Moves an indexed driver; false when the driver is not in the index (a later position is kept, and counts as present). */
  move(driverId: string, point: LatLng, ts: number): Promise<boolean>;
  /** Takes the driver out; with `ts`, only if the index holds no later position. */
  remove(driverId: string, ts?: number): Promise<void>;
  get(driverId: string): Promise<IndexedDriver | undefined>;
  getMany(driverIds: readonly string[]): Promise<Map<string, IndexedDriver>>;
  /** Up to `limit` drivers of the territory within `radiusMiles`, nearest first, skipping `exclude`. */
  nearest(territoryId: string, point: LatLng, options: NearestOptions): Promise<NearbyDriver[]>;
  countOnline(territoryId?: string): Promise<number>;
  /**
   * Makes the index hold `online` (driver_presence read after `asOf`): adds or updates those listed
   * (a later position in the index stays) and removes the others, unless their position is later than
   * `asOf` (they went online while the list was read).
   */
  reconcile(online: readonly TimedDriver[], asOf: number): Promise<{ added: number; removed: number }>;
}

/** How long a removal refuses older positions: far longer than any write can be in flight. */
export const REMOVAL_MEMORY_MS = 10 * 60_000;

/**
 * ~0.17 miles of latitude per cell: a grid per territory, searched ring by ring outwards. Small cells
 * keep dense downtowns cheap (a few drivers per cell); when a search would walk more empty cells than
 * the territory has occupied ones (a wide radius in a sparse area), it visits the occupied cells instead.
 */
const CELL_DEGREES = 0.0025;
const MILES_PER_DEGREE_LAT = 69.05;
const cellOf = (value: number) => Math.floor(value / CELL_DEGREES);
const cellKey = (x: number, y: number) => `${x}:${y}`;

export class GridDriverIndex implements DriverLocationIndex {
  private readonly drivers = new Map<string, TimedDriver & { cell: string }>();
  /** territory -> cell -> driver ids */
  private readonly cells = new Map<string, Map<string, Set<string>>>();
  /** driver -> when they were removed, so an older position does not bring them back. */
  private readonly removedAt = new Map<string, number>();

  async upsert(driver: TimedDriver): Promise<boolean> {
    return this.put(driver);
  }

  async move(driverId: string, point: LatLng, ts: number): Promise<boolean> {
    const previous = this.drivers.get(driverId);
    if (!previous) return false;
    this.put({ driverId, territoryId: previous.territoryId, lat: point.lat, lng: point.lng, ts });
    return true;
  }

  async remove(driverId: string, ts?: number): Promise<void> {
    this.drop(driverId, ts);
  }

  async get(driverId: string): Promise<IndexedDriver | undefined> {
    return this.peek(driverId);
  }

  async getMany(driverIds: readonly string[]): Promise<Map<string, IndexedDriver>> {
    const found = new Map<string, IndexedDriver>();
    for (const driverId of driverIds) {
      const driver = this.peek(driverId);
      if (driver) found.set(driverId, driver);
    }
    return found;
  }

  async countOnline(territoryId?: string): Promise<number> {
    if (!territoryId) return this.drivers.size;
    let count = 0;
    for (const ids of this.cells.get(territoryId)?.values() ?? []) count += ids.size;
    return count;
  }

  async nearest(territoryId: string, point: LatLng, options: NearestOptions): Promise<NearbyDriver[]> {
    return this.nearestNow(territoryId, point, options);
  }

  async reconcile(online: readonly TimedDriver[], asOf: number): Promise<{ added: number; removed: number }> {
    let added = 0;
    let removed = 0;
    const listed = new Set<string>();
    for (const driver of online) {
      listed.add(driver.driverId);
      const isNew = !this.drivers.has(driver.driverId);
      if (this.put(driver) && isNew) added += 1;
    }
    for (const [driverId, driver] of [...this.drivers]) {
      if (!listed.has(driverId) && driver.ts <= asOf && this.drop(driverId, asOf)) removed += 1;
    }
    for (const [driverId, at] of this.removedAt) if (at < asOf - REMOVAL_MEMORY_MS) this.removedAt.delete(driverId);
    return { added, removed };
  }

  /** The same as upsert, synchronously (the benchmark fills its index with it). */
  put(driver: TimedDriver): boolean {
    const previous = this.drivers.get(driver.driverId);
    if (previous && previous.ts > driver.ts) return false;
    if (!previous && (this.removedAt.get(driver.driverId) ?? -Infinity) > driver.ts) return false;
    this.removedAt.delete(driver.driverId);
    const key = cellKey(cellOf(driver.lng), cellOf(driver.lat));
    if (previous && (previous.cell !== key || previous.territoryId !== driver.territoryId)) this.removeFromCell(previous);
    this.drivers.set(driver.driverId, {
      driverId: driver.driverId,
      territoryId: driver.territoryId,
      lat: driver.lat,
      lng: driver.lng,
      ts: driver.ts,
      cell: key,
    });
    const territoryCells = this.cells.get(driver.territoryId) ?? new Map<string, Set<string>>();
    this.cells.set(driver.territoryId, territoryCells);
    const ids = territoryCells.get(key) ?? new Set<string>();
    territoryCells.set(key, ids);
    ids.add(driver.driverId);
    return true;
  }

  private drop(driverId: string, ts: number | undefined): boolean {
    const previous = this.drivers.get(driverId);
    if (previous && ts !== undefined && previous.ts > ts) return false;
    if (ts !== undefined) this.removedAt.set(driverId, Math.max(ts, this.removedAt.get(driverId) ?? -Infinity));
    if (!previous) return false;
    this.removeFromCell(previous);
    this.drivers.delete(driverId);
    return true;
  }

  private peek(driverId: string): IndexedDriver | undefined {
    const found = this.drivers.get(driverId);
    return found && { driverId: found.driverId, territoryId: found.territoryId, lat: found.lat, lng: found.lng };
  }

  private removeFromCell(driver: IndexedDriver & { cell: string }): void {
    const territoryCells = this.cells.get(driver.territoryId);
    const ids = territoryCells?.get(driver.cell);
    ids?.delete(driver.driverId);
    if (ids && ids.size === 0) territoryCells!.delete(driver.cell);
  }

  /** The same as nearest, synchronously (the benchmark times it without the promise). */
  nearestNow(territoryId: string, point: LatLng, { limit, radiusMiles, exclude }: NearestOptions): NearbyDriver[] {
    const territoryCells = this.cells.get(territoryId);
    if (!territoryCells || limit <= 0) return [];
    const cx = cellOf(point.lng);
    const cy = cellOf(point.lat);
    // A cell is at least this many miles wide in either direction at this latitude.
    const cellMiles = CELL_DEGREES * MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((point.lat * Math.PI) / 180));
    const maxRing = Math.ceil(radiusMiles / cellMiles) + 1;
    const found: NearbyDriver[] = [];
    const consider = (driverId: string) => {
      if (exclude?.has(driverId)) return;
      const driver = this.drivers.get(driverId)!;
      const distanceMiles = haversineMiles(point, driver);
      if (distanceMiles > radiusMiles) return;
      found.push({ driverId, territoryId, lat: driver.lat, lng: driver.lng, distanceMiles });
      // Keep only the nearest candidates so a wide search never sorts every driver of a city.
      if (found.length > 4 * limit + 64) {
        found.sort((a, b) => a.distanceMiles - b.distanceMiles);
        found.length = limit;
      }
    };
    for (let ring = 0; ring <= maxRing; ring += 1) {
      if (ring > 0 && 8 * ring > territoryCells.size) {
        // Cheaper to visit the occupied cells not searched yet, nearest ring first, than to walk empty rings.
        const remaining: { ring: number; ids: Set<string> }[] = [];
        for (const [key, ids] of territoryCells) {
          const [x, y] = key.split(':').map(Number) as [number, number];
          const cellRing = Math.max(Math.abs(x - cx), Math.abs(y - cy));
          if (cellRing >= ring) remaining.push({ ring: cellRing, ids });
        }
        remaining.sort((a, b) => a.ring - b.ring);
        for (const cell of remaining) {
          if (found.length >= limit) {
            found.sort((a, b) => a.distanceMiles - b.distanceMiles);
            if (found[limit - 1]!.distanceMiles <= (cell.ring - 1) * cellMiles) break;
          }
          for (const driverId of cell.ids) consider(driverId);
        }
        break;
      }
      for (let dx = -ring; dx <= ring; dx += 1) {
        // Only the ring's border: the top and bottom rows whole, the sides' two cells in between.
        const step = Math.abs(dx) === ring ? 1 : 2 * ring;
        for (let dy = -ring; dy <= ring; dy += step || 1) {
          for (const driverId of territoryCells.get(cellKey(cx + dx, cy + dy)) ?? []) consider(driverId);
        }
      }
      // Everything in later rings is at least `ring * cellMiles` away: stop once enough are closer.
      if (found.length >= limit) {
        found.sort((a, b) => a.distanceMiles - b.distanceMiles);
        if (found[limit - 1]!.distanceMiles <= ring * cellMiles) break;
      }
    }
    found.sort((a, b) => a.distanceMiles - b.distanceMiles);
    return found.slice(0, limit);
  }

  /** Reference implementation for tests and the benchmark: every driver of the territory. */
  nearestByScan(territoryId: string, point: LatLng, { limit, radiusMiles, exclude }: NearestOptions): NearbyDriver[] {
    const all: NearbyDriver[] = [];
    for (const driver of this.drivers.values()) {
      if (driver.territoryId !== territoryId || exclude?.has(driver.driverId)) continue;
      const distanceMiles = haversineMiles(point, driver);
      if (distanceMiles <= radiusMiles) all.push({ driverId: driver.driverId, territoryId, lat: driver.lat, lng: driver.lng, distanceMiles });
    }
    return all.sort((a, b) => a.distanceMiles - b.distanceMiles).slice(0, limit);
  }
}
