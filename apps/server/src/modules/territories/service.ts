import { haversineMiles, MAX_ZIP_CODES_PER_LICENSE, type LatLng } from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ZipIndex } from '../geo/zip-index';
import { createZonesFor } from '../pricing/repository';
import { createTerritoryAccess } from './access';
import * as repo from './repository';

export type PlacedPoint = { zip: string; territory: repo.TerritoryRow | undefined };

/**
 * Dense downtowns have building-sized zip codes (Penn Plaza's 10119) inside larger ones. A licensee
 * cannot list every one within 10 zip codes, so when a point's own zip code is unclaimed, a territory
 * whose zip area is at most this much farther away than the nearest one serves it.
 */
const ENCLAVE_MARGIN_MILES = 0.5;

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;

export function createTerritoriesService(deps: { db: Database; zips: ZipIndex }) {
  const { db, zips } = deps;
  const access = createTerritoryAccess(db);
  return {
    /** Territory scope: who may see which territory (./access.ts). */
    access,

    /** The zip code of a point and the approved territory that serves it, if any. */
    async place(point: LatLng, executor: Executor = db): Promise<PlacedPoint | undefined> {
      const zip = zips.locate(point);
      if (!zip) return undefined;
      const territory = await repo.findTerritoryByZip(executor, zip.zip);
      if (territory) return { zip: zip.zip, territory };
      const margin = haversineMiles(point, zip) + ENCLAVE_MARGIN_MILES;
      for (const neighbour of zips.nearbyAreas(point, 6, margin)) {
        if (neighbour.zip === zip.zip) continue;
        const around = await repo.findTerritoryByZip(executor, neighbour.zip);
        if (around) return { zip: zip.zip, territory: around };
      }
      return { zip: zip.zip, territory: undefined };
    },

    /**
     * Creates the territory of an approved licensee application, in the caller's transaction. A zip
     * code already in another territory is a conflict (409) naming the zip codes; the primary key on
     * territory_zip_codes makes this hold under concurrent approvals too.
     */
    async createFromApplication(tx: Executor, application: { id: string; userId: string; territoryName: string; proposedZipCodes: string[] }) {
      const zipCodes = [...new Set(application.proposedZipCodes)];
      if (zipCodes.length > MAX_ZIP_CODES_PER_LICENSE) {
        throw new AppError('BUSINESS_RULE', `A license covers at most ${MAX_ZIP_CODES_PER_LICENSE} zip codes; this application proposes ${zipCodes.length}`);
      }
      const unknown = zipCodes.filter((zip) => !zips.get(zip));
      if (unknown.length > 0) throw new AppError('BUSINESS_RULE', `Unknown US zip code(s): ${unknown.join(', ')}`);
      const taken = await repo.takenZipCodes(tx, zipCodes);
      if (taken.length > 0) {
        throw new AppError(
          'CONFLICT',
          `Zip code(s) ${taken.join(', ')} already belong to another territory. Ask the applicant to change them or reject the application.`,
        );
      }
      const territory = await repo.insertTerritory(tx, {
        licenseeId: application.userId,
        applicationId: application.id,
        name: application.territoryName,
        zipCodes,
      });
      // Pricing owns the zones; they are created in this transaction, with the territory.
      await createZonesFor(tx, { id: territory.id, zipCodes });
      return territory;
    },

    listForLicensee: (licenseeId: string) => repo.listTerritoriesOfLicensee(db, licenseeId),
  };
}
