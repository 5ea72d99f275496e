import type { Geocoder } from '../geo/geocoder';
import type { TerritoriesService } from './service';

/** Where a driver's typed driving area lies: its zip code, and the territory serving it if one does. */
export type DriveAreaPlacement = { homeZip: string; territoryId: string | null };

/**
 * Places a driver's typed driving area ("Astoria, Queens") at sign-up: its best geocoder match, then
 * that point's zip code and territory like any other point. Undefined when the geocoder finds nothing.
 */
export function createDriveAreaPlacer(deps: { geocoder: Geocoder; territories: Pick<TerritoriesService, 'place'> }) {
  return async function placeDriveArea(driveArea: string): Promise<DriveAreaPlacement | undefined> {
    const [place] = await deps.geocoder.search(driveArea, 1);
    const placed = place ? await deps.territories.place(place) : undefined;
    return placed ? { homeZip: placed.zip, territoryId: placed.territory?.id ?? null } : undefined;
  };
}
