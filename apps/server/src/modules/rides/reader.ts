import type { PageQuery, Ride } from '@coride/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rides } from './tables';
import { notFound } from '../../lib/app-error';
import { pageLimit, pageWhere, toPage, type Page } from '../../lib/paging';
import type { DriverLocationIndex, IndexedDriver } from '../dispatch/driver-index';
import { toRide } from './mapping';
import * as repo from './repository';

/** A ride as the API shows it, by id (404 when there is none): all the dispatcher needs of rides. */
export type RideReader = { loadRide(id: string): Promise<Ride> };

/**
 * Reads rides as the API shows them: the row with rider, driver, vehicle and the driver's live
 * position from the index. Only the repository and the mapping, no service, so the dispatcher can
 * use it without reaching back into the rides service that calls the dispatcher.
 */
export function createRideReader(deps: { db: Database; index: DriverLocationIndex }) {
  const { db, index } = deps;

  async function toRides(rows: repo.RideDetails[]): Promise<Ride[]> {
    const driverIds = rows.flatMap((row) => (row.ride.driverId ? [row.ride.driverId] : []));
    const positions = driverIds.length > 0 ? await index.getMany(driverIds) : new Map<string, IndexedDriver>();
    return rows.map((row) => toRide(row, row.ride.driverId ? positions.get(row.ride.driverId) : undefined));
  }

  async function findRides(where: SQL | undefined, limit?: number): Promise<Ride[]> {
    return toRides(await repo.findRideDetails(db, where, limit));
  }

  /** One page of the rides `where` selects, newest booking first (lib/paging.ts). */
  async function findRidePage(where: SQL | undefined, page: PageQuery): Promise<Page<Ride>> {
    const rows = await repo.findRideDetails(db, and(where, pageWhere(repo.rideKeyset, page)), pageLimit(page));
    const paged = toPage(
      rows,
      page,
      (row) => ({ at: row.pageKey, id: row.ride.id }),
      (row) => row,
    );
    return { items: await toRides(paged.items), nextCursor: paged.nextCursor };
  }

  async function loadRide(id: string): Promise<Ride> {
    const [ride] = await findRides(eq(rides.id, id), 1);
    if (!ride) throw notFound('Ride');
    return ride;
  }

  return { findRides, findRidePage, loadRide };
}
