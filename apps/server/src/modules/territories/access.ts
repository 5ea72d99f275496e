import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './repository';

/**
 * Territory scope, the one place that answers "who may see territory X" (docs/security.md):
 * an admin sees every territory, a licensee its own territories, a driver the territory of its profile,
 * a customer none. A territory (or a row of one) outside the caller's scope is 404, as if it did not exist.
 * Role checks (`requireRole`) stay on the routes; this decides which territories within a role.
 */
export type TerritoryScope = 'all' | string[];

/** The caller as this policy needs it (an `AuthenticatedUser` fits). */
export type ScopedUser = { id: string; role: string };

export type TerritoryAccess = ReturnType<typeof createTerritoryAccess>;

/** Whether a territory id is in a scope. */
export const isInScope = (scope: TerritoryScope, territoryId: string | null | undefined): boolean =>
  scope === 'all' || (territoryId != null && scope.includes(territoryId));

export function createTerritoryAccess(db: Executor) {
  /** The territories a licensee holds (approved or not). */
  const licenseeTerritoryIds = (licenseeId: string): Promise<string[]> => repo.territoryIdsOfLicensee(db, licenseeId);

  /** A driver's territory (null before it has one); a user without a driver profile is 404 "Driver profile". */
  async function driverTerritoryOf(driverId: string): Promise<string | null> {
    const territoryId = await repo.driverTerritoryId(db, driverId);
    if (territoryId === undefined) throw notFound('Driver profile');
    return territoryId;
  }

  /** Which territories the caller may read: all for an admin, its own for a licensee, its one (or none) for a driver, none for a customer. */
  async function scopeOf(user: ScopedUser): Promise<TerritoryScope> {
    if (user.role === 'admin') return 'all';
    if (user.role === 'licensee') return licenseeTerritoryIds(user.id);
    if (user.role === 'driver') {
      const territoryId = await repo.driverTerritoryId(db, user.id);
      return territoryId ? [territoryId] : [];
    }
    return [];
  }

  return {
    scopeOf,
    licenseeTerritoryIds,
    driverTerritoryOf,

    /**
     * A row of a territory (a ride, a dispute, an application) is visible to the caller: 404 `${what} not found` otherwise.
     * Only the territory id is checked: an admin passes without a query.
     */
    async assertInScope(user: ScopedUser, territoryId: string | null | undefined, what: string): Promise<void> {
      if (!isInScope(await scopeOf(user), territoryId)) throw notFound(what);
    },

    /**
     * The territory the caller may read, by id: any existing one for an admin, its own for a licensee, its
     * profile's for a driver (a driver without a profile is 404 "Driver profile"); 404 "Territory" otherwise.
     */
    async assertTerritoryReadable(user: ScopedUser, territoryId: string, what = 'Territory'): Promise<string> {
      if (user.role === 'admin') {
        if (!(await repo.findTerritory(db, territoryId))) throw notFound(what);
        return territoryId;
      }
      if (user.role === 'licensee' && (await licenseeTerritoryIds(user.id)).includes(territoryId)) return territoryId;
      if (user.role === 'driver' && (await driverTerritoryOf(user.id)) === territoryId) return territoryId;
      throw notFound(what);
    },

    /**
     * The territory the caller manages (its pricing, its analytics): its licensee or an admin. Anybody else,
     * a driver of it included, gets 404 "Territory" (it does not exist for them).
     */
    async assertTerritoryManageable(user: ScopedUser, territoryId: string, what = 'Territory'): Promise<repo.TerritoryRow> {
      const territory = await repo.findTerritory(db, territoryId);
      if (!territory || (user.role !== 'admin' && territory.licenseeId !== user.id)) throw notFound(what);
      return territory;
    },
  };
}
