import type { Location, Ride, ServerMessage } from '@coride/domain';
import { randomUUID } from 'node:crypto';
import { ApiClient, type RealtimeConnection } from './client';
import { describe, outcomeOf, statusOf, untilAnswered, type Recorder } from './history';

export type BotRiderOptions = {
  baseUrl: string;
  email: string;
  password: string;
  places: Location[];
  /** Pause between the end of one ride and the next booking. */
  pauseMs: number;
  log: (line: string) => void;
  /** Share of bookings the rider cancels a few seconds later (0 by default). */
  cancelProbability?: number;
  /** How often the rider re-reads its ride over HTTP, in case a message was lost with a process. */
  pollMs?: number;
  record?: Recorder;
  /** Where the rider leaves its rides' PINs for the bot drivers, as a rider tells the driver at pickup (ADR 028). */
  pins?: Map<string, string>;
};

/**
 * A rider that books rides between known places, then rates and sometimes tips the driver. Like the
 * app, it books with an Idempotency-Key (retried with the same key when no answer came), reopens a
 * lost socket, and re-reads its ride over HTTP, so a message lost with a dead process never leaves it waiting.
 */
export class BotRider {
  private readonly api: ApiClient;
  private connection: RealtimeConnection | undefined;
  private bookTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private isStopped = false;
  private isBookingStopped = false;
  private isBusy = false;
  /** The ride being waited for. */
  private currentRideId: string | undefined;
  private readonly finished = new Set<string>();
  private name = '';
  private userId = '';
  ridesCompleted = 0;

  constructor(private readonly options: BotRiderOptions) {
    this.api = new ApiClient(options.baseUrl);
  }

