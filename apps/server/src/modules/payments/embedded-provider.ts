import { randomBytes } from 'node:crypto';
import { cardBrand } from '@coride/domain';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { embeddedCards, embeddedOperations, embeddedPayments } from './tables';
import { PaymentDeclined, type CardInput, type PaymentProvider, type TokenizedCard } from './provider';

/** Card numbers the embedded provider refuses at authorisation, like the test cards of real processors. */
const DECLINING_CARDS = new Set(['4000000000000002', '4000000000009995']);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type Outcome = { ok: true; paymentId: string | null } | { ok: false; reason: string };

/**
 * The default processor when no STRIPE_SECRET_KEY is set: it keeps its own books in the database
 * (cards by token, payments with authorised / captured / refunded amounts, and every operation by
 * idempotency key) and enforces what a real processor would: a capture never exceeds the hold, a
 * refund never exceeds what was captured, a repeated call answers what the first one did.
 * It never sees more of a card than a real tokeniser keeps: brand, last four, and whether it is a
 * declining test card.
 */
export class EmbeddedProvider implements PaymentProvider {
  readonly name = 'embedded' as const;

  constructor(
    private readonly db: Database,
    /** Wait this long before answering an authorisation, as a real processor may take seconds (tests, rehearsals). */
    private readonly options: { authorizeDelayMs?: number } = {},
  ) {}

  async tokenize(card: CardInput): Promise<TokenizedCard> {
    const token = newId('card');
    const brand = cardBrand(card.number);
    const lastFour = card.number.slice(-4);
    await this.db.insert(embeddedCards).values({ token, brand, lastFour, declines: DECLINING_CARDS.has(card.number) });
    return { token, brand, lastFour };
  }

  async authorize(input: { token: string; amount: number; idempotencyKey: string }): Promise<{ id: string }> {
    const delay = this.options.authorizeDelayMs ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return this.open('authorize', input, 'authorized');
  }

  charge(input: { token: string; amount: number; idempotencyKey: string }): Promise<{ id: string }> {
    return this.open('charge', input, 'captured');
  }

  async capture({ id, amount, idempotencyKey }: { id: string; amount: number; idempotencyKey: string }): Promise<void> {
    await this.once(idempotencyKey, 'capture', amount, async (tx) => {
      const payment = await this.payment(tx, id);
      if (payment.status !== 'authorized') return { ok: false, reason: `payment is ${payment.status}` };
      if (amount > payment.authorized) return { ok: false, reason: 'capture exceeds the authorised amount' };
      await tx.update(embeddedPayments).set({ status: 'captured', captured: amount }).where(eq(embeddedPayments.id, id));
      return { ok: true, paymentId: id };
    });
  }

  async cancel({ id, idempotencyKey }: { id: string; idempotencyKey: string }): Promise<void> {
    await this.once(idempotencyKey, 'cancel', null, async (tx) => {
      const payment = await this.payment(tx, id);
      if (payment.status === 'captured') return { ok: false, reason: 'a captured payment cannot be cancelled' };
      await tx.update(embeddedPayments).set({ status: 'canceled' }).where(eq(embeddedPayments.id, id));
      return { ok: true, paymentId: id };
    });
  }

  async refund({ id, amount, idempotencyKey }: { id: string; amount: number; idempotencyKey: string }): Promise<void> {
    await this.once(idempotencyKey, 'refund', amount, async (tx) => {
      const payment = await this.payment(tx, id);
      if (payment.status !== 'captured') return { ok: false, reason: 'only a captured payment can be refunded' };
      if (payment.refunded + amount > payment.captured) return { ok: false, reason: 'refund exceeds the captured amount' };
      await tx
        .update(embeddedPayments)
        .set({ refunded: payment.refunded + amount })
        .where(eq(embeddedPayments.id, id));
      return { ok: true, paymentId: id };
    });
  }

  private async open(
    operation: 'authorize' | 'charge',
    { token, amount, idempotencyKey }: { token: string; amount: number; idempotencyKey: string },
    status: 'authorized' | 'captured',
  ) {
    const outcome = await this.once(idempotencyKey, operation, amount, async (tx) => {
      const [card] = await tx.select().from(embeddedCards).where(eq(embeddedCards.token, token));
      if (!card) return { ok: false, reason: 'unknown card token' };
      if (card.declines) return { ok: false, reason: 'declined' };
      const id = newId('pay');
      await tx.insert(embeddedPayments).values({ id, cardToken: token, status, authorized: amount, captured: status === 'captured' ? amount : 0 });
      return { ok: true, paymentId: id };
    });
    return { id: outcome };
  }

  private async payment(tx: Transaction, id: string) {
    const [payment] = await tx.select().from(embeddedPayments).where(eq(embeddedPayments.id, id)).for('update');
    if (!payment) throw new Error(`embedded provider: unknown payment ${id}`);
    return payment;
  }

  /**
   * Runs an operation once per idempotency key and records its answer; a repeat returns the
   * recorded answer. A declined authorisation is a PaymentDeclined; any other refusal is a bug in
   * the caller (capturing twice the hold, refunding a voided payment) and throws plainly.
   */
  private async once(
    key: string,
    operation: (typeof embeddedOperations.$inferInsert)['operation'],
    amount: number | null,
    run: (tx: Transaction) => Promise<Outcome>,
  ): Promise<string> {
    const outcome = await this.db.transaction(async (tx) => {
      // The row lock on the key serialises concurrent repeats of one call.
      const inserted = await tx
        .insert(embeddedOperations)
        .values({ idempotencyKey: key, operation, amount, outcome: 'pending' })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) {
        const [previous] = await tx.select().from(embeddedOperations).where(eq(embeddedOperations.idempotencyKey, key));
        if (!previous || previous.operation !== operation) throw new Error(`embedded provider: key ${key} was used for another operation`);
        return previous.outcome === 'ok' ? ({ ok: true, paymentId: previous.paymentId } as const) : ({ ok: false, reason: previous.outcome } as const);
      }
      const result = await run(tx);
      await tx
        .update(embeddedOperations)
        .set(result.ok ? { outcome: 'ok', paymentId: result.paymentId } : { outcome: result.reason })
        .where(eq(embeddedOperations.idempotencyKey, key));
      return result;
    });
    if (!outcome.ok) {
      if (outcome.reason === 'declined') throw new PaymentDeclined('The card was declined');
      throw new Error(`embedded provider refused ${operation}: ${outcome.reason}`);
    }
    return outcome.paymentId ?? '';
  }
}
