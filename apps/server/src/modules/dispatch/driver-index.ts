import { haversineMiles, type LatLng } from '@coride/domain';

export type IndexedDriver = { driverId: string; territoryId: string; lat: number; lng: number };
export type NearbyDriver = IndexedDriver & { distanceMiles: number };

/**
 * Where the online drivers are, for dispatch. In-process today; a Redis (GEOADD/GEOSEARCH)
 * implementation of this interface lets several API instances share it.
 */
export interface DriverLocationIndex {
  upsert(driver: IndexedDriver): void;
  remove(driverId: string): void;
  get(driverId: string): IndexedDriver | undefined;
  /** Up to `limit` drivers of the territory within `radiusMiles`, nearest first, skipping `exclude`. */
  nearest(territoryId: string, point: LatLng, options: { limit: number; radiusMiles: number; exclude?: (driverId: string) => boolean }): NearbyDriver[];
  countOnline(territoryId?: string): number;
}

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
  private readonly drivers = new Map<string, IndexedDriver & { cell: string }>();
  /** territory -> cell -> driver ids */
  private readonly cells = new Map<string, Map<string, Set<string>>>();

  upsert(driver: IndexedDriver): void {
    const key = cellKey(cellOf(driver.lng), cellOf(driver.lat));
    const previous = this.drivers.get(driver.driverId);
    if (previous && (previous.cell !== key || previous.territoryId !== driver.territoryId)) this.removeFromCell(previous);
    this.drivers.set(driver.driverId, { ...driver, cell: key });
    const territoryCells = this.cells.get(driver.territoryId) ?? new Map<string, Set<string>>();
    this.cells.set(driver.territoryId, territoryCells);
    const ids = territoryCells.get(key) ?? new Set<string>();
    territoryCells.set(key, ids);
    ids.add(driver.driverId);
  }

  remove(driverId: string): void {
    const previous = this.drivers.get(driverId);
    if (!previous) return;
    this.removeFromCell(previous);
    this.drivers.delete(driverId);
  }

  private removeFromCell(driver: IndexedDriver & { cell: string }): void {
    const territoryCells = this.cells.get(driver.territoryId);
    const ids = territoryCells?.get(driver.cell);
    ids?.delete(driver.driverId);
    if (ids && ids.size === 0) territoryCells!.delete(driver.cell);
  }

  get(driverId: string): IndexedDriver | undefined {
    const found = this.drivers.get(driverId);
    return found && { driverId: found.driverId, territoryId: found.territoryId, lat: found.lat, lng: found.lng };
  }

  countOnline(territoryId?: string): number {
    if (!territoryId) return this.drivers.size;
    let count = 0;
    for (const ids of this.cells.get(territoryId)?.values() ?? []) count += ids.size;
    return count;
  }

  nearest(
    territoryId: string,
    point: LatLng,
    { limit, radiusMiles, exclude }: { limit: number; radiusMiles: number; exclude?: (driverId: string) => boolean },
  ): NearbyDriver[] {
    const territoryCells = this.cells.get(territoryId);
    if (!territoryCells || limit <= 0) return [];
    const cx = cellOf(point.lng);
    const cy = cellOf(point.lat);
    // A cell is at least this many miles wide in either direction at this latitude.
    const cellMiles = CELL_DEGREES * MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((point.lat * Math.PI) / 180));
    const maxRing = Math.ceil(radiusMiles / cellMiles) + 1;
    const found: NearbyDriver[] = [];
    const consider = (driverId: string) => {
      if (exclude?.(driverId)) return;
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
  nearestByScan(
    territoryId: string,
    point: LatLng,
    { limit, radiusMiles, exclude }: { limit: number; radiusMiles: number; exclude?: (driverId: string) => boolean },
  ): NearbyDriver[] {
    const all: NearbyDriver[] = [];
    for (const driver of this.drivers.values()) {
      if (driver.territoryId !== territoryId || exclude?.(driver.driverId)) continue;
      const distanceMiles = haversineMiles(point, driver);
      if (distanceMiles <= radiusMiles) all.push({ driverId: driver.driverId, territoryId, lat: driver.lat, lng: driver.lng, distanceMiles });
    }
    return all.sort((a, b) => a.distanceMiles - b.distanceMiles).slice(0, limit);
  }
}
