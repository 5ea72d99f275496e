import type { CardBrand } from '@coride/domain';
import { z } from 'zod';
import { StripeHttpClient, type StripeClientOptions, type StripeErrorDetail, type StripeFormValue } from '../../lib/stripe-http';
import { PaymentDeclined, ProviderUnavailable, type CardInput, type PaymentProvider, type TokenizedCard } from './provider';

export type StripeProviderOptions = StripeClientOptions;

const customerSchema = z.object({ id: z.string() });
const paymentMethodSchema = z.object({ id: z.string(), card: z.object({ brand: z.string(), last4: z.string() }) });
const paymentIntentSchema = z.object({ id: z.string(), status: z.string() });
const refundSchema = z.object({ id: z.string(), status: z.string() });

/** A request Stripe refused for a reason other than the card (bad key, bad parameters, wrong state). */
class StripeRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail: StripeErrorDetail | undefined,
  ) {
    super(message);
    this.name = 'StripeRequestError';
  }
}

const brands: Record<string, CardBrand> = { visa: 'visa', mastercard: 'mastercard', amex: 'amex', discover: 'discover' };

function parseToken(token: string): { customer: string; paymentMethod: string } {
  const [customer, paymentMethod, ...rest] = token.split('/');
  if (!customer || !paymentMethod || rest.length > 0) throw new Error('Not a Stripe card token (expected "customer/payment_method")');
  return { customer, paymentMethod };
}

/**
 * The marketplace's payment provider on Stripe's REST API.
 *
 * - A card token is `customerId/paymentMethodId`: the card becomes a PaymentMethod attached to its
 *   own Customer, so it can be charged later with nobody present (`off_session`).
 * - `authorize` is the escrow hold: a PaymentIntent with `capture_method=manual`, confirmed at
 *   once, which leaves the amount held on the card (`requires_capture`). `capture` takes part or
 *   all of it (Stripe releases the rest), `cancel` lets it all go.
 * - `charge` is the same PaymentIntent with automatic capture; `refund` is a Refund on it.
 * - Every money-moving call sends `Idempotency-Key: <operation>:<caller's key>`: a retry with
 *   the same key gets Stripe's stored answer; the prefix keeps a key reused for another
 *   operation (say, authorise then capture with the ride's id) from tripping Stripe's
 *   "same key, different request" error.
 * - Errors: 402 or a `card_error` -> PaymentDeclined; no answer, a timeout, 5xx, 429 or 409 (a
 *   request with the same key still running) -> ProviderUnavailable, safe to retry with the same
 *   key; any other 4xx is a bug or misconfiguration -> a plain Error with Stripe's message.
 *   Nothing is logged, and the card number and secret key are cut out of any message.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: StripeHttpClient;

  constructor(options: StripeProviderOptions) {
    this.stripe = new StripeHttpClient(options);
  }

  async tokenize(card: CardInput): Promise<TokenizedCard> {
    const customer = await this.post('/v1/customers', {}, customerSchema);
    const created = await this.post(
      '/v1/payment_methods',
      { type: 'card', card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc } },
      paymentMethodSchema,
      { secrets: [card.number, card.cvc] },
    );
    const method = await this.post(`/v1/payment_methods/${encodeURIComponent(created.id)}/attach`, { customer: customer.id }, paymentMethodSchema);
    return { token: `${customer.id}/${method.id}`, brand: brands[method.card.brand] ?? 'card', lastFour: method.card.last4 };
  }

  authorize(input: { token: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }> {
    return this.createIntent(input, 'manual');
  }

  charge(input: { token: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }> {
    return this.createIntent(input, 'automatic');
  }

  async capture(input: { id: string; amount: number; idempotencyKey: string }): Promise<void> {
    await this.post(`/v1/payment_intents/${encodeURIComponent(input.id)}/capture`, { amount_to_capture: input.amount }, paymentIntentSchema, {
      idempotencyKey: `capture:${input.idempotencyKey}`,
    });
  }

  async cancel(input: { id: string; idempotencyKey: string }): Promise<void> {
    try {
      await this.post(`/v1/payment_intents/${encodeURIComponent(input.id)}/cancel`, {}, paymentIntentSchema, {
        idempotencyKey: `cancel:${input.idempotencyKey}`,
      });
    } catch (error) {
      if (error instanceof StripeRequestError && error.status === 400 && isAlreadyCanceled(error.detail)) return;
      throw error;
    }
  }

  async refund(input: { id: string; amount: number; idempotencyKey: string }): Promise<void> {
    const refund = await this.post('/v1/refunds', { payment_intent: input.id, amount: input.amount }, refundSchema, {
      idempotencyKey: `refund:${input.idempotencyKey}`,
    });
    if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
  }

  private async createIntent(
    input: { token: string; amount: number; idempotencyKey: string; description: string },
    captureMethod: 'manual' | 'automatic',
  ): Promise<{ id: string }> {
    const { customer, paymentMethod } = parseToken(input.token);
    const operation = captureMethod === 'manual' ? 'authorize' : 'charge';
    const intent = await this.post(
      '/v1/payment_intents',
      {
        amount: input.amount,
        currency: 'usd',
        customer,
        payment_method: paymentMethod,
        capture_method: captureMethod,
        confirm: true,
        off_session: true,
        payment_method_types: ['card'],
        description: input.description,
      },
      paymentIntentSchema,
      { idempotencyKey: `${operation}:${input.idempotencyKey}` },
    );
    const expected = captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
    // requires_action (the bank wants 3-D Secure) or requires_payment_method: not payable off-session.
    if (intent.status !== expected) throw new PaymentDeclined(`The card was not charged (payment ${intent.status})`);
    return { id: intent.id };
  }

  private async post<T>(
    path: string,
    params: Record<string, StripeFormValue>,
    schema: z.ZodType<T>,
    options: { idempotencyKey?: string; secrets?: string[] } = {},
  ): Promise<T> {
    const result = await this.stripe.post(path, params, schema, options);
    if (result.kind === 'ok') return result.data;
    if (result.kind === 'unavailable') throw new ProviderUnavailable(result.message);
    if (result.status === 402 || result.detail?.type === 'card_error') throw new PaymentDeclined(result.message);
    throw new StripeRequestError(result.message, result.status, result.detail);
  }
}

function isAlreadyCanceled(detail: StripeErrorDetail | undefined): boolean {
  if (detail?.payment_intent) return detail.payment_intent.status === 'canceled';
  return /status of canceled/.test(detail?.message ?? '');
}
