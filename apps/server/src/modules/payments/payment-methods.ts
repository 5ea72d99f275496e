import { formatExpiry, parseExpiry, type AddPaymentMethodRequest, type CardBrand, type PaymentMethod, type UpdatePaymentMethodRequest } from '@coride/domain';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import { PaymentDeclined, type PaymentProvider } from './provider';
import * as repo from './repository';
import type { MethodRow } from './repository';

const toMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand as CardBrand,
  lastFour: row.lastFour,
  expiryDate: formatExpiry(row.expMonth, row.expYear),
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** A rider's saved cards: list, add (tokenized by the provider), update, remove; and the card a ride is charged to. */
export function createPaymentMethods(deps: { db: Database; provider: PaymentProvider; now: () => Date }) {
  const { db, provider, now } = deps;

  async function ownMethod(userId: string, id: string): Promise<MethodRow> {
    const row = await repo.findOwnMethod(db, userId, id);
    if (!row) throw notFound('Payment method');
    return row;
  }

  /** The card a ride is charged to: the rider's default (or newest) card; 422 with a clear message when there is none. */
  async function chargeableMethod(riderId: string): Promise<MethodRow> {
    const methods = await repo.methodsOf(db, riderId);
    const method = methods.find((m) => m.isDefault) ?? methods[0];
    if (!method) {
      throw new AppError('PAYMENT_METHOD_REQUIRED', 'Add a payment method before booking a ride.', { paymentMethod: 'Add a card in Payments to book' });
    }
    return method;
  }

  return {
    chargeableMethod,

    async listMethods(user: AuthenticatedUser): Promise<PaymentMethod[]> {
      return (await repo.methodsOf(db, user.id)).map(toMethod);
    },

    async addMethod(user: AuthenticatedUser, request: AddPaymentMethodRequest): Promise<PaymentMethod> {
      const expiry = parseExpiry(request.expiryDate)!;
      const existing = await repo.methodsOf(db, user.id);
      if (existing.length >= 10) throw new AppError('BUSINESS_RULE', 'You can keep up to 10 payment methods');
      let card;
      try {
        card = await provider.tokenize({ number: request.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: request.cvc });
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new AppError('VALIDATION_FAILED', 'This card was refused', { cardNumber: error.message });
        throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; the card was not saved. Try again in a moment.');
      }
      const isDefault = request.isDefault === true || existing.length === 0;
      return db.transaction(async (tx) => {
        if (isDefault) await repo.clearDefaultMethod(tx, user.id);
        const row = await repo.insertMethod(tx, {
          userId: user.id,
          provider: provider.name,
          providerToken: card.token,
          brand: card.brand,
          lastFour: card.lastFour,
          expMonth: expiry.month,
          expYear: expiry.year,
          isDefault,
          createdAt: now(),
        });
        return toMethod(row);
      });
    },

    async updateMethod(user: AuthenticatedUser, id: string, request: UpdatePaymentMethodRequest): Promise<PaymentMethod> {
      await ownMethod(user.id, id);
      await db.transaction(async (tx) => {
        if (request.expiryDate) await repo.setMethodExpiry(tx, id, parseExpiry(request.expiryDate)!);
        if (request.isDefault) await repo.setDefaultMethod(tx, user.id, id);
      });
      return toMethod(await ownMethod(user.id, id));
    },

    async removeMethod(user: AuthenticatedUser, id: string): Promise<void> {
      const method = await ownMethod(user.id, id);
      await db.transaction(async (tx) => {
        await repo.markMethodRemoved(tx, id, now());
        if (method.isDefault) {
          const next = await repo.newestOtherMethod(tx, user.id, id);
          if (next) await repo.setDefaultMethod(tx, user.id, next.id);
        }
      });
    },
  };
}
