import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ProviderUnavailable } from '../payments/provider';
import { embeddedPayoutDestinations, embeddedTransfers } from './tables';

export { ProviderUnavailable };

/** A bank account as entered; it goes to the provider and nowhere else (never stored, never logged). */
export type BankAccountInput = { accountHolder: string; routingNumber: string; accountNumber: string };

/** The bank or the provider refused the transfer for good (closed account, …): the money comes back. */
export class TransferFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferFailed';
  }
}

/**
 * What the marketplace needs from a payout provider. `transfer` carries an idempotency key: repeating
 * it with the same key answers what the first call did and never moves money twice. Amounts are
 * integer cents (USD). `transfer` throws TransferFailed for a definitive refusal and
 * ProviderUnavailable when the outcome is unknown (the same call may be repeated).
 */
export interface PayoutProvider {
  readonly name: 'embedded' | 'stripe';
  /** Registers the bank account with the provider; the token is all the marketplace keeps of it. */
  createDestination(input: BankAccountInput & { payeeId: string; email: string }): Promise<{ token: string; lastFour: string }>;
  transfer(input: { destination: string; amount: number; idempotencyKey: string; description: string }): Promise<{ id: string }>;
}

/**
 * Account numbers whose transfers the embedded bank refuses, as Stripe's test bank accounts do
 * (docs/decisions/024-payouts.md): a way to rehearse a failed payout without a real bank.
 */
export const FAILING_TEST_ACCOUNTS: ReadonlyMap<string, string> = new Map([
  ['000111111113', 'The bank account is closed'],
  ['000222222227', 'The bank refused the transfer (insufficient funds on the account)'],
]);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The default payout provider when no STRIPE_SECRET_KEY is set: its own books in the database (bank
 * accounts by token, every transfer by idempotency key), like the embedded card processor. It keeps
 * of an account only what a real provider's token stands for here: the last four digits and whether
 * it is one of the failing test accounts.
 */
export class EmbeddedPayoutProvider implements PayoutProvider {
  readonly name = 'embedded' as const;

  constructor(private readonly db: Database) {}

  async createDestination(input: BankAccountInput): Promise<{ token: string; lastFour: string }> {
    const token = newId('ba');
    const lastFour = input.accountNumber.slice(-4);
    await this.db.insert(embeddedPayoutDestinations).values({ token, lastFour, failure: FAILING_TEST_ACCOUNTS.get(input.accountNumber) ?? null });
    return { token, lastFour };
  }

  async transfer(input: { destination: string; amount: number; idempotencyKey: string }): Promise<{ id: string }> {
    const outcome = await this.db.transaction(async (tx) => {
      const [destination] = await tx.select().from(embeddedPayoutDestinations).where(eq(embeddedPayoutDestinations.token, input.destination));
      if (!destination) throw new TransferFailed('Unknown bank account');
      // The key's row decides: a repeat (even a concurrent one) reads the first call's answer.
      const [row] = await tx
        .insert(embeddedTransfers)
        .values({
          idempotencyKey: input.idempotencyKey,
          destinationToken: destination.token,
          amount: input.amount,
          transferId: destination.failure ? null : newId('tr'),
          failure: destination.failure,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const [previous] = await tx.select().from(embeddedTransfers).where(eq(embeddedTransfers.idempotencyKey, input.idempotencyKey));
      return previous!;
    });
    if (outcome.failure !== null || !outcome.transferId) throw new TransferFailed(outcome.failure ?? 'The transfer failed');
    return { id: outcome.transferId };
  }
}
