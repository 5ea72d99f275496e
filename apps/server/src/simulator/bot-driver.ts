import type { LatLng, Ride, ServerMessage } from '@coride/domain';
import { ApiClient, type RealtimeConnection } from './client';
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
};

type Phase = { kind: 'idle' } | { kind: 'to_pickup'; ride: Ride } | { kind: 'to_dropoff'; ride: Ride };

/**
 * A driver that goes online, streams its position, accepts offers, drives to the pickup and the
 * drop-off in straight lines, and starts and completes rides: only through the public API.
 */
export class BotDriver {
  private readonly api: ApiClient;
  private position: LatLng;
  private phase: Phase = { kind: 'idle' };
  private connection: RealtimeConnection | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private isBusy = false;
  name = '';

  constructor(private readonly options: BotDriverOptions) {
    this.api = new ApiClient(options.baseUrl);
    this.position = { ...options.start };
  }

  async start(): Promise<void> {
    const user = await this.api.login(this.options.email, this.options.password);
    this.name = this.options.email;
    const status = await this.api.request('PATCH', '/api/drivers/status', { status: 'online', location: this.position });
    if (status.status !== 200) throw new Error(`driver ${user.id} could not go online: ${status.status} ${JSON.stringify(status.body)}`);
    this.connection = await this.api.connect((message) => void this.onMessage(message));
    // Resume a ride this driver already had (after a restart of the simulator).
    const active = await this.api.request<{ ride: Ride | null }>('GET', '/api/rides/active');
    if (active.body.ride) this.phase = { kind: active.body.ride.status === 'in_progress' ? 'to_dropoff' : 'to_pickup', ride: active.body.ride };
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
  }

  private async onMessage(message: ServerMessage): Promise<void> {
    if (message.type === 'ride_request' && this.phase.kind === 'idle' && !this.isBusy) {
      this.isBusy = true;
      await new Promise((resolve) => setTimeout(resolve, this.options.acceptDelayMs));
      const accepted = await this.api.request<Ride>('POST', `/api/rides/${message.ride.id}/accept`);
      this.isBusy = false;
      if (accepted.status === 200) {
        this.phase = { kind: 'to_pickup', ride: accepted.body };
        this.options.log(`${this.name} accepted ride ${accepted.body.id}`);
      }
    }
    if (message.type === 'ride_cancelled' && this.phase.kind !== 'idle' && this.phase.ride.id === message.ride.id) {
      this.phase = { kind: 'idle' };
    }
  }

  private async tick(): Promise<void> {
    if (this.isBusy) return;
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
        const started = await this.api.request<Ride>('POST', `/api/rides/${this.phase.ride.id}/start`);
        this.phase = started.status === 200 ? { kind: 'to_dropoff', ride: started.body } : { kind: 'idle' };
      } else if (this.phase.kind === 'to_dropoff') {
        await this.api.request('POST', `/api/rides/${this.phase.ride.id}/complete`);
        this.options.log(`${this.name} completed ride ${this.phase.ride.id}`);
        this.phase = { kind: 'idle' };
      }
    } finally {
      this.isBusy = false;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.connection?.close();
    await this.api.request('PATCH', '/api/drivers/status', { status: 'offline' }).catch(() => undefined);
  }
}
