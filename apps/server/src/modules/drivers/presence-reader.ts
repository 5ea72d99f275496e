import { haversineMiles } from '@coride/domain';
import type { Database } from '../../db/client';
import type { IndexedDriver, NearbyDriver } from '../dispatch/driver-index';
import type { PresenceReader } from '../dispatch/fallback-driver-index';
import * as repo from './repository';

/** A little less than a degree of latitude in miles, so the search box always holds the circle. */
const MILES_PER_DEGREE = 69;

/**
 * The dispatch index's questions answered from driver_presence, which this module owns: what
 * FallbackDriverIndex asks when Redis cannot answer. Separate from the drivers service, which writes
 * the index and so is built after it.
 */
export function createPresenceReader(db: Database): PresenceReader {
  return {
    async positionsOf(driverIds) {
      const found = new Map<string, IndexedDriver>();
      for (const row of await repo.indexablePositionsOf(db, driverIds)) {
        if (row.territoryId !== null && row.lat !== null && row.lng !== null) {
          found.set(row.driverId, { driverId: row.driverId, territoryId: row.territoryId, lat: row.lat, lng: row.lng });
        }
      }
      return found;
    },

    /** The box around the circle, sorted in SQL and cut to `limit` rows there; the domain's distance decides who is within the radius. */
    async nearest(territoryId, point, { limit, radiusMiles, exclude }) {
      if (limit <= 0 || radiusMiles <= 0) return [];
      const latDelta = radiusMiles / MILES_PER_DEGREE;
      const lngDelta = radiusMiles / (MILES_PER_DEGREE * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
      const rows = await repo.indexableNearest(db, territoryId, point, { latDelta, lngDelta }, limit, exclude ? [...exclude] : []);
      const drivers: NearbyDriver[] = [];
      for (const row of rows) {
        if (row.lat === null || row.lng === null) continue;
        const driver = { driverId: row.driverId, territoryId, lat: row.lat, lng: row.lng };
        const distanceMiles = haversineMiles(point, driver);
        if (distanceMiles <= radiusMiles) drivers.push({ ...driver, distanceMiles });
      }
      return drivers.sort((a, b) => a.distanceMiles - b.distanceMiles);
    },

    countOnline: (territoryId) => repo.countIndexable(db, territoryId),
  };
}
