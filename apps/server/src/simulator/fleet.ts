import type { LatLng, Location } from '@coride/domain';
import { BotDriver } from './bot-driver';
import { BotRider } from './bot-rider';
import type { Recorder } from './history';

export type FleetOptions = {
  baseUrl: string;
  drivers: { email: string; password: string }[];
  riders: { email: string; password: string }[];
  /** Where drivers start (jittered) and riders travel between. */
  places: Location[];
  speedMph?: number;
  tickMs?: number;
  acceptDelayMs?: number;
  riderPauseMs?: number;
  /** Share of offers drivers accept (1) and of bookings riders cancel soon after (0). */
  acceptProbability?: number;
  riderCancelProbability?: number;
  /** Every operation's outcome (the chaos run's history). */
  record?: Recorder;
  log?: (line: string) => void;
  /** The PIN of a ride booked by someone other than the fleet's riders (the demo's people), for the bot drivers (ADR 028). */
  pinOf?: (rideId: string) => Promise<string | undefined>;
};

export type Fleet = { drivers: BotDriver[]; riders: BotRider[]; stop(): Promise<void> };

function jitter(point: LatLng, spreadDegrees: number): LatLng {
  return { lat: point.lat + (Math.random() - 0.5) * spreadDegrees, lng: point.lng + (Math.random() - 0.5) * spreadDegrees };
}

/** Starts bot drivers and riders against a running server; a bot that cannot start is reported and skipped. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const log = options.log ?? (() => undefined);
  // The fleet's riders tell their rides' PINs to the drivers through this board, as riders do at pickup.
  const pins = new Map<string, string>();
  const pinOf = async (rideId: string) => pins.get(rideId) ?? (await options.pinOf?.(rideId));
  const drivers = options.drivers.map(
    (credentials, i) =>
      new BotDriver({
        baseUrl: options.baseUrl,
        ...credentials,
        start: jitter(options.places[i % options.places.length]!, 0.01),
        speedMph: options.speedMph ?? 30,
        tickMs: options.tickMs ?? 1000,
        acceptDelayMs: options.acceptDelayMs ?? 1500,
        acceptProbability: options.acceptProbability,
        record: options.record,
        log,
        pinOf,
      }),
  );
  const riders = options.riders.map(
    (credentials) =>
      new BotRider({
        baseUrl: options.baseUrl,
        ...credentials,
        places: options.places,
        pauseMs: options.riderPauseMs ?? 20_000,
        cancelProbability: options.riderCancelProbability,
        record: options.record,
        log,
        pins,
      }),
  );
  const started = await Promise.allSettled([...drivers.map((d) => d.start()), ...riders.map((r) => r.start())]);
  for (const result of started) if (result.status === 'rejected') log(`a bot could not start: ${String(result.reason)}`);
  return {
    drivers,
    riders,
    async stop() {
      for (const rider of riders) rider.stop();
      await Promise.all(drivers.map((d) => d.stop()));
    },
  };
}
