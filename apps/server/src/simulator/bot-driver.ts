import type { DriverOffer, LatLng, Ride, ServerMessage } from '@coride/domain';
import { ApiClient, type RealtimeConnection } from './client';
import { describe, outcomeOf, statusOf, untilAnswered, type Recorder } from './history';
import { headingBetween, stepTowards } from './motion';

export type BotDriverOptions = {
  baseUrl: string;
  email: string;
  password: string;
  start: LatLng;
  /** Simulated driving speed. */
  speedMph: number;
  tickMs: number;
  acceptDelayMs: number;
  log: (line: string) => void;
  /** Share of offers accepted (the rest are left to expire); 1 by default. */
  acceptProbability?: number;
  /** How often the bot re-reads its active ride and open offers over HTTP, whatever the socket said. */
  resyncEveryMs?: number;
  record?: Recorder;
  /** The ride's PIN as its rider would tell it at pickup (ADR 028); the start is sent with it. */
  pinOf?: (rideId: string) => Promise<string | undefined>;
};

type Phase = { kind: 'idle' } | { kind: 'to_pickup'; ride: Ride } | { kind: 'to_dropoff'; ride: Ride };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A driver that goes online, streams its position, accepts offers, drives to the pickup and the
 * drop-off in straight lines, and starts and completes rides: only through the public API. It
 * behaves like the driver app when its server fails: requests that got no answer are retried, a
 * lost socket is reopened, and after either it re-reads its active ride and open offers over HTTP.
 */
export class BotDriver {
  private readonly api: ApiClient;
  private position: LatLng;
  private phase: Phase = { kind: 'idle' };
  private connection: RealtimeConnection | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private isBusy = false;
  private isStopped = false;
  /** Something may have been missed (a lost socket, a request without an answer): re-read at the next tick. */
  private needsResync = false;
  private lastResyncAt = 0;
  name = '';
  userId = '';
  ridesCompleted = 0;

  constructor(private readonly options: BotDriverOptions) {
    this.api = new ApiClient(options.baseUrl);
    this.position = { ...options.start };
  }

  async start(): Promise<void> {
    const user = await this.api.login(this.options.email, this.options.password);
    this.name = this.options.email;
    this.userId = user.id;
    const status = await this.api.request('PATCH', '/api/drivers/status', { status: 'online', location: this.position });
    if (status.status !== 200) throw new Error(`driver ${user.id} could not go online: ${status.status} ${JSON.stringify(status.body)}`);
    this.connection = await this.api.connect((message) => this.run(() => this.onMessage(message)), {
      reconnect: true,
      onReconnect: () => {
        this.record('reconnect', 'ok');
        this.needsResync = true;
      },
    });
    // Resume a ride this driver already had (after a restart of the simulator), or an open offer.
    await this.resync();
    this.timer = setInterval(() => this.run(() => this.tick()), this.options.tickMs);
  }