  async start(): Promise<void> {
    const user = await this.api.login(this.options.email, this.options.password);
    this.name = this.options.email;
    this.userId = user.id;
    // No card, no booking: a bot without one adds the embedded provider's always-approved test card.
    const cards = await this.api.request<unknown[]>('GET', '/api/payment-methods');
    if (cards.status === 200 && cards.body.length === 0) {
      await this.api.request('POST', '/api/payment-methods', { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123', isDefault: true });
    }
    this.connection = await this.api.connect((message) => this.run(() => this.onMessage(message)), {
      reconnect: true,
      onReconnect: () => {
        this.record('reconnect', 'ok');
        this.run(() => this.poll());
      },
    });
    const active = await this.api.request<{ ride: Ride | null }>('GET', '/api/rides/active');
    if (active.body.ride) {
      this.currentRideId = active.body.ride.id;
      if (active.body.ride.pin) this.options.pins?.set(active.body.ride.id, active.body.ride.pin);
    } else this.scheduleBooking(Math.random() * 1000);
    this.pollTimer = setInterval(() => this.run(() => this.poll()), this.options.pollMs ?? 5000);
  }

  private run(task: () => Promise<void>): void {
    task().catch((error: unknown) => this.options.log(`${this.name}: ${error instanceof Error ? error.message : String(error)}`));
  }

  private record(kind: Parameters<Recorder>[0]['kind'], outcome: 'ok' | 'fail' | 'info', rideId?: string, status?: number, detail?: string): void {
    this.options.record?.({ at: Date.now(), actor: this.name, userId: this.userId, kind, outcome, rideId, status, detail });
  }

  private scheduleBooking(delayMs: number): void {
    if (this.isStopped || this.isBookingStopped || this.currentRideId || this.bookTimer) return;
    this.bookTimer = setTimeout(() => {
      this.bookTimer = undefined;
      this.run(() => this.book());
    }, delayMs);
  }

  private async book(): Promise<void> {
    if (this.isBusy || this.isBookingStopped || this.currentRideId) return;
    this.isBusy = true;
    try {
      const { places } = this.options;
      const from = places[Math.floor(Math.random() * places.length)]!;
      let to = places[Math.floor(Math.random() * places.length)]!;
      if (to === from) to = places[(places.indexOf(from) + 1) % places.length]!;
      const quote = await untilAnswered<{ quoteId: string }>(this.api, 'POST', '/api/rides/quote', { pickupLocation: from, dropoffLocation: to });
      if (quote.kind !== 'answer' || quote.status !== 200) {
        this.scheduleBooking(this.options.pauseMs);
        return;
      }
      // The same key on every retry: a booking that reached the database before its process died is returned, not made twice.
      const booked = await untilAnswered<Ride>(
        this.api,
        'POST',
        '/api/rides',
        { pickupLocation: from, dropoffLocation: to, quoteId: quote.body.quoteId },
        { 'idempotency-key': randomUUID() },
        6,
      );
      if (booked.kind === 'answer' && (booked.status === 201 || booked.status === 200)) {
        this.currentRideId = booked.body.id;
        if (booked.body.pin) this.options.pins?.set(booked.body.id, booked.body.pin);
        this.record('book', 'ok', booked.body.id, booked.status);
        this.options.log(`rider ${this.options.email} booked ${from.address.split(',')[0]} -> ${to.address.split(',')[0]}`);
        if (Math.random() < (this.options.cancelProbability ?? 0)) {
          const rideId = booked.body.id;
          setTimeout(() => this.run(() => this.cancel(rideId)), Math.random() * 4000);
        }
        return;
      }
      this.record('book', outcomeOf(booked), undefined, statusOf(booked), describe(booked));
      // 409: a ride is already active (one whose booking answer was lost): poll() adopts it. Otherwise try again later.
      if (booked.kind === 'answer' && booked.status !== 409) this.scheduleBooking(this.options.pauseMs);
    } finally {
      this.isBusy = false;
    }
  }

  private async cancel(rideId: string): Promise<void> {
    if (this.currentRideId !== rideId || this.isStopped) return;
    const cancelled = await untilAnswered<Ride>(this.api, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'changed plans' });
    const isOk = cancelled.kind === 'answer' && cancelled.status === 200;
    this.record('cancel', outcomeOf(cancelled, isOk), rideId, statusOf(cancelled));
    if (isOk) await this.finish(cancelled.body);
  }

  /** Re-reads the ride over HTTP: finishes one that ended while its message was lost, adopts one whose booking answer was lost. */
  private async poll(): Promise<void> {
    if (this.isStopped || this.isBusy) return;
    if (this.currentRideId) {
      const ride = await this.api.request<Ride>('GET', `/api/rides/${this.currentRideId}`);
      if (ride.status === 200 && ride.body.pin) this.options.pins?.set(ride.body.id, ride.body.pin);
      if (ride.status === 200 && (ride.body.status === 'completed' || ride.body.status === 'cancelled')) await this.finish(ride.body);
      return;
    }
    const active = await this.api.request<{ ride: Ride | null }>('GET', '/api/rides/active');
    if (active.status !== 200) return;
    if (active.body.ride) this.currentRideId = active.body.ride.id;
    else this.scheduleBooking(this.options.pauseMs);
  }

  /** The ride ended (told by the socket or found by a poll): rate, perhaps tip, and book the next one. Once per ride. */
  private async finish(ride: Ride): Promise<void> {
    if (this.finished.has(ride.id)) return;
    this.finished.add(ride.id);
    if (this.currentRideId === ride.id) this.currentRideId = undefined;
    if (ride.status === 'completed') {
      this.ridesCompleted += 1;
      await untilAnswered(this.api, 'POST', `/api/rides/${ride.id}/rate`, { rating: Math.random() < 0.8 ? 5 : 4 });
      if (Math.random() < 0.3) {
        const tip = await untilAnswered(this.api, 'POST', `/api/rides/${ride.id}/tip`, { amount: 200 });
        this.record('tip', outcomeOf(tip, tip.kind === 'answer' && tip.status === 200), ride.id);
      }
    }
    this.scheduleBooking(this.options.pauseMs);
  }

  private async onMessage(message: ServerMessage): Promise<void> {
    if ((message.type === 'ride_completed' || message.type === 'ride_cancelled') && message.ride.id === this.currentRideId) await this.finish(message.ride);
  }

  /** Books no more rides; the current one is still followed to its end. */
  stopBooking(): void {
    this.isBookingStopped = true;
    clearTimeout(this.bookTimer);
    this.bookTimer = undefined;
  }

  /** Whether the rider still waits for a ride. */
  get isWaiting(): boolean {
    return this.currentRideId !== undefined;
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.bookTimer);
    clearInterval(this.pollTimer);
    this.connection?.close();
  }
}
