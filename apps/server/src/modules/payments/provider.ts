import type { CardBrand } from '@coride/domain';

/** A card as entered; it goes to the provider and nowhere else (never stored, never logged). */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type TokenizedCard = { token: string; brand: CardBrand; lastFour: string };

/** The card was refused (insufficient funds, declined, expired…): the rider must use another card. */
export class PaymentDeclined extends Error {
  constructor(message = 'The card was declined') {
    super(message);
    this.name = 'PaymentDeclined';
  }
}

/** The provider could not be reached or failed: the same call with the same key may be retried. */
export class ProviderUnavailable extends Error {
  constructor(message = 'The payment provider is unavailable') {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * What the marketplace needs from a card processor. Every money-moving call carries an
 * idempotency key: repeating a call with the same key must return the first call's result and
 * never move money twice. Amounts are integer cents (USD).
 */
export interface PaymentProvider {
  readonly name: 'embedded' | 'stripe';
  /** Exchanges the card for a reusable token; throws PaymentDeclined for a card the provider refuses. */
  tokenize(card: CardInput): Promise<TokenizedCard>;
  /** Places a hold of `amount` on the card (a manual-capture payment); resolves to the payment id. */
  authorize(input: { token: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }>;
  /** Takes up to the held amount; the rest of the hold is let go. */
  capture(input: { id: string; amount: number; idempotencyKey: string }): Promise<void>;
  /** Lets the whole hold go (cancelled ride). */
  cancel(input: { id: string; idempotencyKey: string }): Promise<void>;
  /** Authorises and captures at once (tips). */
  charge(input: { token: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }>;
  /** Gives back part or all of a captured payment. */
  refund(input: { id: string; amount: number; idempotencyKey: string }): Promise<void>;
}
