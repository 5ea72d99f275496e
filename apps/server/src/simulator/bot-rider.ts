import type { Location, Ride, ServerMessage } from '@coride/domain';
import { randomUUID } from 'node:crypto';
import { ApiClient, type RealtimeConnection } from './client';

export type BotRiderOptions = {
  baseUrl: string;
  email: string;
  password: string;
  places: Location[];
  /** Pause between the end of one ride and the next booking. */
  pauseMs: number;
  log: (line: string) => void;
};

/** A rider that books rides between known places, then rates and sometimes tips the driver. */
export class BotRider {
  private readonly api: ApiClient;
  private connection: RealtimeConnection | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = false;

  constructor(private readonly options: BotRiderOptions) {
    this.api = new ApiClient(options.baseUrl);
  }

  async start(): Promise<void> {
    await this.api.login(this.options.email, this.options.password);
    // No card, no booking: a bot without one adds the embedded provider's always-approved test card.
    const cards = await this.api.request<unknown[]>('GET', '/api/payment-methods');
    if (cards.status === 200 && cards.body.length === 0) {
      await this.api.request('POST', '/api/payment-methods', { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123', isDefault: true });
    }
    this.connection = await this.api.connect((message) => void this.onMessage(message));
    const active = await this.api.request<{ ride: Ride | null }>('GET', '/api/rides/active');
    if (!active.body.ride) this.scheduleBooking(1000);
  }

  private scheduleBooking(delayMs: number): void {
    if (this.isStopped) return;
    this.timer = setTimeout(() => void this.book(), delayMs);
  }

  private async book(): Promise<void> {
    const { places } = this.options;
    const from = places[Math.floor(Math.random() * places.length)]!;
    let to = places[Math.floor(Math.random() * places.length)]!;
    if (to === from) to = places[(places.indexOf(from) + 1) % places.length]!;
    const quote = await this.api.request<{ quoteId: string; totalFare: number }>('POST', '/api/rides/quote', { pickupLocation: from, dropoffLocation: to });
    if (quote.status !== 200) return this.scheduleBooking(this.options.pauseMs);
    const booked = await this.api.request<Ride>(
      'POST',
      '/api/rides',
      { pickupLocation: from, dropoffLocation: to, quoteId: quote.body.quoteId },
      { 'idempotency-key': randomUUID() },
    );
    if (booked.status === 201) this.options.log(`rider ${this.options.email} booked ${from.address.split(',')[0]} -> ${to.address.split(',')[0]}`);
    else this.scheduleBooking(this.options.pauseMs);
  }

  private async onMessage(message: ServerMessage): Promise<void> {
    if (message.type === 'ride_completed') {
      await this.api.request('POST', `/api/rides/${message.ride.id}/rate`, { rating: Math.random() < 0.8 ? 5 : 4 });
      if (Math.random() < 0.3) await this.api.request('POST', `/api/rides/${message.ride.id}/tip`, { amount: 200 });
      this.scheduleBooking(this.options.pauseMs);
    }
    if (message.type === 'ride_cancelled') this.scheduleBooking(this.options.pauseMs);
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.timer);
    this.connection?.close();
  }
}