  /** Runs a handler; a failure is logged and makes the bot re-read its state, never ends the process. */
  private run(task: () => Promise<void>): void {
    task().catch((error: unknown) => {
      this.needsResync = true;
      this.options.log(`${this.name}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private record(kind: Parameters<Recorder>[0]['kind'], outcome: 'ok' | 'fail' | 'info', rideId?: string, status?: number, detail?: string): void {
    this.options.record?.({ at: Date.now(), actor: this.name, userId: this.userId, kind, outcome, rideId, status, detail });
  }

  private async onMessage(message: ServerMessage): Promise<void> {
    if (message.type === 'ride_request') await this.consider(message.ride.id);
    if (message.type === 'ride_cancelled' && this.phase.kind !== 'idle' && this.phase.ride.id === message.ride.id) {
      this.phase = { kind: 'idle' };
    }
  }

  /** Accepts an offer (after a human-like pause), when idle. */
  private async consider(rideId: string): Promise<void> {
    if (this.phase.kind !== 'idle' || this.isBusy || this.isStopped) return;
    this.isBusy = true;
    try {
      await sleep(this.options.acceptDelayMs * (0.5 + Math.random()));
      if (this.isStopped || Math.random() >= (this.options.acceptProbability ?? 1)) return;
      const accepted = await untilAnswered<Ride>(this.api, 'POST', `/api/rides/${rideId}/accept`);
      if (accepted.kind === 'answer' && accepted.status === 200) {
        this.phase = { kind: 'to_pickup', ride: accepted.body };
        this.record('accept', 'ok', rideId, 200);
        this.options.log(`${this.name} accepted ride ${rideId}`);
      } else {
        // Taken by another driver (409), expired, or no answer: the server's word is re-read.
        this.record('accept', outcomeOf(accepted), rideId, statusOf(accepted), describe(accepted));
        this.needsResync = true;
      }
    } finally {
      this.isBusy = false;
    }
  }

  /** Re-reads the active ride and, when idle, the open offers (after a reconnect, an error, or now and then). */
  private async resync(): Promise<void> {
    this.lastResyncAt = Date.now();
    this.needsResync = false;
    const active = await this.api.request<{ ride: Ride | null }>('GET', '/api/rides/active');
    if (active.status !== 200) {
      this.needsResync = true;
      return;
    }
    const ride = active.body.ride;
    if (ride && (ride.status === 'accepted' || ride.status === 'in_progress')) {
      const kind = ride.status === 'in_progress' ? 'to_dropoff' : 'to_pickup';
      if (this.phase.kind !== kind || this.phase.ride.id !== ride.id) this.phase = { kind, ride };
      return;
    }
    this.phase = { kind: 'idle' };
    const offers = await this.api.request<DriverOffer[]>('GET', '/api/drivers/offers');
    const offer = offers.status === 200 ? offers.body[0] : undefined;
    if (offer) this.run(() => this.consider(offer.ride.id));
  }

  private async tick(): Promise<void> {
    if (this.isBusy || this.isStopped) return;
    if (this.needsResync || Date.now() - this.lastResyncAt > (this.options.resyncEveryMs ?? 15_000)) {
      this.isBusy = true;
      try {
        await this.resync();
      } finally {
        this.isBusy = false;
      }
      return;
    }
    const milesPerTick = (this.options.speedMph * this.options.tickMs) / 3_600_000;
    const target =
      this.phase.kind === 'to_pickup' ? this.phase.ride.pickupLocation : this.phase.kind === 'to_dropoff' ? this.phase.ride.dropoffLocation : undefined;
    if (!target) return;
    const { point, hasArrived } = stepTowards(this.position, target, milesPerTick);
    const heading = headingBetween(this.position, point);
    this.position = point;
    this.connection?.send({ type: 'location_update', location: { ...point, heading } });
    if (!hasArrived) return;
    this.isBusy = true;
    try {
      if (this.phase.kind === 'to_pickup') {
        const ride = this.phase.ride;
        const pin = await this.options.pinOf?.(ride.id);
        const started = await untilAnswered<Ride>(this.api, 'POST', `/api/rides/${ride.id}/start`, pin ? { pin } : {});
        if (started.kind === 'answer' && started.status === 200) {
          this.phase = { kind: 'to_dropoff', ride: started.body };
          this.record('start', 'ok', ride.id, 200);
        } else this.onRefused('start', ride.id, started);
      } else if (this.phase.kind === 'to_dropoff') {
        const ride = this.phase.ride;
        const completed = await untilAnswered<Ride>(this.api, 'POST', `/api/rides/${ride.id}/complete`);
        if (completed.kind === 'answer' && completed.status === 200) {
          this.record('complete', 'ok', ride.id, 200);
          this.ridesCompleted += 1;
          this.options.log(`${this.name} completed ride ${ride.id}`);
          this.phase = { kind: 'idle' };
        } else this.onRefused('complete', ride.id, completed);
      }
    } finally {
      this.isBusy = false;
    }
  }

  /** Start or complete did not succeed: without an answer it is tried again at the next tick; refused, the ride is re-read. */
  private onRefused(kind: 'start' | 'complete', rideId: string, attempt: Awaited<ReturnType<typeof untilAnswered>>): void {
    const outcome = outcomeOf(attempt);
    this.record(kind, outcome, rideId, statusOf(attempt), describe(attempt));
    if (outcome === 'fail') this.needsResync = true;
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.timer);
    this.connection?.close();
    await this.api.request('PATCH', '/api/drivers/status', { status: 'offline' }).catch(() => undefined);
  }
}
