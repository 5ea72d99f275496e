import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAccountsService } from './modules/accounts/service';
import { createApplicationsService } from './modules/applications/service';
import { GridDriverIndex, type DriverLocationIndex } from './modules/dispatch/driver-index';
import { createDriversService } from './modules/drivers/service';
import { HttpGeocoder, OfflineGeocoder, type Geocoder } from './modules/geo/geocoder';
import { EstimateRouter, OsrmRouter, type RouteProvider } from './modules/geo/router';
import { usZipIndex } from './modules/geo/zip-index';
import { InProcessHub, type RealtimeHub } from './modules/realtime/hub';
import { defaultDispatchSettings, Dispatcher } from './modules/rides/dispatch';
import { createRidesService } from './modules/rides/service';
import { createTerritoriesService } from './modules/territories/service';

export type Services = ReturnType<typeof createServices>;

/** Wires the modules together. The clock is injectable so tests can move time. */
export function createServices(config: Config, db: Database, now: () => Date, log: FastifyBaseLogger) {
  const zips = usZipIndex();
  const offline = new OfflineGeocoder(zips);
  const geocoder: Geocoder = config.geocoderUrl ? new HttpGeocoder(config.geocoderUrl, offline) : offline;
  const router: RouteProvider = config.routerUrl ? new OsrmRouter(config.routerUrl) : new EstimateRouter();
  const hub: RealtimeHub = new InProcessHub();
  const index: DriverLocationIndex = new GridDriverIndex();
  const territories = createTerritoriesService(db, zips);

  const accounts = createAccountsService(db, config, now, async (driveArea) => {
    const [place] = await geocoder.search(driveArea, 1);
    const placed = place ? await territories.place(place) : undefined;
    return placed ? { homeZip: placed.zip, territoryId: placed.territory?.id ?? null } : undefined;
  });
  const applications = createApplicationsService(db, territories, now);

  // The dispatcher and the rides service need each other: each reaches the other through a closure.
  const dispatcher: Dispatcher = new Dispatcher(db, index, hub, { ...defaultDispatchSettings, offerTimeoutMs: config.offerTimeoutMs }, now, (id) => rides.loadRide(id), log);
  const getDispatcher = () => dispatcher;
  const rides = createRidesService({ db, territories, router, index, hub, now, dispatcher: getDispatcher });
  const drivers = createDriversService({ db, territories, index, now, dispatcher: getDispatcher });

  return { zips, geocoder, router, hub, index, territories, accounts, applications, rides, dispatcher, drivers };
}
