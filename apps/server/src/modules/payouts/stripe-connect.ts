import { z } from 'zod';
import { StripeHttpClient, type StripeClientOptions, type StripeFormValue } from '../../lib/stripe-http';
import { ProviderUnavailable, TransferFailed, type BankAccountInput, type PayoutProvider } from './provider';

export type StripeConnectOptions = StripeClientOptions;

const accountSchema = z.object({ id: z.string() });
const transferSchema = z.object({ id: z.string() });

/**
 * Payouts on Stripe Connect (used when STRIPE_SECRET_KEY is set). Written against Stripe's documented
 * REST API and tested only against a fake `fetch` here (no network): it has never talked to the real
 * service (docs/decisions/024-payouts.md).
 *
 * - `createDestination` creates a Custom connected account for the payee (individual, US, transfers
 *   capability) with the bank account as its external account; the token is the account id
 *   (`acct_…`). Stripe keeps the account number; the marketplace keeps the token and last four.
 *   Identity verification (KYC) and the terms of service acceptance a live Custom account needs are
 *   not collected here: a live deployment has to add Stripe's onboarding before the first transfer.
 * - `transfer` moves the amount from the platform's balance to the connected account
 *   (`POST /v1/transfers`, `Idempotency-Key: payout:<key>`); Stripe's payout schedule of that account
 *   then sends it to the bank.
 * - Errors: no answer, a timeout, 5xx, 429 or 409 -> ProviderUnavailable (retry with the same key);
 *   any other refusal -> TransferFailed with Stripe's message (the money returns to the balance).
 *   The secret key and the account number are cut out of any message.
 */
export class StripeConnectProvider implements PayoutProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: StripeHttpClient;

  constructor(options: StripeConnectOptions) {
    this.stripe = new StripeHttpClient(options);
  }

  async createDestination(input: BankAccountInput & { payeeId: string; email: string }): Promise<{ token: string; lastFour: string }> {
    const account = await this.post(
      '/v1/accounts',
      {
        type: 'custom',
        country: 'US',
        email: input.email,
        business_type: 'individual',
        capabilities: { transfers: { requested: 'true' } },
        metadata: { payee_id: input.payeeId },
        external_account: {
          object: 'bank_account',
          country: 'US',
          currency: 'usd',
          account_holder_name: input.accountHolder,
          account_holder_type: 'individual',
          routing_number: input.routingNumber,
          account_number: input.accountNumber,
        },
      },
      accountSchema,
      { secrets: [input.accountNumber], idempotencyKey: undefined },
    );
    return { token: account.id, lastFour: input.accountNumber.slice(-4) };
  }

  async transfer(input: { destination: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }> {
    return this.post(
      '/v1/transfers',
      { amount: input.amount, currency: 'usd', destination: input.destination, description: input.description, transfer_group: input.idempotencyKey },
      transferSchema,
      { secrets: [], idempotencyKey: `payout:${input.idempotencyKey}` },
    );
  }

  private async post<T>(
    path: string,
    params: Record<string, StripeFormValue>,
    schema: z.ZodType<T>,
    options: { secrets: string[]; idempotencyKey: string | undefined },
  ): Promise<T> {
    const result = await this.stripe.post(path, params, schema, options);
    if (result.kind === 'ok') return result.data;
    if (result.kind === 'unavailable') throw new ProviderUnavailable(result.message);
    throw new TransferFailed(result.message);
  }
}
