import { payees, type Payee, type Split } from '@coride/domain/money';
import { isExpiryInFuture, type EscrowState, type PaymentMethod, type UpdatePaymentMethodRequest } from '@coride/domain/payments';

/** The spec's "last 5 completed rides" in the payment history. */
export const PAYMENT_HISTORY_SIZE = 5;

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'outline';

/**
 * How an escrow state reads on a badge: its translation key under `escrow.` (held money names its
 * release date when there is one) and its colour. `date` is the ISO release date to format.
 */
export function escrowBadge(escrow: EscrowState, releaseAfter: string | null): { key: string; variant: BadgeVariant; date: string | null } {
  switch (escrow) {
    case 'held':
      return releaseAfter ? { key: 'heldUntil', variant: 'secondary', date: releaseAfter } : { key: 'held', variant: 'secondary', date: null };
    case 'released':
      return { key: 'released', variant: 'success', date: null };
    case 'disputed':
      return { key: 'disputed', variant: 'destructive', date: null };
    case 'refunded':
      return { key: 'refunded', variant: 'outline', date: null };
    case 'authorized':
      return { key: 'authorized', variant: 'outline', date: null };
    case 'voided':
      return { key: 'voided', variant: 'outline', date: null };
    case 'failed':
      return { key: 'failed', variant: 'destructive', date: null };
  }
}

export type SplitShare = { payee: Payee; amount: number; share: number };

/**
 * Who gets what of a ride's money, in the domain's payee order, each with its share of the whole
 * (0..1). The whole is the split's own total, which is the paid total once the fare is captured
 * (before the capture, the split the capture will post). Shares are 0 when nothing was paid.
 */
export function splitShares(split: Split): SplitShare[] {
  const total = payees.reduce((sum, payee) => sum + split[payee], 0);
  return payees.map((payee) => ({ payee, amount: split[payee], share: total > 0 ? split[payee] / total : 0 }));
}

/** A card that expired before this month: it stays listed (and can be updated) but cannot pay. */
export function isCardExpired(method: Pick<PaymentMethod, 'expiryDate'>, now: Date = new Date()): boolean {
  return !isExpiryInFuture(method.expiryDate, now);
}

export type EditCardValues = { expiryDate: string; isDefault: boolean };

/**
 * The PATCH body for the Edit dialog: only what changed (an untouched expiry is not re-validated,
 * so an expired card can still be made the default), or null when nothing did.
 */
export function cardChanges(values: EditCardValues, method: Pick<PaymentMethod, 'expiryDate' | 'isDefault'>): Partial<UpdatePaymentMethodRequest> | null {
  const changes: Partial<UpdatePaymentMethodRequest> = {};
  const expiry = values.expiryDate.trim();
  if (expiry !== method.expiryDate) changes.expiryDate = expiry;
  if (values.isDefault && !method.isDefault) changes.isDefault = true;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The server's per-field messages split into those a form shows on its own fields and the rest
 * (shown with the form's error). Keys outside `fields` are the rest.
 */
export function splitServerFields<F extends string>(fields: Record<string, string>, known: readonly F[]): { onFields: [F, string][]; other: string[] } {
  const onFields: [F, string][] = [];
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if ((known as readonly string[]).includes(field)) onFields.push([field as F, message]);
    else other.push(message);
  }
  return { onFields, other };
}
