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

/** ~0.69 miles of latitude per cell: a grid per territory, searched ring by ring outwards. */
const CELL_DEGREES = 0.01;
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

  nearest(territoryId: string, point: LatLng, { limit, radiusMiles, exclude }: { limit: number; radiusMiles: number; exclude?: (driverId: string) => boolean }): NearbyDriver[] {
    const territoryCells = this.cells.get(territoryId);
    if (!territoryCells || limit <= 0) return [];
    const cx = cellOf(point.lng);
    const cy = cellOf(point.lat);
    // A cell is at least this many miles wide in either direction at this latitude.
    const cellMiles = CELL_DEGREES * MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((point.lat * Math.PI) / 180));
    const maxRing = Math.ceil(radiusMiles / cellMiles) + 1;
    const found: NearbyDriver[] = [];
    for (let ring = 0; ring <= maxRing; ring += 1) {
      for (let dx = -ring; dx <= ring; dx += 1) {
        for (let dy = -ring; dy <= ring; dy += 1) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue; // only the ring's border
          for (const driverId of territoryCells.get(cellKey(cx + dx, cy + dy)) ?? []) {
            if (exclude?.(driverId)) continue;
            const driver = this.drivers.get(driverId)!;
            const distanceMiles = haversineMiles(point, driver);
            if (distanceMiles <= radiusMiles) found.push({ driverId, territoryId, lat: driver.lat, lng: driver.lng, distanceMiles });
          }
        }
      }
      // Everything in later rings is at least `ring * cellMiles` away: stop once we have enough closer ones.
      if (found.length >= limit) {
        found.sort((a, b) => a.distanceMiles - b.distanceMiles);
        if (found[limit - 1]!.distanceMiles <= ring * cellMiles) break;
      }
    }
    found.sort((a, b) => a.distanceMiles - b.distanceMiles);
    return found.slice(0, limit);
  }

  /** Reference implementation for tests and the benchmark: every driver of the territory. */
  nearestByScan(territoryId: string, point: LatLng, { limit, radiusMiles, exclude }: { limit: number; radiusMiles: number; exclude?: (driverId: string) => boolean }): NearbyDriver[] {
    const all: NearbyDriver[] = [];
    for (const driver of this.drivers.values()) {
      if (driver.territoryId !== territoryId || exclude?.(driver.driverId)) continue;
      const distanceMiles = haversineMiles(point, driver);
      if (distanceMiles <= radiusMiles) all.push({ driverId: driver.driverId, territoryId, lat: driver.lat, lng: driver.lng, distanceMiles });
    }
    return all.sort((a, b) => a.distanceMiles - b.distanceMiles).slice(0, limit);
  }
}
